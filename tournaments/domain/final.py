"""Provisional, then final: the results of a tournament stay provisional until its organisers
mark them final, after the protest period that follows the last series (docs/OPEN_TOURNAMENTS.md,
"Provisional, then final"); and the protests lodged at the desk meanwhile.

Final results are frozen: deals, penalty rows, seatings and entries added or withdrawn are
refused (``results_final``, checked by ``tournaments.domain.frozen.check_not_final``) until the
organisers reopen them, with a reason. Both are signed off in the organisers' log.

The race between marking final and a deal written at that moment is the database's: every write
the freeze refuses reads the mark under a ``FOR KEY SHARE`` lock of the tournament's row
(``check_not_final``; the deal writes in the statement that reads their series' status), and
marking final takes ``FOR UPDATE``, which waits for those writes and makes later ones wait.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused, refused
from tournaments.enums import ProtestStatus, SeriesStatus
from tournaments.log import TournamentCode
from tournaments.models import Protest, Tournament

REASON_LIMIT = 500
PROTEST_LIMIT = 2_000


@dataclass(frozen=True)
class Finality:
    """Where the results stand: ``final`` (since ``final_at``, by ``final_by``), or provisional;
    once every series is closed, the protest period ends at ``protest_until``."""

    final: bool
    final_at: datetime.datetime | None
    final_by: str
    series_closed: bool  # every series played is closed (and at least one is)
    protest_until: datetime.datetime | None  # None while series are still open
    open_protests: int

    @property
    def status(self) -> str:
        return "final" if self.final else "provisional"

    @property
    def may_mark_final(self) -> bool:
        """Without an override: every series closed, the period over, no protest open."""
        period_over = self.protest_until is not None and timezone.now() >= self.protest_until
        return not self.final and self.series_closed and period_over and not self.open_protests


def finality(tournament: Tournament) -> Finality:
    closed_at = []
    open_series = False
    for status, at in tournament.series.values_list("status", "closed_at"):
        if status == SeriesStatus.CLOSED:
            closed_at.append(at or tournament.created_at)
        elif status != SeriesStatus.PLANNED:
            open_series = True
    series_closed = bool(closed_at) and not open_series
    until = None
    if series_closed:
        until = max(closed_at) + datetime.timedelta(minutes=tournament.protest_minutes)
    return Finality(
        final=tournament.results_final,
        final_at=tournament.results_final_at,
        final_by=tournament.results_final_by,
        series_closed=series_closed,
        protest_until=until,
        open_protests=tournament.protests.filter(status=ProtestStatus.OPEN).count(),
    )


def mark_final(tournament: Tournament, *, by: Actor, reason: str = "") -> Tournament:
    """Mark the results final: every series played must be closed and no protest open; before
    the protest period ends only with a stated ``reason`` (logged). Marking again changes
    nothing."""
    reason = " ".join(reason.split())
    _check_reason(reason, required=False)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.results_final:
            return tournament
        state = finality(tournament)
        if not state.series_closed:
            raise refused("results_series_open", "tournament")
        if state.open_protests:
            raise refused("protests_open", "tournament", count=state.open_protests)
        early = state.protest_until is not None and timezone.now() < state.protest_until
        if early and not reason:
            until = timezone.localtime(state.protest_until).strftime("%H:%M")
            raise refused("protest_period_running", "reason", until=until)
        tournament.results_final_at, tournament.results_final_by = timezone.now(), by.label[:150]
        tournament.save(update_fields=["results_final_at", "results_final_by"])
        if early:
            log(tournament, by, TournamentCode.RESULTS_FINAL_EARLY, reason=reason)
        else:
            log(tournament, by, TournamentCode.RESULTS_FINAL)
        tournament_changed(tournament.pk)
    return tournament


def reopen_results(tournament: Tournament, *, by: Actor, reason: str) -> Tournament:
    """Take the final mark back (a late correction): a reason is required and logged."""
    reason = " ".join(reason.split())
    _check_reason(reason, required=True)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not tournament.results_final:
            raise refused("results_not_final", "tournament")
        tournament.results_final_at, tournament.results_final_by = None, ""
        tournament.save(update_fields=["results_final_at", "results_final_by"])
        log(tournament, by, TournamentCode.RESULTS_REOPENED, reason=reason)
        tournament_changed(tournament.pk)
    return tournament


def _check_reason(reason: str, *, required: bool) -> None:
    if required and not reason:
        raise refused("final_reason_required", "reason")
    if len(reason) > REASON_LIMIT:
        raise refused("text_too_long", "reason", max=REASON_LIMIT)
    if has_control_characters(reason):
        raise refused("text_control_characters", "reason")


# --- protests --------------------------------------------------------------------------------


def lodge_protest(
    tournament: Tournament,
    *,
    by: Actor,
    text: str,
    series: int | None = None,
    table: int | None = None,
    deal: int | None = None,
) -> Protest:
    """Note a protest at the desk (what it is about, as the players name it). Refused once the
    results are final."""
    text = text.strip()
    problems = _protest_problems(text, {"series": series, "table": table, "deal": deal})
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.results_final:
            raise refused("results_final", "tournament")
        protest = Protest.objects.create(
            tournament=tournament,
            text=text,
            series=series,
            table=table,
            deal=deal,
            lodged_by=by.label[:150],
        )
        log(tournament, by, TournamentCode.PROTEST_LODGED, **_where(protest))
    return protest


def decide_protest(protest: Protest, *, by: Actor, status: str, decision: str) -> Protest:
    """Uphold or reject a protest with the decision in words (a correction it calls for is made
    as any correction). A decided protest can be decided again while the results are open."""
    decision = decision.strip()
    problems = []
    if status not in (ProtestStatus.UPHELD, ProtestStatus.REJECTED):
        problems.append(Problem("protest_status_unknown", "status", {"status": status}))
    if not decision:
        problems.append(Problem("protest_decision_required", "decision", {}))
    elif len(decision) > PROTEST_LIMIT:
        problems.append(Problem("text_too_long", "decision", {"max": PROTEST_LIMIT}))
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=protest.tournament_id)
        if tournament.results_final:
            raise refused("results_final", "tournament")
        protest = Protest.objects.select_for_update().get(pk=protest.pk)
        protest.status, protest.decision = status, decision
        protest.decided_at, protest.decided_by = timezone.now(), by.label[:150]
        protest.save(update_fields=["status", "decision", "decided_at", "decided_by"])
        log(tournament, by, TournamentCode(f"protest_{status}"), **_where(protest))
        tournament_changed(tournament.pk)
    return protest


def _protest_problems(text: str, where: dict[str, int | None]) -> list[Problem]:
    problems = []
    if not text:
        problems.append(Problem("protest_text_required", "text", {}))
    elif len(text) > PROTEST_LIMIT:
        problems.append(Problem("text_too_long", "text", {"max": PROTEST_LIMIT}))
    for name, number in where.items():
        bad = not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 9999
        if number is not None and bad:
            problems.append(Problem("protest_number_invalid", name, {"max": 9999}))
    return problems


def _where(protest: Protest) -> dict[str, object]:
    return {
        "number": protest.pk,
        "series": protest.series or "—",
        "table": protest.table or "—",
        "deal": protest.deal or "—",
    }
