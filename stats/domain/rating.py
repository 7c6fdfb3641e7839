"""The rating across every tournament (docs/STATISTICS.md, "The rating"): computed again by
replaying every deal of the closed series that count, whenever what counts has changed, and
read as the public and the organisers may see it.

Replay rather than an update per series: a deal corrected or voided in a series closed months
ago, a tournament published, hidden, frozen or removed, two players merged: each changes what
the ratings after it are, and a replay follows them all the same way. A run first asks for a
fingerprint of what counts (two aggregate queries, ``stats.domain.fingerprint``) and compares
it with the last run's: unchanged input changes nothing, so the run is idempotent and cheap to
repeat; where only deals played after the last rated one came, it rates those on from the
stored ratings (the closing of a series sends it; celery beat every
``RATING_REFRESH_SECONDS`` as well; docs/STATISTICS.md gives the measured cost).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from karlchen.changes import Body, json_body
from karlchen.outbox import send_after_commit
from people.models import Player, public_profile_condition
from scoring.models import Deal, RevisionPoints
from stats.domain.fingerprint import deals_print, digest, people_print
from stats.engine.rating import Deal as DealPoints
from stats.engine.rating import PlayerRating as Rated
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


# The order the deals were played in: the tournament's date, then its id, the series' number,
# the table, the deal's number.
ORDER = (
    f"{TOURNAMENT}date",
    "table__series__tournament_id",
    "table__series__number",
    "table_id",
    "number",
)
DealKey = list[Any]  # a deal's values of ORDER, the date as ISO text (stored as JSON)


def played_deals(deals: QuerySet[Deal]) -> tuple[list[DealPoints], DealKey | None]:
    """The deals in the order they were played, each as player → points, and the last one's
    key (None: no deal). Two queries: the deals in order, the points of their revisions."""
    order = list(deals.order_by(*ORDER).values_list("current_id", *ORDER))
    points: dict[int, dict[int, int]] = {}
    rows = RevisionPoints.objects.filter(revision_id__in=deals.values("current_id"))
    for revision, player, scored in rows.values_list(
        "revision_id", "entry__player_id", "points"
    ).iterator(chunk_size=20_000):
        points.setdefault(revision, {})[player] = scored
    played: list[DealPoints] = [points[row[0]] for row in order if row[0] in points]
    if not order:
        return played, None
    date, *rest = order[-1][1:]
    return played, [date.isoformat(), *rest]


def up_to(key: DealKey) -> Q:
    """The deals played up to the one of ``key``, that one included (ORDER compared in turn)."""
    condition = Q(**dict(zip(ORDER, key, strict=True)))
    for level, field in enumerate(ORDER):
        before = dict(zip(ORDER[:level], key[:level], strict=True))
        condition |= Q(**before, **{f"{field}__lt": key[level]})
    return condition


def fingerprint(deals: QuerySet[Deal]) -> str:
    """What the deals are (which, in which revision) and who played them (whose entries their
    tournaments hold): the fingerprint the stored figures use too (``stats.domain.fingerprint``),
    over every deal at once. Two aggregate queries."""
    entries = Entry.objects.filter(tournament_id__in=deals.values("table__series__tournament_id"))
    return digest([deals_print(deals), people_print(entries)])


def refresh_rating() -> bool:
    """Compute the ratings again if what counts changed since the last run; whether it did.

    Where the deals rated last time are all still there, unchanged, and only deals played
    after them came (a series closed), those are rated on from the stored ratings: the same
    as a replay, since the engine rates one deal after the other. Anything else (a correction,
    a void, a tournament published or removed, a merge, an older evening entered late) is
    replayed from the start. One transaction, the run's row locked: two runs compute once."""
    RatingRun.objects.get_or_create(
        pk=RUN_ID, defaults={"fingerprint": "", "deals": 0, "computed_at": timezone.now()}
    )
    with transaction.atomic():
        run = RatingRun.objects.select_for_update().get(pk=RUN_ID)
        seen = fingerprint(counted_deals())
        if seen == run.fingerprint:
            return False
        if _only_appended(run):
            _rate_on(run)
        else:
            _replay(run)
        run.fingerprint, run.computed_at = seen, timezone.now()
        run.save()
    return True


def _only_appended(run: RatingRun) -> bool:
    """Whether the deals rated last time are all still there, unchanged, with the same
    players: the fingerprint of the deals up to the last one rated is the last run's."""
    if run.last_deal is None:
        return False
    return fingerprint(counted_deals().filter(up_to(run.last_deal))) == run.fingerprint


def _replay(run: RatingRun) -> None:
    deals, last = played_deals(counted_deals())
    ratings = rate(deals)
    PlayerRating.objects.all().delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(player_id=r.player, mu=r.mu, sigma=r.sigma, deals=r.deals)
        for r in ratings.values()
    )
    run.deals, run.last_deal = len(deals), last


def _rate_on(run: RatingRun) -> None:
    assert run.last_deal is not None  # checked by _only_appended
    deals, last = played_deals(counted_deals().exclude(up_to(run.last_deal)))
    start = {
        row.player_id: Rated(row.player_id, row.mu, row.sigma, row.deals)
        for row in PlayerRating.objects.all()
    }
    ratings = rate(deals, start=start)
    moved = {player for deal in deals for player in deal}
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(player_id=r.player, mu=r.mu, sigma=r.sigma, deals=r.deals)
            for player, r in ratings.items()
            if player in moved
        ],
        update_conflicts=True,
        unique_fields=["player_id"],
        update_fields=["mu", "sigma", "deals"],
    )
    run.deals += len(deals)
    run.last_deal = last


def _as_json(rating: PlayerRating) -> dict[str, Any]:
    return {
        "rating": round(rating.shown, 2),
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
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


def public_ratings() -> list[dict[str, Any]]:
    """Every rating the public may see, best first (the value shown, then the player's id):
    only players with a public profile who are hidden nowhere. The API pages the list and
    answers each page with its ETag (``stats.api.views.RatingsApi``)."""
    ratings = {rating.player_id: rating for rating in PlayerRating.objects.all()}
    named = dict(
        Player.objects.filter(public_profile_condition(), pk__in=ratings).values_list("pk", "name")
    )
    shown = sorted(
        (ratings[player] for player in named.keys() - _hidden_anywhere(set(named))),
        key=lambda rating: (-rating.shown, rating.player_id),
    )
    return [
        {"player": {"id": r.player_id, "name": named[r.player_id]}, **_as_json(r)} for r in shown
    ]


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
