"""A league on paper: the league table and a match day's report, as PDF text; the season
documents job that makes them, and its refusals."""

import pytest
from django.core.cache import cache
from django.utils import translation

from competitions.models import Fixture
from karlchen.refusals import Refused
from leagues.domain.leagues import set_day_final
from printing.domain.jobs import run_season_documents_job, start_season_documents_job
from printing.domain.league_printouts import league_table_pdf, match_day_pdf
from printing.domain.season_printouts import check_season_documents
from seasons.domain.seasons import create_season
from tests.factories.documents import pdf_lines
from tests.factories.leagues import close_day, committed, league_of_eight  # noqa: F401
from tests.factories.tournaments import ORGA

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


@pytest.fixture(autouse=True)
def _english():
    cache.clear()
    with translation.override("en"):
        yield


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def test_the_league_table_pdf_lists_each_team_with_its_points_and_marks():
    season, _tables = league_of_eight(2, promoted=1, relegated=2)
    page, final_only = pdf_lines(league_table_pdf(season).pdf)
    assert final_only[0] == "The table of the final match days only: Bezirksliga"
    text = " ".join(page)
    assert page[0] == "Liga 2026"
    assert "League table: Bezirksliga (provisional; not final yet: match day 1, 2)" in text
    rows = [line for line in page if line[:2] in {"1.", "3.", "5.", "7."}]
    # both groups play alike: Asse and Pikse win theirs on both days (4 + 4 ranking points,
    # +4 game points a day) and share the one promotion place; Buben and Zehnen are last
    assert rows[:2] == [
        "1. Asse 8 8 2 2 promotion: tied, the organiser decides",
        "1. Pikse 8 8 2 2 promotion: tied, the organiser decides",
    ]
    assert rows[2:6] == [
        "3. Damen 6 4 0 2",
        "3. Herzen 6 4 0 2",
        "5. Füchse 4 -4 0 2",
        "5. Könige 4 -4 0 2",
    ]
    assert rows[6:] == ["7. Buben 2 -8 0 2 relegation", "7. Zehnen 2 -8 0 2 relegation"]
    assert "2 2026-02-15 Spieltag 2 provisional" in page
    assert "The best team is marked for promotion" in text  # not "The best 1 are"
    assert "Ordered by ranking points, game points, day wins, head to head" in text


def test_the_final_table_is_printed_only_while_the_table_is_provisional():
    season, _tables = league_of_eight(1)
    pages = pdf_lines(league_table_pdf(season).pdf)
    assert len(pages) == 2
    assert pages[1][0] == "The table of the final match days only: Bezirksliga"
    day = Fixture.objects.select_related("evening__tournament").get(number=1)
    close_day(day.evening.tournament)
    set_day_final(day, by=ORGA)
    (page,) = pdf_lines(league_table_pdf(season).pdf)
    assert "League table: Bezirksliga" in page
    assert "1 2026-02-08 Spieltag 1 final" in page


def test_the_match_day_report_shows_groups_scores_points_and_who_played():
    season, _tables = league_of_eight(1)
    (page,) = pdf_lines(match_day_pdf(season, 1).pdf)
    assert page[0] == "Liga 2026: Match day 1"
    assert "The results are provisional" in page[1]
    assert "Group 1 (Bezirksliga)" in page
    assert "1. Asse 4 4 Spieler 1, Spieler 2" in page
    assert "4. Buben -4 1 Spieler 3, Spieler 4 (substitute)" in page


def test_a_league_document_job_and_its_refusals(media_root):
    season, _tables = league_of_eight(1)
    job = start_season_documents_job(
        season, by=ORGA, request={"kind": "league_day", "day": 1}, language="en"
    )
    assert job.params == {"kind": "league_day", "player": None, "day": 1, "language": "en"}
    done = run_season_documents_job(job.pk)
    assert done.result["files"][0]["name"] == "match-day-1.pdf"
    with pytest.raises(Refused) as refusal:
        check_season_documents(season, {"kind": "league_day", "day": 9})
    assert codes(refusal) == {("league_day_unknown", "day")}
    with pytest.raises(Refused) as refusal:
        check_season_documents(season, {"kind": "league_table", "day": 1})
    assert codes(refusal) == {("option_not_for_kind", "day")}
    plain = create_season(by=ORGA, name="Keine Liga")
    with pytest.raises(Refused) as refusal:
        check_season_documents(plain, {"kind": "league_table"})
    assert codes(refusal) == {("season_not_a_league", "kind")}


def test_a_match_day_not_played_yet_counts_nowhere_on_paper():
    """Added and not played: the table's list of days and the day's report say so, and nobody
    has a rank (every team of the day's groups stood first with 2.5 points before)."""
    from competitions.models import Entrant
    from leagues.domain.leagues import add_match_day
    from tests.factories.leagues import EIGHT
    from tests.factories.tournaments import tournament_with_players

    season, _tables = league_of_eight(0, promoted=1)
    league = season.competition
    ids = dict(Entrant.objects.filter(competition=league).values_list("name", "pk"))
    tournament, _entries = tournament_with_players(16, name="Spieltag 1")
    groups = [[ids[name] for name in EIGHT[:4]], [ids[name] for name in EIGHT[4:]]]
    add_match_day(league, tournament, by=ORGA, number=1, groups=groups)
    page, *_final = pdf_lines(league_table_pdf(season).pdf)
    assert any(line.endswith("Spieltag 1 not played yet") for line in page)
    assert "– Asse 0 0 0 0" in page  # no rank, no mark, no day played
    (report,) = pdf_lines(match_day_pdf(season, 1).pdf)
    assert "not played yet" in report[1]
    assert "Group 1 (Bezirksliga) · not played yet" in report
    assert "– Asse – – –" in report
