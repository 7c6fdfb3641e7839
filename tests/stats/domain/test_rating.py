"""The rating as the domain keeps it: computed after a closed series, against openskill fed by
hand from docs/STATISTICS.md ("The rating": each table's ranking of the series by points), what
counts (closed, public, published, not frozen, confirmed), corrections followed by the replay,
a run over unchanged series changing nothing, and a closing that never fails for the rating."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from karlchen.models import OutboxMessage
from people.models import Player
from scoring.domain.deals import correct_deal, record_deal
from scoring.domain.series import close_series
from scoring.models import Deal, RevisionPoints
from stats.domain import rating as domain
from stats.domain.rating import public_rating, public_ratings, refresh_rating
from stats.models import PlayerRating, RatingRun
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}
SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}


def played_table(*deals, players=4, **fields):
    """A public tournament's first series at one table, the deals recorded, not closed."""
    table = seated_table(players, **fields)
    publish(table.series.tournament)
    for deal in deals:
        record_deal(table, deal=deal, by=CAPTAIN)
    return table


def seated_players(table):
    return {
        seat.position: seat.entry.player for seat in table.seats.select_related("entry__player")
    }


def by_hand(deals):
    """openskill's Plackett-Luce fed by hand as docs/STATISTICS.md says: every deal in order,
    one team per player, places by points, beta five sigmas, sigma never growing."""
    model = PlackettLuce(beta=5 * 25 / 3, limit_sigma=True)
    ratings = {}
    for deal in deals:
        players = list(deal)
        places = [1 + sum(o > deal[p] for o in deal.values()) for p in players]
        teams = [[ratings.get(player, model.rating())] for player in players]
        for player, (new,) in zip(players, model.rate(teams, ranks=places), strict=True):
            ratings[player] = new
    return {player: (rating.mu, rating.sigma) for player, rating in ratings.items()}


def table_deals(table):
    """Each deal of the table as player → points, from its current revision."""
    deals = []
    for deal in Deal.objects.filter(table=table).order_by("number"):
        rows = RevisionPoints.objects.filter(revision_id=deal.current_id)
        deals.append({row.entry.player_id: row.points for row in rows.select_related("entry")})
    return deals


def stored():
    return {row.player_id: (row.mu, row.sigma) for row in PlayerRating.objects.all()}


def test_closing_a_series_rates_its_table_as_openskill_does(
    eager_celery, django_capture_on_commit_callbacks
):
    table = played_table(NORMAL, SOLO, KONTRA_WINS)
    with django_capture_on_commit_callbacks(execute=True):
        close_series(table.series, by=ORGA, force=True)
    expected = by_hand(table_deals(table))
    assert len(expected) == 4
    got = stored()
    assert set(got) == set(expected)
    for player, (mu, sigma) in expected.items():
        assert got[player] == (pytest.approx(mu), pytest.approx(sigma))
    assert RatingRun.objects.get().deals == 3
    assert refresh_rating() is False  # nothing changed: nothing computed


def test_a_five_table_ranks_all_five():
    # The dealer sits out: deal n is dealt by position n.
    parties = ([2, 4], [1, 3], [1, 4], [2, 5], [1, 3])
    table = played_table(*({**NORMAL, "re": re} for re in parties), players=5)
    close_series(table.series, by=ORGA, force=True)
    refresh_rating()
    assert len(stored()) == 5


def test_a_correction_in_a_closed_series_is_followed():
    table = played_table(NORMAL, NORMAL)
    close_series(table.series, by=ORGA, force=True)
    refresh_rating()
    first = seated_players(table)[1].pk
    before = stored()[first]
    correct_deal(table, 1, deal=KONTRA_WINS, version=1, reason="Falsch notiert", by=ORGA)
    correct_deal(table, 2, deal=KONTRA_WINS, version=1, reason="Falsch notiert", by=ORGA)
    assert refresh_rating() is True
    assert stored()[first][0] < before[0]


@pytest.mark.parametrize(
    "change",
    ["open series", "draft", "unpublished", "frozen", "unconfirmed"],
)
def test_what_does_not_count(change):
    table = played_table(NORMAL, confirmation_required=change == "unconfirmed")
    tournament = table.series.tournament
    if change != "open series":
        close_series(table.series, by=ORGA, force=True)
    if change == "draft":
        tournament.status = "draft"
    tournament.standings_public = change != "unpublished"
    if change == "frozen":
        from django.utils import timezone

        tournament.standings_frozen_at = timezone.now()
    tournament.save()
    refresh_rating()
    assert stored() == {}


def test_a_closing_never_fails_for_the_rating(
    eager_celery, monkeypatch, django_capture_on_commit_callbacks
):
    table = played_table(NORMAL)

    def broken():
        raise RuntimeError("the rating's worker is gone")

    monkeypatch.setattr(domain, "refresh_rating", broken)
    with django_capture_on_commit_callbacks(execute=True):
        closed = close_series(table.series, by=ORGA, force=True)
    closed.refresh_from_db()
    assert closed.status == "closed"
    assert stored() == {}
    assert not OutboxMessage.objects.exists()  # it ran (and failed) at once: nothing waits


def consent(*players):
    for player in players:
        player.listing_consent = True
        player.save(update_fields=["listing_consent"])


def test_the_public_sees_only_players_with_consent_who_are_hidden_nowhere():
    table = played_table(NORMAL, SOLO)
    close_series(table.series, by=ORGA, force=True)
    refresh_rating()
    players = seated_players(table)
    consent(players[1], players[2], players[3])
    hidden = table.seats.get(position=3).entry
    hidden.hidden = True
    hidden.save(update_fields=["hidden"])
    listed = [row["player"]["id"] for row in public_ratings()]
    assert sorted(listed) == sorted([players[1].pk, players[2].pk])
    shown = public_rating(players[1].pk)
    assert shown is not None
    body = json.loads(shown.content)
    assert body["player"] == {"id": players[1].pk, "name": players[1].name}
    row = PlayerRating.objects.get(player_id=players[1].pk)
    assert body["rating"]["rating"] == round(row.mu - 3 * row.sigma, 2)
    assert public_rating(players[3].pk) is None  # hidden at a tournament
    assert public_rating(players[4].pk) is None  # no consent
    players[2].profile_hidden = True
    players[2].save(update_fields=["profile_hidden"])
    assert public_rating(players[2].pk) is None
    assert [row["player"]["id"] for row in public_ratings()] == [players[1].pk]


def test_the_task_computes_once_what_changed():
    from stats.tasks import task_refresh_rating

    table = played_table(NORMAL, SOLO)
    close_series(table.series, by=ORGA, force=True)
    tournament = table.series.tournament_id
    assert task_refresh_rating.apply(kwargs={"tournament_id": tournament}).get() is True
    first = stored()
    assert task_refresh_rating.apply(kwargs={"tournament_id": tournament}).get() is False
    assert task_refresh_rating.apply().get() is False  # beat's run, without an id
    assert stored() == first


def test_deals_are_replayed_in_the_order_they_were_played():
    import datetime

    later = played_table(NORMAL, name="Später", date=datetime.date(2026, 12, 5))
    earlier = played_table(KONTRA_WINS, name="Früher", date=datetime.date(2026, 1, 5))
    for table in (later, earlier):
        close_series(table.series, by=ORGA, force=True)
    deals, last = domain.played_deals(domain.counted_deals())
    assert deals == table_deals(earlier) + table_deals(later)
    assert last is not None
    assert last[:3] == ["2026-12-05", later.series.tournament_id, 1]


def test_a_merge_is_followed_by_the_next_run():
    from registry.domain.merge import merge_players

    first = played_table(NORMAL, SOLO, name="Frühjahr")
    second = played_table(KONTRA_WINS, name="Sommer")
    for table in (first, second):
        close_series(table.series, by=ORGA, force=True)
    refresh_rating()
    kept, other = seated_players(first)[1], seated_players(second)[1]
    Player.objects.filter(pk=other.pk).update(name=kept.name)
    other.refresh_from_db()
    merge_players(kept, other, by=ORGA)
    assert refresh_rating() is True
    assert not PlayerRating.objects.filter(player_id=other.pk).exists()
    assert PlayerRating.objects.get(player_id=kept.pk).deals == 3


def test_later_deals_are_rated_on_and_give_what_a_replay_gives(monkeypatch):
    first = played_table(NORMAL, SOLO)
    close_series(first.series, by=ORGA, force=True)
    refresh_rating()
    tournament = first.series.tournament
    from seating.domain.seating import seat_series

    entries = [seat.entry for seat in first.seats.order_by("position")]
    (second,) = seat_series(tournament.series.get(number=2), [entries], by=ORGA)
    for deal in (KONTRA_WINS, NORMAL, {**SOLO, "re": [3]}):
        record_deal(second, deal=deal, by=CAPTAIN)
    close_series(second.series, by=ORGA, force=True)
    import datetime

    later = played_table(NORMAL, name="Später", date=datetime.date(2027, 1, 5))  # new players
    close_series(later.series, by=ORGA, force=True)
    replays = []
    monkeypatch.setattr(domain, "_replay", lambda run: replays.append(run))
    assert refresh_rating() is True
    assert replays == []  # rated on, not replayed
    rated_on = stored()
    assert RatingRun.objects.get().deals == 6
    monkeypatch.undo()
    RatingRun.objects.update(fingerprint="")
    assert refresh_rating() is True
    assert stored() == rated_on
    expected = by_hand(table_deals(first) + table_deals(second) + table_deals(later))
    assert set(expected) == set(rated_on)
    for player, (mu, sigma) in expected.items():
        assert rated_on[player] == (pytest.approx(mu), pytest.approx(sigma))
