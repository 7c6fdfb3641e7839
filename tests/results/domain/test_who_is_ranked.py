"""Who is ranked (RULES.md §14.1, ``results.domain.standings.took_part``): the entries that sat
down at a table, or were given points by a penalty row; the same in every ranking built on the
standings. The club case: a regular entered by "start the next evening" who never came (not
checked in, never seated, not withdrawn)."""

import json

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karlchen.actors import Actor
from karlchen.refusals import Refused
from printing.domain.printouts import standings_document
from results.domain.archive import export_archive, import_archive
from results.domain.exports import results_csv
from results.domain.ranking_cache import organiser_ranking, public_ranking
from results.domain.ranking_export import ranking_csv
from results.domain.standings import ranking_order, standings
from scoring.domain.adjustments import add_adjustment
from scoring.enums import AdjustmentKind
from seating.domain.seating import seat_series
from signups.domain.categories import category_rankings
from signups.domain.money import prize_list
from teams.domain.rankings import side_rankings
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tests.scoring.domain.conftest import normal, play
from tournaments.domain.entries import withdraw
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def evening(players=9, seated=8):
    """``players`` entered, the first ``seated`` at tables of four, the rest never came.
    Table 1: seats 1 and 2 win a normal deal (+1, the others -1); table 2: Kontra beats seats 1
    and 2 (-2, seats 3 and 4 +2). Totals by start number: 1, 2 +1; 3, 4 -1; 5, 6 -2; 7, 8 +2."""
    tournament, entries = tournament_with_players(players, tie_breaks=["series_won"])
    publish(tournament)
    first, second = seat_series(
        tournament.series.get(number=1), [entries[:4], entries[4:seated]], by=ORGA
    )
    play(first, lambda upcoming: normal([1, 2], re_points=131))
    play(second, lambda upcoming: normal([1, 2], re_points=100))
    return tournament, entries


def ranks(rows):
    return {row.start_number: row.rank for row in rows}


def test_a_regular_who_never_came_is_ranked_nowhere():
    """He stood fifth of nine with 0 points, pushing 3, 4, 5 and 6 down a place."""
    tournament, entries = evening()
    assert ranks(standings(tournament)) == {7: 1, 8: 1, 1: 3, 2: 3, 3: 5, 4: 5, 5: 7, 6: 7}
    assert [row["start_number"] for row in organiser_ranking(tournament).rows] == [
        7, 8, 1, 2, 3, 4, 5, 6,
    ]  # fmt: skip
    public = public_ranking(tournament.pk).rows
    assert "Spieler 9" not in {row["player"]["name"] for row in public}
    assert ranking_order(tournament) == tuple(e.pk for e in entries[6:8] + entries[:6])
    printed = standings_document(tournament)
    assert [line.standing.start_number for line in printed.lines] == [7, 8, 1, 2, 3, 4, 5, 6]
    assert 9 not in {prize.start_number for prize in prize_list(tournament).prizes}
    csv = results_csv(tournament).decode()
    assert "Spieler 8" in csv
    assert "Spieler 9" not in csv
    assert "Spieler 9" not in ranking_csv(tournament).decode()


def test_the_spectators_pages_and_the_api_leave_him_out(anonymous, orga_client):
    tournament, entries = evening()
    absent = entries[8]
    for client in (anonymous, orga_client):
        rows = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
        assert len(rows) == 8
        assert absent.pk not in {row["entry"] for row in rows}
    page = Client().get(f"/t/{tournament.pk}/").content.decode()
    assert "Spieler 8" in page
    assert "Spieler 9" not in page
    assert Client().get(f"/t/{tournament.pk}/players/{absent.pk}/").status_code == 404
    assert "Spieler 9" not in Client().get(f"/t/{tournament.pk}/beamer/").content.decode()
    assert "Spieler 9" not in Client().get(f"/t/{tournament.pk}/widget/").content.decode()


def test_before_any_series_is_seated_nobody_is_ranked_and_the_pages_say_so(anonymous):
    tournament, _entries = tournament_with_players(8)
    publish(tournament)
    assert standings(tournament) == []
    assert anonymous.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json() == []
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    empty = "No ranking yet: it begins once the first series is seated."
    for page in ("", "beamer/", "widget/"):
        text = english.get(f"/t/{tournament.pk}/{page}").content.decode()
        assert empty in text
        assert "Spieler 1" not in text
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/t/{tournament.pk}/").content.decode()
    assert "Noch keine Rangliste: Sie beginnt, sobald die erste Serie gesetzt ist." in german
    seated, _ = evening()
    assert 'id="ranking-empty" hidden' in english.get(f"/t/{seated.pk}/").content.decode()


def test_a_withdrawal_keeps_a_player_who_sat_down_ranked_and_one_who_did_not_out():
    tournament, entries = evening(players=10)
    withdraw(entries[0], by=ORGA)  # played, then went home
    withdraw(entries[9], by=ORGA)  # never came, and said so
    rows = {row.start_number: row for row in standings(tournament)}
    assert (rows[1].rank, rows[1].total, rows[1].withdrawn) == (3, 1, True)
    assert 10 not in rows
    assert 9 not in rows


def test_a_penalty_row_ranks_the_player_it_names_with_its_points():
    """A penalty's points are part of the standings: never left out, even of one who has not
    sat down (yet)."""
    tournament, entries = evening()
    series = tournament.series.get(number=1)
    add_adjustment(
        series, kind=AdjustmentKind.UNSPORTING, lines={entries[8]: -3}, reason="r", by=ORGA
    )
    rows = {row.start_number: row for row in standings(tournament)}
    assert (rows[9].rank, rows[9].total) == (9, -3)


def test_a_series_ranking_lists_who_sat_down_in_that_series():
    tournament, entries = evening(players=12, seated=8)
    seat_series(tournament.series.get(number=2), [entries[4:8], entries[8:12]], by=ORGA)
    second = {row.start_number for row in standings(tournament, series=2)}
    assert second == set(range(5, 13))  # 1-4 have not sat down in series 2 (yet)
    overall = {row.start_number for row in standings(tournament)}
    assert overall == set(range(1, 13))  # 9-12 sat down in series 2: ranked with 0


def test_a_freeze_keeps_only_who_took_part():
    tournament, _entries = evening()
    update_tournament(tournament, by=ORGA, standings_frozen=True)
    tournament.refresh_from_db()
    frozen = tournament.frozen_standings
    assert [row["start_number"] for row in frozen["overall"]] == [7, 8, 1, 2, 3, 4, 5, 6]
    assert [row["rank"] for row in frozen["overall"]] == [1, 1, 3, 3, 5, 5, 7, 7]


def test_the_side_and_category_rankings_leave_him_out():
    tournament, entries = evening()
    create_team(
        tournament, by=ORGA, name="Asse", roster=Roster(members=(entries[0].pk, entries[8].pk))
    )
    sides = side_rankings(tournament)
    (team,) = sides["teams"]
    assert [(m["start_number"], m["played"], m["points"]) for m in team["members"]] == [
        (1, True, 1),
        (9, False, 0),  # in the roster, with nothing
    ]
    # the club of players 3, 6 and 9 (Karo Sieben): 9's 0 counts nowhere
    karo = next(club for club in sides["clubs"] if club["name"] == "Karo Sieben")
    assert [m["start_number"] for m in karo["members"]] == [3, 6]
    from signups.models import EntryCategory

    EntryCategory.objects.bulk_create(
        EntryCategory(entry=entry, category="Damen") for entry in (entries[2], entries[8])
    )
    (damen,) = category_rankings(tournament)["categories"]
    assert [(row["start_number"], row["rank"]) for row in damen["rows"]] == [(3, 1)]


def test_the_archive_ranks_as_the_tournament_and_an_older_one_is_read_again():
    tournament, _entries = evening()
    archive = json.loads(json.dumps(export_archive(tournament)))
    assert [row["start_number"] for row in archive["standings"]] == [7, 8, 1, 2, 3, 4, 5, 6]
    copy = import_archive(archive, by=Actor.of_user(organiser("zweite")))
    assert ranks(standings(copy)) == ranks(standings(tournament))
    # made when every entry was ranked: 9 listed fifth with 0, the others' ranks after him
    older = json.loads(json.dumps(archive))
    older["standings"] = [
        {"start_number": 7, "rank": 1, "total": 2},
        {"start_number": 8, "rank": 1, "total": 2},
        {"start_number": 1, "rank": 3, "total": 1},
        {"start_number": 2, "rank": 3, "total": 1},
        {"start_number": 9, "rank": 5, "total": 0},
        {"start_number": 3, "rank": 6, "total": -1},
        {"start_number": 4, "rank": 6, "total": -1},
        {"start_number": 5, "rank": 8, "total": -2},
        {"start_number": 6, "rank": 8, "total": -2},
    ]
    again = import_archive(older, by=Actor.of_user(organiser("dritte")))
    assert ranks(standings(again)) == ranks(standings(tournament))
    older["standings"][4]["total"] = 3  # points for one who never sat down: not this tournament
    with pytest.raises(Refused) as refusal:
        import_archive(older, by=Actor.of_user(organiser("vierte")))
    assert [(p.code, p.field) for p in refusal.value.problems] == [
        ("archive_standings_differ", "standings.4")
    ]


# --- against a re-computation from the docs ---------------------------------------------------

plans = st.fixed_dictionaries(
    {
        "players": st.integers(4, 11),
        "first": st.integers(0, 2),  # tables of four seated in series 1
        "second": st.integers(0, 2),  # and in series 2
        "deals": st.lists(
            st.tuples(st.integers(0, 3), st.sampled_from([150, 131, 120, 100, 89, 60])),
            max_size=4,
        ),
        "penalised": st.lists(st.integers(0, 10), max_size=2),
        "withdrawn": st.lists(st.integers(0, 10), max_size=3),
        "shuffle": st.randoms(use_true_random=False),
    }
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(plan=plans)
def test_property_the_ranking_is_the_one_of_the_players_who_took_part(plan):
    """From the docs: ranked are the entries seated at a table of a series or named by a
    penalty row, withdrawn or not; each total is the sum of their deals' and penalties' points;
    and the ranking is exactly the one of a tournament where the others were never entered."""
    count = plan["players"]
    tournament, entries = tournament_with_players(count, tie_breaks=["series_won", "deals_played"])
    seated = set()
    tables = []
    for number, key in ((1, "first"), (2, "second")):
        chosen = plan["shuffle"].sample(entries, min(count // 4, plan[key]) * 4)
        groups = [chosen[i : i + 4] for i in range(0, len(chosen), 4)]
        if groups:
            tables += seat_series(tournament.series.get(number=number), groups, by=ORGA)
            seated |= {entry.pk for entry in chosen}
    for which, re_points in plan["deals"]:
        if tables:
            body = normal([1, 3], re_points=re_points)
            play(tables[which % len(tables)], lambda _upcoming, body=body: body)
    penalised = {entries[i % count].pk for i in plan["penalised"]}
    for pk in penalised:
        add_adjustment(
            tournament.series.get(number=1),
            kind=AdjustmentKind.UNSPORTING,
            lines={Entry.objects.get(pk=pk): -2},
            reason="r",
            by=ORGA,
        )
    for index in plan["withdrawn"]:
        entry = Entry.objects.get(pk=entries[index % count].pk)
        if not entry.withdrawn:
            withdraw(entry, by=ORGA)
    rows = standings(tournament)
    assert {row.entry_id for row in rows} == seated | penalised
    expected = dict.fromkeys(seated | penalised, 0)
    for table in tables:
        positions = {seat.position: seat.entry_id for seat in table.seats.all()}
        for deal in table.deals.select_related("current"):
            for position, points in deal.current.result["points"].items():
                expected[positions[int(position)]] += points
    for pk in penalised:
        expected[pk] -= 2
    assert {row.entry_id: row.total for row in rows} == expected
    figures = [(row.entry_id, row.rank, row.total, row.series_won) for row in rows]
    Entry.objects.filter(tournament=tournament).exclude(pk__in=seated | penalised).delete()
    never_entered = standings(tournament)
    assert [(row.entry_id, row.rank, row.total, row.series_won) for row in never_entered] == figures
