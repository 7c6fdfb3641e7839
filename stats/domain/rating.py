"""The rating across every tournament (docs/STATISTICS.md, "The rating"): computed again by
replaying every deal of the closed series that count, whenever what counts has changed, and
read as the public and the organisers may see it.

Replay rather than an update per series: a deal corrected or voided in a series closed months
ago, a tournament published, hidden, frozen or removed, two players merged: each changes what
the ratings after it are, and a replay follows them all the same way. A run first asks for a
fingerprint of what counts (two aggregate queries) and compares it with the last
run's: unchanged input changes nothing, so the run is idempotent and cheap to repeat (the
closing of a series sends it; celery beat every ``RATING_REFRESH_SECONDS`` as well;
docs/STATISTICS.md gives the measured cost).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q, QuerySet, Sum
from django.utils import timezone

from karlchen.changes import Body, json_body
from karlchen.outbox import send_after_commit
from people.models import Player, public_profile_condition
from scoring.models import Deal, RevisionPoints
from stats.engine.rating import Deal as DealPoints
from stats.engine.rating import rate
from stats.models import PlayerRating, RatingRun
from tournaments.enums import SeriesStatus
from tournaments.models import Entry
from tournaments.visibility import hidden_players, public_condition

RUN_ID = 1
TOURNAMENT = "table__series__tournament__"


def counted_deals() -> QuerySet[Deal]:
    """Every deal that counts: each deal of a closed series, as it stands now (its current
    revision, not voided), of a tournament whose deals spectators may see (not a draft, its
    standings published and not frozen; where deals are confirmed, only confirmed ones)."""
    return Deal.objects.filter(
        public_condition(TOURNAMENT),
        Q(**{f"{TOURNAMENT}confirmation_required": False}) | Q(current__confirmed_at__isnull=False),
        voided=False,
        current__voided=False,
        table__series__status=SeriesStatus.CLOSED,
        **{f"{TOURNAMENT}standings_public": True, f"{TOURNAMENT}standings_frozen_at": None},
    )


def played_deals() -> list[DealPoints]:
    """The deals that count in the order they were played (the tournament's date, then its
    id, the series' number, the table, the deal's number), each as player → points. Two
    queries: the deals in order, the points of their current revisions."""
    order = list(
        counted_deals()
        .order_by(
            f"{TOURNAMENT}date",
            "table__series__tournament_id",
            "table__series__number",
            "table_id",
            "number",
        )
        .values_list("current_id", flat=True)
    )
    points: dict[int, dict[int, int]] = {}
    rows = RevisionPoints.objects.filter(revision_id__in=counted_deals().values("current_id"))
    for revision, player, scored in rows.values_list(
        "revision_id", "entry__player_id", "points"
    ).iterator(chunk_size=20_000):
        points.setdefault(revision, {})[player] = scored
    return [points[revision] for revision in order if revision in points]


def fingerprint() -> str:
    """What counts, in two aggregates: which deals in which revision (a revision's points
    never change: a correction or a void is a new revision), and whose entries they are (a
    merge gives an entry another player). A series closed, a deal corrected or voided, a
    tournament published, hidden, frozen or removed, a merge: each changes it."""
    deals = counted_deals().aggregate(count=Count("pk"), revisions=Sum("current_id"))
    entries = Entry.objects.filter(public_condition("tournament__")).aggregate(
        people=Sum(F("pk") * F("player_id"))
    )
    return f"{deals['count']}:{deals['revisions'] or 0}:{entries['people'] or 0}"


def refresh_rating() -> bool:
    """Compute every rating again by replaying every deal that counts, if they changed since
    the last run; whether it did. One transaction, the run's row locked: two runs at once
    compute once."""
    RatingRun.objects.get_or_create(
        pk=RUN_ID, defaults={"fingerprint": "", "deals": 0, "computed_at": timezone.now()}
    )
    with transaction.atomic():
        run = RatingRun.objects.select_for_update().get(pk=RUN_ID)
        seen = fingerprint()
        if seen == run.fingerprint:
            return False
        deals = played_deals()
        ratings = rate(deals)
        PlayerRating.objects.all().delete()
        PlayerRating.objects.bulk_create(
            PlayerRating(player_id=r.player, mu=r.mu, sigma=r.sigma, deals=r.deals)
            for r in ratings.values()
        )
        run.fingerprint, run.deals, run.computed_at = seen, len(deals), timezone.now()
        run.save()
    return True


def _as_json(rating: PlayerRating) -> dict[str, Any]:
    mu, sigma = rating.mu, rating.sigma
    return {
        "rating": round(mu - 3 * sigma, 2),
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "deals": rating.deals,
    }


def player_rating(player_id: int) -> dict[str, Any] | None:
    """The player's rating as the organisers see it (None: no deal of theirs rated yet)."""
    rating = PlayerRating.objects.filter(player_id=player_id).first()
    return None if rating is None else _as_json(rating)


def public_rating(player_id: int) -> Body | None:
    """The player's rating as the public may see it: None (a 404) where there is no public
    profile of the player or the player is hidden at any tournament (docs/STATISTICS.md,
    "Who is shown"); ``rating`` null while no deal of theirs was rated."""
    player = Player.objects.filter(public_profile_condition(), pk=player_id).first()
    if player is None or _hidden_anywhere({player_id}):
        return None
    named = {"id": player.pk, "name": player.name}
    return json_body({"player": named, "rating": player_rating(player_id)})


def public_ratings() -> Body:
    """Every rating the public may see, best first (the value shown, then the player's id):
    only players with a public profile who are hidden nowhere."""
    ratings = {rating.player_id: rating for rating in PlayerRating.objects.all()}
    named = dict(
        Player.objects.filter(public_profile_condition(), pk__in=ratings).values_list("pk", "name")
    )
    shown = sorted(
        (ratings[player] for player in named.keys() - _hidden_anywhere(set(named))),
        key=lambda rating: (-rating.shown, rating.player_id),
    )
    return json_body(
        {
            "rows": [
                {"player": {"id": r.player_id, "name": named[r.player_id]}, **_as_json(r)}
                for r in shown
            ]
        }
    )


def _hidden_anywhere(players: set[int]) -> set[int]:
    """Of the players, those hidden (asked not to be listed) at any tournament they played."""
    tournaments = Entry.objects.filter(player_id__in=players).values_list("tournament_id")
    return hidden_players({tournament for (tournament,) in tournaments}) & players


def rating_due(tournament_id: int) -> None:
    """A series of the tournament closed: the rating is computed again once the closing
    commits, by its task through the outbox (a broker that is down keeps it waiting there;
    beat's run catches up as well). Nothing here can make the closing fail."""
    from stats.tasks import task_refresh_rating  # noqa: PLC0415 -- the task module loads late

    send_after_commit(
        task_refresh_rating, key=f"rating:{tournament_id}", tournament_id=tournament_id
    )
