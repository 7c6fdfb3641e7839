"""The desk's forms answer bad input with 400 and a message, never 500, and change nothing:
numbers that are none (or far too large) and entry lists that are no lists."""

import io

import pytest
from django.utils import translation

from karlchen.messages import problem_message
from karlchen.refusals import Problem
from scoring.models import Adjustment
from tests.factories.files import LIST_ROWS, sheet, with_sheet
from tournaments.domain.entry_files import MAX_SHEET_ROWS, MAX_UNPACKED_BYTES
from tournaments.models import Job

pytestmark = pytest.mark.django_db

HUGE = "9" * 25


@pytest.mark.parametrize(
    ("data", "field", "bounds"),
    [
        ({"kind": "score_sheets", "series": "abc"}, "Serie", ("1", "1000")),
        ({"kind": "seating_list", "series": "\u00b2"}, "Serie", ("1", "1000")),
        ({"kind": "score_sheets", "series": HUGE}, "Serie", ("1", "1000")),
        ({"kind": "score_sheets", "series": "1_0"}, "Serie", ("1", "1000")),
        ({"kind": "certificates", "top": "\u00b3"}, "Urkunden", ("1", "100")),
        ({"kind": "certificates", "top": HUGE}, "Urkunden", ("1", "100")),
        ({"kind": "certificates", "top": "-3"}, "Urkunden", ("1", "100")),
    ],
)
def test_a_print_request_with_a_bad_number_is_answered_400_and_starts_no_job(
    seated, desk, data, field, bounds
):
    tournament, _ = seated
    response = desk.post(f"/desk/{tournament.pk}/print/", data)
    assert response.status_code == 400
    message = response.context["message"]
    assert field in message
    assert all(bound in message for bound in bounds)
    assert not Job.objects.exists()


def test_a_good_print_request_still_starts_its_job(seated, desk):
    tournament, _ = seated
    response = desk.post(f"/desk/{tournament.pk}/print/", {"kind": "seating_list", "series": "1"})
    assert response.status_code == 302
    assert Job.objects.get().params["series"] == 1


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "minor", "offender": "1", "deal": "\u00b2", "reason": "x"},
        {"kind": "minor", "offender": "1", "deal": HUGE, "reason": "x"},
        {"kind": "unsporting", "offender": "1", "points": "x", "reason": "x"},
        {"kind": "unsporting", "offender": "1", "points": HUGE, "reason": "x"},
        {"kind": "serious", "points_1": HUGE, "points_2": "-" + HUGE, "reason": "x"},
        {"kind": "serious", "points_1": "\uff11\uff12", "points_2": "-12", "reason": "x"},
        {"kind": "serious", "points_1": "4", "points_2": "-4", "points_3": "x", "reason": "x"},
    ],
    ids=["deal ²", "deal huge", "points x", "points huge", "huge", "full-width", "one bad"],
)
def test_a_penalty_row_with_a_bad_number_is_answered_400_and_adds_nothing(seated, desk, data):
    tournament, tables = seated
    response = desk.post(f"/desk/{tournament.pk}/tables/{tables[1].pk}/penalty/", data)
    assert response.status_code == 400
    assert "999" in response.context["message"]
    assert not Adjustment.objects.exists()
    assert not tournament.actions.filter(action="penalty_added").exists()


def test_a_penalty_row_with_good_numbers_is_still_added(seated, desk):
    tournament, tables = seated
    data = {"kind": "serious", "points_1": " 4", "points_2": "-4", "points_3": "0", "reason": "x"}
    response = desk.post(f"/desk/{tournament.pk}/tables/{tables[0].pk}/penalty/", data)
    assert response.status_code == 302
    lines = Adjustment.objects.get().lines.order_by("points")
    assert [line.points for line in lines] == [-4, 4]


@pytest.mark.parametrize("value", ["\u00b2", "abc", HUGE, "-1"])
def test_removing_an_organiser_by_a_bad_number_is_answered_400(seated, desk, orga, value):
    tournament, _ = seated
    response = desk.post(f"/desk/{tournament.pk}/organisers/", {"remove": value})
    assert response.status_code == 400
    assert list(tournament.organisers.all()) == [orga]


def test_the_400_page_leads_back_to_the_page_posted_from_only_within_the_site(seated, desk):
    tournament, _ = seated
    url = f"/desk/{tournament.pk}/print/"
    data = {"kind": "score_sheets", "series": "x"}
    series_page = f"http://testserver/desk/{tournament.pk}/series/1/"
    assert desk.post(url, data, HTTP_REFERER=series_page).context["back"] == series_page
    elsewhere = desk.post(url, data, HTTP_REFERER="https://evil.example/").context["back"]
    assert elsewhere == f"/desk/{tournament.pk}/"


# --- entry lists that are no lists -------------------------------------------------------------


def upload(desk, tournament, name: str, content: bytes):
    file = io.BytesIO(content)
    file.name = name
    return desk.post(f"/desk/{tournament.pk}/entries/upload/", {"file": file})


def expected(code: str, **params) -> list[str]:
    with translation.override("de"):
        return [problem_message(Problem(code, "file", params))]


@pytest.mark.parametrize(
    ("name", "content", "code", "params"),
    [
        ("liste.csv", b"name\nAn\x00na\n", "entry_file_unreadable", {}),
        ("liste.csv", b"name\nJ\x81rgen\n", "entry_file_encoding", {}),
        ("liste.csv", b"name\n" + b"a" * 140_000 + b"\n", "entry_file_line_too_long", {"line": 2}),
        ("liste.xlsx", with_sheet(b"<worksheet><sheetData><row"), "entry_file_unreadable", {}),
        ("liste.xlsx", sheet(LIST_ROWS, b'<dimension ref="A1:A6000000"/>'), "sheet", {}),
    ],
    ids=["nul", "encoding", "long field", "broken sheet xml", "stated six million rows"],
)
def test_a_hostile_entry_file_is_refused_at_the_file_field_and_enters_nothing(
    seated, desk, name, content, code, params
):
    tournament, _ = seated
    response = upload(desk, tournament, name, content)
    assert response.status_code == 400
    if code == "sheet":
        code, params = "entry_file_sheet_too_long", {"max": MAX_SHEET_ROWS}
    if code == "entry_file_line_too_long":
        params["max"] = 1_000
    assert response.context["file_form"].errors["file"] == expected(code, **params)
    assert tournament.entries.count() == 9
    assert not desk.session.get(f"desk-upload-{tournament.pk}")


def test_six_million_empty_rows_take_no_worker_for_long(seated, desk):
    tournament, _ = seated
    content = sheet(LIST_ROWS + b"<row/>" * 6_000_000, b'<dimension ref="A1:A6000000"/>')
    response = upload(desk, tournament, "liste.xlsx", content)  # bench/hostile_files.py: times
    assert response.status_code == 400
    assert response.context["file_form"].errors["file"] == expected(
        "entry_file_unpacked_too_large", max=MAX_UNPACKED_BYTES // 10**6
    )


def test_a_list_with_other_digits_and_control_characters_is_previewed_without_import(seated, desk):
    tournament, _ = seated
    response = upload(desk, tournament, "l.csv", "name,start_number\nA\x07b,\u00b2\n".encode())
    assert response.status_code == 200
    assert response.context["good"] is False
    assert 'name="confirm"' not in response.content.decode()
    assert tournament.entries.count() == 9
