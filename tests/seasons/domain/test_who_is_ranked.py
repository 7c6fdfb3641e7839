"""A season over evenings where a regular entered by "start the next evening" stays home (not
checked in, never seated, not withdrawn): he is ranked at none of them, so he pushes nobody's
place down and counts as a player beaten by nobody (docs/SEASONS.md, "What counts")."""

import datetime

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from results.domain.standings import standings
from seasons.domain.seasons import add_evening, create_season, new_evening, season_regulars
from seasons.domain.standings import season_table
from seating.domain.seating import seat_series
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tests.scoring.domain.conftest import normal, play
from tournaments.domain.entries import enter_players
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

FIRST = datetime.date(2026, 1, 7)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def five_table_evening(season, players, number):
    """An evening of the season where the five players sit at one table and play two deals
    (each dealer sits one out, so everyone plays)."""
    tournament, _ = tournament_with_players(
        0, name=f"Abend {number}", date=FIRST + datetime.timedelta(weeks=number)
    )
    entries = enter_players(tournament, players, by=ORGA)
    publish(tournament)
    add_evening(season, tournament, by=ORGA)
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    for _deal in range(2):
        play(table, lambda upcoming: normal(upcoming.players))
    return tournament


def next_evening_without(season, absent):
    """ "Start the next evening": the regulars entered; all but ``absent`` come and sit down at
    one table, where seats 1 and 3 win a deal (+1) and seats 2 and 4 lose it (-1)."""
    tournament = new_evening(season, by=ORGA)
    publish(tournament)
    came = list(tournament.entries.exclude(player=absent).order_by("start_number"))
    (table,) = seat_series(tournament.series.get(number=1), [came], by=ORGA)
    play(table, lambda upcoming: normal([1, 3], re_points=131))
    return tournament, came


@pytest.fixture
def club():
    """A season of five regulars over two evenings at a five-table."""
    season = create_season(by=ORGA, name="Vereinsmeisterschaft", is_public=True)
    season.organisers.add(organiser())
    _tournament, entries = tournament_with_players(5, name="Anmeldung")
    players = [entry.player for entry in entries]
    for number in (1, 2):
        five_table_evening(season, players, number)
    return season, players


def evening_values(season, tournament, player_ids):
    table, _found = season_table(season, public=False)
    row_of = {row.player: row for row in table.rows}
    return [
        next(line.value for line in row_of[player].evenings if line.evening == tournament.pk)
        for player in player_ids
    ]


@pytest.mark.parametrize(
    ("rule", "winners", "losers"),
    [
        # one point per player beaten: the winners beat the two losers (not also the absent),
        # the losers nobody (they were 3rd of 5 and got 1 before)
        ({"scoring": "placement", "placement_table": []}, 2, 0),
        # the placement table: the losers are third, not fourth (13) behind the absent
        ({"preset": "placement"}, 20, 15),
    ],
)
def test_a_regular_who_stayed_home_moves_nobody_down(client, club, rule, winners, losers):
    season, players = club
    season.ranking_rule = rule
    season.save(update_fields=["ranking_rule"])
    absent = players[4]
    tournament, came = next_evening_without(season, absent)
    assert Entry.objects.filter(tournament=tournament, player=absent, withdrawn=False).exists()
    assert {row.start_number for row in standings(tournament)} == {e.start_number for e in came}
    ids = [entry.player_id for entry in came]
    assert evening_values(season, tournament, ids) == [winners, losers, winners, losers]
    table, _found = season_table(season, public=False)
    row_of = {row.player: row for row in table.rows}
    assert row_of[absent.pk].evenings_played == 2  # attendance: the two evenings he came to
    body = client.get(f"/api/v1/seasons/{season.pk}/ranking/").json()
    assert {row["player"]["id"]: row["evenings_played"] for row in body} == {
        **{player.pk: 3 for player in players[:4]},
        absent.pk: 2,
    }


def test_a_regular_who_stays_home_twice_of_three_is_no_regular_any_more(club):
    season, players = club
    absent = players[4]
    next_evening_without(season, absent)  # evenings 1, 2, 3: he was at 1 and 2, still regular
    assert absent in season_regulars(season)
    next_evening_without(season, absent)  # 2, 3, 4: at one only (entered twice, never came)
    assert absent not in season_regulars(season)
    assert set(season_regulars(season)) == set(players[:4])
    draft = new_evening(season, by=ORGA)  # not played yet: none of "the last evenings"
    assert absent not in draft.entries.values_list("player", flat=True)
    assert set(season_regulars(season)) == set(players[:4])


# --- against a re-computation from the docs ---------------------------------------------------


TABLE = (20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # the placement preset's


def values_from_the_docs(season, rule):
    """What each player's evenings are worth, from the evenings' standings as docs/SEASONS.md
    words it: only players who sat down are ranked there; placement points for the place
    (shared places the place's points), or one point per player placed behind; else the
    points."""
    found = {}
    for evening in season.evenings.select_related("tournament"):
        rows = [row for row in standings(evening.tournament) if row.per_series]
        for row in rows:
            if rule.get("scoring") == "placement":
                value = sum(1 for other in rows if other.rank > row.rank)
            elif rule.get("preset") == "placement":
                value = TABLE[row.rank - 1] if row.rank <= len(TABLE) else 0
            else:
                value = row.total
            found.setdefault(row.player_id, {})[evening.tournament_id] = value
    return found


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    evenings=st.lists(
        st.tuples(st.lists(st.booleans(), min_size=8, max_size=8), st.integers(0, 3)),
        min_size=1,
        max_size=3,
    ),
    rule=st.sampled_from(
        [
            {"scoring": "placement", "placement_table": []},
            {"preset": "placement"},
            {"attendance_bonus": 2, "missed": "zero", "best": 2},
        ]
    ),
)
def test_property_the_season_is_that_of_evenings_without_who_never_sat_down(evenings, rule):
    """Eight players entered at each evening; those marked absent never sit down (the others
    sit at one or two tables, playing a deal each). The season, for players beaten, placement
    points and attendance, is exactly the season of evenings where the absent were never
    entered (docs/SEASONS.md)."""
    season = create_season(by=ORGA, name="Saison", ranking_rule=rule)
    _tournament, entries = tournament_with_players(8, name="Anmeldung")
    players = [entry.player for entry in entries]
    absent_entries = []
    for number, (present, seed) in enumerate(evenings, start=1):
        tournament, _ = tournament_with_players(
            0, name=f"Abend {number}", date=FIRST + datetime.timedelta(weeks=number)
        )
        entered = enter_players(tournament, players, by=ORGA)
        add_evening(season, tournament, by=ORGA)
        came = [entry for entry, here in zip(entered, present, strict=True) if here]
        came = came[: len(came) // 4 * 4]  # tables of four
        absent_entries += [entry.pk for entry in entered if entry not in came]
        groups = [came[i : i + 4] for i in range(0, len(came), 4)]
        for index, table in enumerate(
            seat_series(tournament.series.get(number=1), groups, by=ORGA) if groups else []
        ):
            winners = [[1, 2], [1, 3], [2, 4], [3, 4]][(seed + index) % 4]
            play(table, lambda _upcoming, winners=winners: normal(winners, re_points=131))
    with_absent = season_table(season, public=False)[0]
    expected = values_from_the_docs(season, rule)
    for row in with_absent.rows:
        lines = {line.evening: line.value for line in row.evenings if line.played}
        assert lines == expected.get(row.player, {})
        assert row.evenings_played == len(expected.get(row.player, {}))
    Entry.objects.filter(pk__in=absent_entries).delete()
    never_entered = season_table(season, public=False)[0]
    assert with_absent.rows == never_entered.rows
    assert with_absent.evenings == never_entered.evenings
