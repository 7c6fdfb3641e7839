"""The statistics as the public reads them: real deals recorded through the domain, each figure
against what the deals say, the edges (voided, corrected, drafts, unpublished, unconfirmed,
hidden, no consent) and the cache turned over by the change signals."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from karlchen.changes import season_changed, tournament_changed
from scoring.domain.deals import correct_deal, record_deal, void_deal
from stats.domain.facts import Scope
from stats.domain.reads import (
    head_to_head,
    partners,
    player_overview,
    player_statistics,
    tournament_statistics,
)
from tests.factories.api import NORMAL, publish
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.enums import TournamentStatus

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}  # Kontra: 2 points each
SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()


def consent(*players):
    for player in players:
        player.listing_consent = True
        player.save(update_fields=["listing_consent"])


def figures(body):
    assert body is not None
    return json.loads(body.content)["figures"]


def test_a_players_figures_over_a_season_and_all_time(django_capture_on_commit_callbacks):
    season, tables, players = season_with_evenings(3, deals=2)
    consent(*players)
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(tables[2], deal=SOLO, by=CAPTAIN)
    first = figures(player_statistics(players[0].pk))
    assert (first["deals"], first["won"], first["lost"]) == (7, 6, 1)
    assert first["points"] == 6 - 1  # six normal games won 1 each, the solo lost against: -1
    assert first["parties"] == {"kontra": {"played": 1, "won": 0}, "re": {"played": 6, "won": 6}}
    soloist = figures(player_statistics(players[1].pk))
    assert soloist["solos_by_type"] == {"queens": {"played": 1, "won": 1}}
    assert soloist["solos_by_kind"] == {"compulsory_solo": {"played": 1, "won": 1}}
    in_season = figures(player_statistics(players[0].pk, Scope(season=season.pk)))
    assert in_season == first
    season.is_public = False
    season.save(update_fields=["is_public"])
    with django_capture_on_commit_callbacks(execute=True):
        season_changed(season.pk)
    assert figures(player_statistics(players[0].pk, Scope(season=season.pk))) is None
    evening = figures(
        player_statistics(players[0].pk, Scope(tournament=tables[0].series.tournament_id))
    )
    assert (evening["deals"], evening["points"], evening["series"]) == (2, 2, 1)


def test_figures_agree_with_the_standings_and_follow_corrections_and_voids(
    django_capture_on_commit_callbacks,
):
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    seats = {
        seat.position: seat.entry.player for seat in table.seats.select_related("entry__player")
    }
    consent(*seats.values())
    with django_capture_on_commit_callbacks(execute=True):
        for deal in (NORMAL, NORMAL, SOLO, NORMAL):
            record_deal(table, deal=deal, by=CAPTAIN)
    before = figures(player_statistics(seats[1].pk))
    assert (before["deals"], before["points"]) == (4, 3 - 1)
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(table, 1, deal=KONTRA_WINS, version=1, reason="wrong", by=ORGA)
        void_deal(table, 2, version=1, reason="misdeal", by=ORGA)
    after = figures(player_statistics(seats[1].pk))
    assert (after["deals"], after["won"], after["points"]) == (3, 1, -2 - 1 + 1)
    rows = {row["player_id"]: row["total"] for row in _standings(tournament)}
    for position, player in seats.items():
        mine = figures(player_statistics(player.pk))
        assert mine["points"] == rows[player.pk], position
    per_player = json.loads(tournament_statistics(tournament.pk).content)["rows"]  # type: ignore[union-attr]
    assert [row["player"]["id"] for row in per_player] == sorted(p.pk for p in seats.values())
    assert [row["deals"] for row in per_player] == [3, 3, 3, 3]


def _standings(tournament):
    from results.domain.standings import standings

    return [{"player_id": row.player_id, "total": row.total} for row in standings(tournament)]


def test_the_public_sees_only_what_it_may(django_capture_on_commit_callbacks):
    def save(model, *fields):  # as the domain's writes do: save, then signal the change
        with django_capture_on_commit_callbacks(execute=True):
            model.save(update_fields=list(fields))
            tournament_changed(tournament.pk)

    table = seated_table(4)
    tournament = table.series.tournament
    seats = {seat.position: seat.entry for seat in table.seats.select_related("entry__player")}
    players = {position: entry.player for position, entry in seats.items()}
    consent(players[1], players[2], players[3])
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert figures(player_statistics(players[1].pk)) is None  # a draft counts nothing
    assert player_statistics(players[4].pk) is None  # no consent: no public statistic
    tournament.status = TournamentStatus.OPEN
    save(tournament, "status")
    assert figures(player_statistics(players[1].pk))["deals"] == 1
    tournament.standings_public = False
    save(tournament, "standings_public")
    assert figures(player_statistics(players[1].pk)) is None  # not published
    tournament.standings_public = True
    tournament.confirmation_required = True
    save(tournament, "standings_public", "confirmation_required")
    assert figures(player_statistics(players[1].pk)) is None  # not confirmed
    tournament.confirmation_required = False
    save(tournament, "confirmation_required")
    assert head_to_head(players[1].pk, players[4].pk) is None  # the other gave no consent
    assert head_to_head(players[1].pk, players[1].pk) is None
    pair = json.loads(head_to_head(players[2].pk, players[1].pk).content)
    assert pair["player"]["id"] == players[2].pk
    assert pair["lost_against"] == 1
    listed = json.loads(partners(players[1].pk).content)["rows"]
    assert [row["other"]["id"] for row in listed] == [players[3].pk, players[2].pk]
    assert listed[0]["won_together"] == 1
    assert [
        row["player"]["id"]
        for row in json.loads(tournament_statistics(tournament.pk).content)["rows"]
    ] == [players[1].pk, players[2].pk, players[3].pk]
    entry = seats[3]
    entry.hidden = True
    save(entry, "hidden")
    assert player_statistics(players[3].pk) is None
    assert partners(players[3].pk) is None
    assert [row["other"]["id"] for row in json.loads(partners(players[1].pk).content)["rows"]] == [
        players[2].pk
    ]
    assert head_to_head(players[1].pk, players[3].pk) is None
    assert players[3].pk not in {
        row["player"]["id"]
        for row in json.loads(tournament_statistics(tournament.pk).content)["rows"]
    }


def test_a_cached_read_turns_over_with_the_next_deal(django_capture_on_commit_callbacks):
    table = seated_table(4)
    publish(table.series.tournament)
    player = table.seats.get(position=1).entry.player
    consent(player)
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert figures(player_statistics(player.pk))["deals"] == 1
    with CaptureQueriesContext(connection) as queries:
        assert figures(player_statistics(player.pk))["deals"] == 1
    assert len(queries) == 0  # one cache round trip: the person's generation, not each evening's
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert figures(player_statistics(player.pk))["deals"] == 2
    with django_capture_on_commit_callbacks(execute=True):
        from people.domain.players import record_consent

        record_consent(player, consent=False, how="asked", by=ORGA)
    assert player_statistics(player.pk) is None


def test_a_correction_at_the_oldest_evening_turns_every_cached_read_over_at_once(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The cached reads check no evening's token, yet a deal corrected and one voided at the
    oldest evening change every figure over it at once: each against the standings."""
    season, tables, players = season_with_evenings(3, deals=2)
    consent(*players)
    first, second, partner = players[0], players[1], players[2]
    evenings = [table.series.tournament for table in tables]
    scopes = {
        "all": Scope(),
        "season": Scope(season=season.pk),
        "oldest": Scope(tournament=evenings[0].pk),
    }

    def own():
        return {name: figures(player_statistics(first.pk, scope)) for name, scope in scopes.items()}

    def with_others():
        rows = json.loads(partners(first.pk).content)["rows"]  # type: ignore[union-attr]
        pair = json.loads(head_to_head(first.pk, second.pk).content)  # type: ignore[union-attr]
        together = next(row for row in rows if row["other"]["id"] == partner.pk)
        return together["won_together"], (pair["won_against"], pair["lost_against"])

    def standings_say():  # the second computation: the evenings' standings
        points = {
            tournament.pk: {row["player_id"]: row["total"] for row in _standings(tournament)}
            for tournament in evenings
        }
        return sum(rows[first.pk] for rows in points.values()), points[evenings[0].pk][first.pk]

    before = own()
    assert (before["all"]["deals"], before["all"]["points"]) == (6, 6)
    assert (before["all"]["points"], before["oldest"]["points"]) == standings_say()
    assert with_others() == (6, (6, 0))
    overview = player_overview(first.pk, public=True)
    assert overview is not None
    assert overview["figures"] == before["all"]
    with django_assert_num_queries(0):  # cached: one cache round trip each, however long
        assert own() == before
        assert player_overview(first.pk, public=True) == overview
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="wrong", by=ORGA)
        void_deal(tables[0], 2, version=1, reason="misdeal", by=ORGA)
    after = own()
    assert after["season"] == after["all"]
    assert (after["all"]["deals"], after["oldest"]["deals"]) == (5, 1)
    assert (after["all"]["points"], after["oldest"]["points"]) == standings_say() == (4 - 2, -2)
    assert with_others() == (4, (4, 1))
    assert player_overview(first.pk, public=True)["figures"] == after["all"]  # type: ignore[index]
    with django_assert_num_queries(0):
        assert own() == after


def test_quick_entry_and_a_five_table(django_capture_on_commit_callbacks):
    table = seated_table(5, entry_mode="value")
    publish(table.series.tournament)
    seats = {
        seat.position: seat.entry.player for seat in table.seats.select_related("entry__player")
    }
    consent(*seats.values())
    record_deal(table, deal={"entry": "value", "value": 2, "winners": [2, 3]}, by=CAPTAIN)
    per_player = {
        row["player"]["id"]: row
        for row in json.loads(tournament_statistics(table.series.tournament_id).content)["rows"]
    }
    dealer = [player for player in seats.values() if player.pk not in per_player]
    assert len(dealer) == 1  # the dealer sat out
    assert {row["quick_deals"] for row in per_player.values()} == {1}
    assert per_player[seats[2].pk]["won"] == 1
    assert per_player[seats[2].pk]["points"] == 2


def test_schafkopf_ramsch_has_no_declarer(django_capture_on_commit_callbacks):
    table = seated_table(4, game="schafkopf", rules={"preset": "club_evening"})
    publish(table.series.tournament)
    seats = {
        seat.position: seat.entry.player for seat in table.seats.select_related("entry__player")
    }
    consent(*seats.values())
    record_deal(
        table,
        deal={"contract": "ramsch", "ramsch_points": {"1": 30, "2": 45, "3": 20, "4": 25}},
        by=CAPTAIN,
    )
    record_deal(
        table,
        deal={
            "contract": "rufer",
            "suit": "acorns",
            "declarer": 2,
            "partner": 4,
            "declarer_points": 95,
            "laufende": 3,
        },
        by=CAPTAIN,
    )
    loser = figures(player_statistics(seats[2].pk))
    assert loser["contracts"] == {
        "declarer:rufer": {"played": 1, "won": 1},
        "none:ramsch": {"played": 1, "won": 0},
    }
    assert loser["schneider"] == {"won": 1, "lost": 0}
    assert loser["laufende"] == {"won": 3, "lost": 0}  # the Rufer's three, for its winners
    partner = figures(player_statistics(seats[4].pk))
    assert partner["contracts"]["partner:rufer"] == {"played": 1, "won": 1}
    assert figures(player_statistics(seats[1].pk))["laufende"] == {"won": 0, "lost": 3}


def test_frozen_standings_and_confirmed_deals(django_capture_on_commit_callbacks):
    from django.utils import timezone

    from scoring.models import Deal

    table = seated_table(4)
    tournament = publish(table.series.tournament)
    player = table.seats.get(position=1).entry.player
    consent(player)

    def changed(*fields):
        with django_capture_on_commit_callbacks(execute=True):
            tournament.save(update_fields=list(fields))
            tournament_changed(tournament.pk)

    record_deal(table, deal=NORMAL, by=CAPTAIN)
    tournament.standings_frozen_at = timezone.now()
    changed("standings_frozen_at")
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert figures(player_statistics(player.pk))["deals"] == 1  # recorded by the freeze
    tournament.standings_frozen_at = None
    tournament.confirmation_required = True
    changed("standings_frozen_at", "confirmation_required")
    assert figures(player_statistics(player.pk)) is None  # nothing confirmed yet
    first = Deal.objects.get(table=table, number=2).current
    first.confirmed_at = timezone.now()
    first.save(update_fields=["confirmed_at"])
    changed("confirmation_required")
    assert figures(player_statistics(player.pk))["deals"] == 1
    tournament.standings_frozen_at = timezone.now()
    changed("standings_frozen_at")
    assert figures(player_statistics(player.pk))["deals"] == 1  # frozen and confirmed


def test_a_player_hidden_at_one_evening_is_named_nowhere_in_the_season(
    django_capture_on_commit_callbacks,
):
    season, tables, players = season_with_evenings(2)
    consent(*players)
    entry = tables[1].seats.get(position=2).entry
    with django_capture_on_commit_callbacks(execute=True):
        entry.hidden = True
        entry.save(update_fields=["hidden"])
        tournament_changed(entry.tournament_id)
    in_season = Scope(season=season.pk)
    assert player_statistics(players[1].pk, in_season) is None
    assert player_statistics(players[1].pk) is None
    assert head_to_head(players[0].pk, players[1].pk) is None
    rows = json.loads(partners(players[0].pk, in_season).content)["rows"]  # type: ignore[union-attr]
    assert players[1].pk not in {row["other"]["id"] for row in rows}
    assert {row["other"]["id"] for row in rows} == {players[2].pk, players[3].pk}
    first_evening = Scope(tournament=tables[0].series.tournament_id)
    assert player_statistics(players[1].pk, first_evening) is not None  # listed there
