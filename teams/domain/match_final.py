"""A league's match day and a cup's group round or pairing are final exactly when their
tournament's results are (``tournaments.domain.final``, docs/TEAMS.md "Final means one thing").

There is no mark of their own: ``competitions.models.Fixture.final`` (a match day's, a cup match's)
reads the tournament's ``results_final``, so the pages, the API, the tables, the bracket, the
archives and the desk all answer the same, and a final match is frozen as a final tournament is
(``tournaments.domain.frozen.check_not_final`` refuses its deals, penalty rows and seatings).

Marking a match final marks its tournament's results final: refused while a series of it is
still open (seated or running: deals may still come; ``match_series_open``) or a protest awaits
a decision (``protests_open``), each naming the ``final`` field. The protest period does not
wait here: the competition's organisers mark a match final after their own check of its results,
as the desk's "mark final early" does with a reason. Taking the mark back is the tournament's
reopening (``tournaments.domain.final.reopen_results``): a reason is required and logged.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import refused
from tournaments.domain.final import reopen_results
from tournaments.enums import ProtestStatus, SeriesStatus
from tournaments.log import TournamentCode
from tournaments.models import Tournament

OPEN = (SeriesStatus.SEATED, SeriesStatus.RUNNING)


def is_final(tournament: Tournament) -> bool:
    """Whether a match (a league's day, a cup's round or pairing) played as ``tournament`` is
    final: its tournament's results are."""
    return tournament.results_final


def open_series(tournament: Tournament) -> list[int]:
    """The numbers of the tournament's series still open (seated or running)."""
    numbers = tournament.series.filter(status__in=OPEN).order_by("number")
    return list(numbers.values_list("number", flat=True))


def mark_match_final(tournament: Tournament, *, by: Actor, field: str = "final") -> bool:
    """Mark the results of a match's tournament final; whether it changed anything (a
    tournament final already is left as it is). Call it inside the match's transaction: a
    refusal after it rolls the mark back."""
    with transaction.atomic():
        # FOR UPDATE waits for the deals being written (they read the mark under FOR KEY
        # SHARE) and makes later ones wait, then see it.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.results_final:
            return False
        still_open = open_series(tournament)
        if still_open:
            raise refused("match_series_open", field, series=", ".join(map(str, still_open)))
        protests = tournament.protests.filter(status=ProtestStatus.OPEN).count()
        if protests:
            raise refused("protests_open", field, count=protests)
        tournament.results_final_at, tournament.results_final_by = timezone.now(), by.label[:150]
        tournament.save(update_fields=["results_final_at", "results_final_by"])
        log(tournament, by, TournamentCode.RESULTS_FINAL)
        tournament_changed(tournament.pk)
    return True


def reopen_match(tournament: Tournament, *, by: Actor, reason: str) -> bool:
    """Take the final mark of a match's tournament back, as its organisers reopen final results
    (a reason, logged); whether it changed anything."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not tournament.results_final:
            return False
        reopen_results(tournament, by=by, reason=reason)
    return True
