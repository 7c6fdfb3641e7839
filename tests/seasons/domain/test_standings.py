"""A season's standings: from its evenings' standings, cached, turned over by any change."""

import pytest
from django.core.cache import cache

from clubs.models import Association
from scoring.domain.adjustments import add_adjustment
from scoring.domain.deals import correct_deal, record_deal
from seasons.domain.seasons import add_evening, create_season, update_season
from seasons.domain.standings import player_season, season_ranking, season_table
from tests.factories.api import NORMAL
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, ORGA, tournament_with_players
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def scores(body):
    return {row["player"]["name"]: row["score"] for row in body.rows}


def test_the_season_adds_up_the_evenings():
    season, _tables, _players = season_with_evenings(3, deals=2)
    body = season_ranking(season, public=True)
    assert scores(body) == {"Spieler 1": 6, "Spieler 3": 6, "Spieler 2": -6, "Spieler 4": -6}
    first = body.rows[0]
    assert (first["rank"], first["evenings_played"], first["lists_played"]) == (1, 3, 3)
    assert body.rows[1]["rank"] == 1  # tied on every criterion


def test_a_deal_corrected_months_ago_changes_the_season_at_once(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    season, tables, _players = season_with_evenings(3)
    before = season_ranking(season, public=False)
    with django_assert_num_queries(0):  # the body is cached: one cache round trip
        assert season_ranking(season, public=False) == before
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="Zählfehler", by=ORGA)
    after = season_ranking(season, public=False)
    assert after.etag != before.etag
    assert scores(after) == {"Spieler 1": 0, "Spieler 3": 0, "Spieler 2": 0, "Spieler 4": 0}


def test_a_correction_reaches_the_club_season_and_the_associations_list_at_once(
    django_capture_on_commit_callbacks,
):
    season, tables, _players = season_with_evenings(2)
    northern = Association.objects.create(name="Nord")
    ranking_list = create_season(
        by=ORGA, name="Rangliste", association=northern, ranking_rule={"preset": "ddv"}
    )
    for table in tables:
        add_evening(ranking_list, table.series.tournament, by=ORGA, ranking_tournament=True)
    before = season_ranking(season, public=False), season_ranking(ranking_list, public=False)
    assert scores(before[0])["Spieler 1"] == 2  # the club's total over two evenings
    assert scores(before[1])["Spieler 1"] == 1  # the list's average per round
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="Zählfehler", by=ORGA)
    after = season_ranking(season, public=False), season_ranking(ranking_list, public=False)
    assert after[0].etag != before[0].etag
    assert after[1].etag != before[1].etag
    assert scores(after[0])["Spieler 1"] == -1  # −2 + 1
    assert scores(after[1])["Spieler 1"] == -0.5


def test_a_new_evening_and_a_changed_rule_turn_the_season_over(
    django_capture_on_commit_callbacks,
):
    season, _tables, _players = season_with_evenings(2)
    before = season_ranking(season, public=False)
    with django_capture_on_commit_callbacks(execute=True):
        update_season(season, by=ORGA, ranking_rule={"preset": "average"})
    assert season_ranking(season, public=False).etag != before.etag
    assert season_ranking(season, public=False).rows[0]["score"] == 1


def test_evenings_without_a_list_played_do_not_count():
    season, _tables, _players = season_with_evenings(2, ranking_rule={"missed": "zero"})
    tournament, _entries = tournament_with_players(4, name="Noch nicht gespielt")
    add_evening(season, tournament, by=ORGA)
    table, _found = season_table(season, public=False)
    assert tournament.pk not in {evening.id for evening in table.evenings}
    assert len(table.evenings) == 2


def test_spectators_see_public_evenings_and_confirmed_deals_and_hidden_players(
    django_capture_on_commit_callbacks,
):
    season, tables, players = season_with_evenings(2)
    draft = tables[1].series.tournament
    update_tournament(draft, by=ORGA, status="draft")
    first = tables[0].series.tournament
    hide_publicly(first.entries.get(player=players[0]), by=ORGA)
    public = season_ranking(season, public=True).rows
    assert len(public) == 4
    assert sum(row["hidden"] for row in public) == 1
    assert [row["evenings_played"] for row in public] == [1, 1, 1, 1]
    organiser = season_ranking(season, public=False).rows
    assert [row["evenings_played"] for row in organiser] == [2, 2, 2, 2]
    assert not any(row["hidden"] for row in organiser)


def test_a_frozen_evening_shows_spectators_its_frozen_ranking(django_capture_on_commit_callbacks):
    season, tables, _players = season_with_evenings(1)
    tournament = tables[0].series.tournament
    update_tournament(tournament, by=ORGA, standings_frozen=True)
    record_deal(tables[0], deal=NORMAL, by=CAPTAIN)
    assert scores(season_ranking(season, public=True))["Spieler 1"] == 1
    assert scores(season_ranking(season, public=False))["Spieler 1"] == 2


def test_a_players_season_shows_what_counted_and_what_was_dropped():
    season, tables, players = season_with_evenings(3, ranking_rule={"best": 2, "missed": "zero"})
    correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="r", by=ORGA)
    body = player_season(season, players[0].pk, public=True)
    data = body.rows  # a dict here
    assert data["standing"]["score"] == 2
    assert [evening["counted"] for evening in data["evenings"]] == [False, True, True]
    assert [evening["points"] for evening in data["evenings"]] == [-2, 1, 1]  # against the old
    assert data["evenings"][0]["tournament"]["name"] == "Clubabend 1"
    assert player_season(season, 999_999, public=True).rows is None


def test_penalties_are_shown_beside_the_points():
    season, tables, players = season_with_evenings(1)
    series = tables[0].series
    entry = series.tournament.entries.get(player=players[1])
    add_adjustment(series, kind="unsporting", reason="Handy", lines={entry: -2}, by=ORGA)
    data = player_season(season, players[1].pk, public=False).rows
    assert data["evenings"][0]["penalties"] == -2
    assert data["evenings"][0]["points"] == -3


def test_a_cups_qualifiers_are_marked(django_capture_on_commit_callbacks):
    season, _tables, _players = season_with_evenings(1, cup_places=1)
    rows = season_ranking(season, public=True).rows
    # seats 1 and 3 share first place: both qualify
    assert [row["qualified"] for row in rows] == [True, True, False, False]
    with django_capture_on_commit_callbacks(execute=True):
        update_season(season, by=ORGA, cup_places=None)
    assert not any(row["qualified"] for row in season_ranking(season, public=True).rows)


def test_a_change_elsewhere_leaves_the_season_cached(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    season, _tables, _players = season_with_evenings(1)
    before = season_ranking(season, public=True)
    other, _entries = tournament_with_players(4, name="Anderswo")
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(other, by=ORGA, name="Anderswo 2")
    with django_assert_num_queries(0):
        assert season_ranking(season, public=True) == before


def test_players_sharing_a_rank_are_listed_by_name_and_a_hidden_one_first_to_spectators(
    django_capture_on_commit_callbacks,
):
    """Spieler 1 and 3 share the first rank (the lower id first before); renamed Zora, player 1
    is listed after Spieler 3. Hidden, spectators see them first, so the order tells nothing."""
    from people.models import Player
    from tournaments.models import Entry

    season, _tables, players = season_with_evenings(2)
    Player.objects.filter(pk=players[0].pk).update(name="Zora")
    ranking = season_ranking(season, public=True)
    assert [(row["player"]["name"], row["rank"]) for row in ranking.rows[:2]] == [
        ("Spieler 3", 1),
        ("Zora", 1),
    ]
    cache.clear()
    Player.objects.filter(pk=players[2].pk).update(name="Adam")
    with django_capture_on_commit_callbacks(execute=True):
        hide_publicly(Entry.objects.filter(player=players[0]).first(), by=ORGA)
    public = season_ranking(season, public=True).rows
    assert [(row["player"]["name"], row["hidden"]) for row in public[:2]] == [
        (None, True),
        ("Adam", False),
    ]
    organisers = season_ranking(season, public=False).rows
    assert [row["player"]["name"] for row in organisers[:2]] == ["Adam", "Zora"]
