"""A fixture's results as its teams scored them (``competitions.domain.results``), checked
against a second computation from the stored deals and penalty rows themselves: a roster's
players who played, its substitutes (one on the bench counts nowhere), a penalty, a score as
given, a team with no result, and what spectators see (confirmed deals only, nothing of a
hidden, frozen or private day); and what reading them costs, for one fixture or many."""

from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions.domain.results import fixture_results, shown
from competitions.models import Entrant, Fixture, FixtureTeam
from cups.domain.cups import start_group_round
from cups.domain.state import cup_now
from leagues.domain import reads
from leagues.domain.leagues import add_match_day, create_league, set_lineup
from leagues.domain.tables import division_table
from leagues.models import League
from scoring.domain.adjustments import add_adjustment
from scoring.domain.deals import confirm_deal
from scoring.models import AdjustmentLine, RevisionPoints
from seasons.domain.seasons import create_season
from teams.domain.teams import Roster, create_team
from teams.models import TeamMember
from tests.cups.conftest import DATE, make_cup, play_match
from tests.factories.api import publish
from tests.factories.leagues import league_of_eight
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.teams.conftest import played_tournament
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


def by_hand(fixture, *, public):
    """Each team of the fixture (by entrant id) with its result, from the stored rows: every
    entry's points of the current revisions of its deals (confirmed ones only for spectators
    where the tournament asks for confirmations) and of the penalty rows; a player played who
    has a deal or points. Spectators see nothing of a day whose standings they may not see
    live: organisers see it all."""
    tournament = fixture.evening.tournament
    tournament.refresh_from_db()
    if public and not (
        tournament.status != "draft"
        and tournament.standings_public
        and tournament.frozen_standings is None
    ):
        return None
    points, deals = defaultdict(int), defaultdict(int)
    stored = RevisionPoints.objects.filter(
        revision__deal__table__series__tournament=tournament, revision__deal__voided=False
    ).select_related("revision__deal")
    for row in stored:
        revision = row.revision
        if revision.deal.current_id != revision.pk:
            continue  # corrected since
        if public and tournament.confirmation_required and revision.confirmed_at is None:
            continue
        points[row.entry_id] += row.points
        deals[row.entry_id] += 1
    for line in AdjustmentLine.objects.filter(adjustment__series__tournament=tournament):
        points[line.entry_id] += line.points
    found = {}
    for side in FixtureTeam.objects.filter(fixture=fixture):
        members = TeamMember.objects.filter(team_id=side.team_id).order_by("entry_id")
        playing = [m for m in members if deals[m.entry_id] or points[m.entry_id]]
        totals = tuple(points[m.entry_id] for m in playing)
        found[side.entrant_id] = {
            "played": tuple(m.entry_id for m in playing),
            "substitutes": tuple(m.entry_id for m in playing if m.substitute),
            "totals": totals,
            "score": side.score if side.score is not None else sum(totals),
            "best": max(totals, default=0),
            "has_result": side.score is not None or bool(playing),
        }
    return found


def as_read(fixture, *, public):
    fixture = Fixture.objects.select_related("evening__tournament").get(pk=fixture.pk)
    results = fixture_results([fixture], public=public)
    assert (fixture.pk in results) == shown(fixture, public=public)
    if fixture.pk not in results:
        return None
    return {
        side.entrant: {
            "played": side.played,
            "substitutes": side.substitutes,
            "totals": side.totals,
            "score": side.score,
            "best": side.best,
            "has_result": side.day_result.has_result,
        }
        for side in results[fixture.pk]
    }


@pytest.fixture
def match_day():
    """A league day of a played tournament of eight (totals by start number: 1 and 2 +2, 3 and
    4 -2, 5 and 6 +1, 7 and 8 -1) and six teams: A plays 1 and 3 (3 penalised -2 more), B 2
    and 5 with 6 come in as a substitute, C 4 with a substitute on the bench (entered, never
    sat down), D a score given on paper, E 7 and 8 and a score given beside, F nothing."""
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Staffel", "teams": list("ABCDEF")}]
    )
    tournament, entries = played_tournament()
    teams = {team.name: team.pk for team in Entrant.objects.filter(competition=league)}
    day = add_match_day(
        league, tournament, by=ORGA, number=1, groups=[[teams[name] for name in "ABCDEF"]]
    )
    lineups = {lineup.entrant.name: lineup for lineup in FixtureTeam.objects.filter(fixture=day)}

    def roster(name, *numbers, substitutes=()):
        members = tuple(entries[number - 1].pk for number in numbers)
        return create_team(
            tournament, by=ORGA, name=name, roster=Roster(members=members, substitutes=substitutes)
        )

    bench = add_entry(tournament, name="Ersatz", by=ORGA)
    set_lineup(lineups["A"], by=ORGA, team=roster("A", 1, 3))
    set_lineup(lineups["B"], by=ORGA, team=roster("B", 2, 5, substitutes=(entries[5].pk,)))
    set_lineup(lineups["C"], by=ORGA, team=roster("C", 4, substitutes=(bench.pk,)))
    set_lineup(lineups["D"], by=ORGA, score=5)
    set_lineup(lineups["E"], by=ORGA, team=roster("E", 7, 8), score=-3)
    series = tournament.series.get(number=1)
    add_adjustment(series, kind="unsporting", reason="Handy", lines={entries[2]: -2}, by=ORGA)
    return day, tournament, teams, entries


def confirm_first_deal(tournament):
    """Deals need confirming now; the first deal at table 1 (1 and 2 won it, the list keeper 4
    played Kontra) is confirmed by the other party."""
    update_tournament(tournament, by=ORGA, confirmation_required=True)
    table = tournament.series.get(number=1).tables.get(number=1)
    re = table.seats.get(position=1).entry
    confirm_deal(table, 1, version=1, position=1, pin=re.pin)


def test_a_day_s_results_agree_with_the_stored_deals_for_every_reader(match_day):
    day, tournament, teams, entries = match_day
    numbers = {entry.pk: entry.start_number for entry in entries}
    organisers = as_read(day, public=False)
    assert organisers == by_hand(day, public=False)
    named = {name: organisers[pk] for name, pk in teams.items()}
    # the figures the module's rules give, spelled out once
    assert [numbers[e] for e in named["B"]["played"]] == [2, 5, 6]
    assert [numbers[e] for e in named["B"]["substitutes"]] == [6]
    assert (named["A"]["totals"], named["A"]["score"]) == ((2, -4), -2)  # the penalty counts
    assert (named["C"]["played"], named["C"]["score"]) == ((entries[3].pk,), -2)  # bench: no
    assert (named["D"]["score"], named["D"]["played"], named["D"]["has_result"]) == (5, (), True)
    assert (named["E"]["score"], named["E"]["totals"]) == (-3, (-1, -1))  # given over totals
    assert (named["F"]["score"], named["F"]["has_result"]) == (0, False)

    assert as_read(day, public=True) is None  # a draft: spectators see nothing of it
    publish(tournament)
    assert as_read(day, public=True) == by_hand(day, public=True) == organisers
    confirm_first_deal(tournament)
    spectators = as_read(day, public=True)
    assert spectators == by_hand(day, public=True)
    assert spectators[teams["B"]]["totals"] == (1,)  # only 2's confirmed deal: 5, 6 none yet
    assert spectators[teams["A"]]["totals"] == (1, -3)  # 3's penalty stands without a deal
    assert as_read(day, public=False) == organisers  # the organisers still see every deal

    update_tournament(tournament, by=ORGA, standings_frozen=True)
    assert as_read(day, public=True) is None is by_hand(day, public=True)
    assert as_read(day, public=False) == organisers
    update_tournament(tournament, by=ORGA, standings_frozen=False, standings_public=False)
    assert as_read(day, public=True) is None is by_hand(day, public=True)
    update_tournament(tournament, by=ORGA, standings_public=True)
    assert as_read(day, public=True) == spectators


def test_a_day_without_results_counts_nowhere(match_day):
    day, _tournament, teams, _entries = match_day
    league = day.competition
    later, _entries = tournament_with_players(8, name="Spieltag 2")
    second = add_match_day(
        league, later, by=ORGA, number=2, groups=[[teams[name] for name in "ABCDEF"]]
    )
    results = as_read(second, public=False)
    assert results == by_hand(second, public=False)
    assert {(found["score"], found["has_result"]) for found in results.values()} == {(0, False)}
    assert division_table(league.groups.get()).days == (day.pk,)


def test_a_cup_round_reads_the_same_way(cup):
    (first, second) = start_group_round(cup, by=ORGA, number=1, date=DATE)
    play_match(first, {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0})
    for public in (False, True):
        assert as_read(first, public=public) == by_hand(first, public=public)
    assert as_read(second, public=True) is None  # not opened to spectators yet
    unplayed = as_read(second, public=False)
    assert unplayed == by_hand(second, public=False)
    assert {(found["score"], found["has_result"]) for found in unplayed.values()} == {(0, False)}
    scores = sorted(found["score"] for found in as_read(first, public=False).values())
    assert scores == [-4, -2, 2, 4]
    now = cup_now(cup)
    assert {side.entrant: side.score for side in now.sides[first.pk]} == {
        pk: found["score"] for pk, found in as_read(first, public=False).items()
    }


@pytest.fixture
def cup():
    return make_cup()


def queries(work):
    with CaptureQueriesContext(connection) as captured:
        work()
    return len(captured)


# What the reads cost before their fixtures were read here (each day read on its own: line-ups,
# rosters and a tournament's standings per day, read twice for a day's page), for one match day
# and for three; a cup of two group rounds. Now none grows with the number of days.
BEFORE = {
    1: {"table": 12, "tables": 15, "day": 24, "days": 24},
    3: {"table": 30, "tables": 33, "day": 24, "days": 64},
}
CUP_BEFORE = 22


AFTER = {"results": 7, "table": 9, "tables": 12, "day": 12, "days": 12}


@pytest.mark.parametrize("days", [1, 3])
@pytest.mark.parametrize("public", [False, True])
def test_reading_the_results_costs_no_more_with_more_days(days, public):
    season, _tables = league_of_eight(days)
    league = League.objects.get(season=season)
    division = league.groups.get()
    fixtures = list(reads._days(league))
    costs = {
        "results": queries(lambda: fixture_results(fixtures, public=public)),
        "table": queries(lambda: division_table(division, public=public)),
        "tables": queries(lambda: reads.league_tables(league, final_only=False, public=public)),
        "day": queries(lambda: reads._build(season, "day:1", public=public)),
        "days": queries(lambda: reads._build(season, "days", public=public)),
    }
    assert all(costs[view] <= before for view, before in BEFORE[days].items()), costs
    assert costs == AFTER


@pytest.mark.parametrize("public", [False, True])
def test_the_cup_reads_its_rounds_at_once(cup, public):
    matches = start_group_round(cup, by=ORGA, number=1, date=DATE)
    play_match(matches[0], {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0})
    play_match(matches[1], {"Zehnen": 3, "Neunen": 0, "Füchse": 0, "Karlchen": 1})
    cost = queries(lambda: cup_now(cup, public=public))
    assert cost <= CUP_BEFORE
    assert cost == 13
