"""The meetings of a season's earlier evenings, for seating its next one (``seating.ports``).

Every table with deals at one of the season's last HISTORY_EVENINGS evenings before this one
counts for the players who shared it, by person (entries differ from evening to evening): 1 at
the last evening, halved per evening further back (``seating.engine.history_weights``); an
evening without a played table does not count as one. The
seating then prefers opponents who have not met recently, after tonight's repeats. The season
is the tournament's home season (its club's), else the first association's season that has it.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q

from seasons.domain.seasons import home_evening
from seasons.models import SeasonEvening
from seating import engine
from seating.models import Seat
from tournaments.models import Entry, Tournament

# A meeting six evenings back weighs 1/32: below what the seating can tell apart (1/16 of a
# repeat for a meeting last week), so older evenings are not read at all.
HISTORY_EVENINGS = 6


def earlier_meetings(tournament: Tournament) -> dict[frozenset[int], float]:
    """Per pair of this tournament's entry ids, the weight of their meetings at the season's
    earlier evenings; empty when the tournament is no evening of a season, or its first."""
    evenings = _earlier_evenings(tournament)
    if not evenings:
        return {}
    tables: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    played = Seat.objects.filter(series__tournament_id__in=evenings, table__deals__isnull=False)
    for tournament_id, table_id, person in played.distinct().values_list(
        "series__tournament_id", "table_id", "entry__player_id"
    ):
        tables[tournament_id][table_id].append(person)
    # Each evening as one series of all its tables (the weights do not tell series apart); an
    # evening without a played table (called off) does not age the others.
    by_evening = [
        [tuple(tuple(people) for people in tables[evening].values())]
        for evening in evenings
        if evening in tables
    ]
    by_person = engine.history_weights(by_evening)
    entry_of = dict(
        Entry.objects.filter(tournament=tournament).values_list("player_id", "pk").order_by("pk")
    )
    return {
        frozenset(entry_of[p] for p in pair): weight
        for pair, weight in by_person.items()
        if all(p in entry_of for p in pair)
    }


def _earlier_evenings(tournament: Tournament) -> list[int]:
    """The tournament ids of the season's last HISTORY_EVENINGS evenings before this one, the
    last one last."""
    membership = home_evening(tournament) or (
        SeasonEvening.objects.filter(tournament=tournament).order_by("season_id").first()
    )
    if membership is None:
        return []
    before = Q(tournament__date__lt=tournament.date) | Q(
        tournament__date=tournament.date, tournament_id__lt=tournament.pk
    )
    earlier = (
        SeasonEvening.objects.filter(before, season_id=membership.season_id)
        .order_by("-tournament__date", "-tournament_id")
        .values_list("tournament_id", flat=True)[:HISTORY_EVENINGS]
    )
    return list(reversed(earlier))
