"""The print layer's own parts: grids in layers, and the cycle collector spared during jobs."""

import gc

from printing import pdf


def test_a_grid_splits_into_the_form_and_the_tables_own_cells():
    rows = [["1", "", "+2"], ["2", "", ""], ["3", "7", "-11"]]
    grid = pdf.grid([3, 4, 5], rows, row_height=5.004, heading=["No.", "Deal", "Pts."])
    assert grid.text.split("\n") == ["No Dea Pts.", " 1       +2", " 2", " 3   7  -11"]
    assert grid.form.split("\n") == ["No Dea Pts.", " 1", " 2", " 3"]
    assert grid.fill.split("\n") == ["", "         +2", "", "     7  -11"]
    assert grid.lines == 4
    # the fill's blank first line and first columns become padding, the lines keep their places
    assert grid.fill_text == "    +2\n\n7  -11"
    assert "height:15.00mm;padding:5.00mm 0 0 10.50mm;line-height:5.00mm" in grid.fill_style


def test_a_blank_grid_has_no_fill_but_keeps_its_height():
    grid = pdf.grid([3, 4], [["1", ""], ["2", ""]], row_height=5, heading=["No.", "Pts."])
    assert (grid.fill_text, grid.form) == ("", "No Pts\n 1\n 2")
    assert "height:15.00mm;padding:0.00mm 0 0 0.00mm" in grid.fill_style


def test_signatures_are_all_form():
    grid = pdf.signatures(["Spieler 1", "Spieler 2"], slot=12, height=5)
    assert grid.form == grid.text == "Spieler 1   Spieler 2"
    assert grid.fill == ""


def test_the_objects_there_before_a_job_are_left_out_of_its_collections():
    before = gc.get_freeze_count()
    with pdf.sparing_the_collector():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == 0
