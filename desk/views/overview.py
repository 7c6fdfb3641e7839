"""The evening's overview: where the tournament stands, what to do next, and its status."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from desk.views.base import OrganiserView
from tournaments.domain.tournaments import update_tournament
from tournaments.enums import SeatingMethod, SeriesStatus, TournamentStatus


class EveningView(OrganiserView):
    def get(self, request, tournament_id):
        entries = self.tournament.entries.all()
        series = list(self.tournament.series.order_by("number").prefetch_related("tables"))
        context: dict[str, Any] = {
            "counts": {
                "entered": entries.filter(withdrawn=False).count(),
                "checked_in": entries.filter(withdrawn=False, checked_in=True).count(),
                "withdrawn": entries.filter(withdrawn=True).count(),
            },
            "series": series,
            "statuses": TournamentStatus.choices,
            "next_step": next_step(self.tournament, series),
            "to_seat": to_seat(series),
            "seating_method": one_tap_method(self.tournament.seating_method),
        }
        return self.page("desk/evening.html", "evening", **context)

    def post(self, request, tournament_id):
        status = request.POST.get("status")
        if status in TournamentStatus.values and status != self.tournament.status:
            update_tournament(self.tournament, by=self.actor, status=status)
            messages.success(
                request,
                _("The tournament is now: %(status)s.")
                % {"status": TournamentStatus(status).label},
            )
        back = request.POST.get("next", "")  # the desk page the start prompt was on
        if url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
            return HttpResponseRedirect(back)
        return self.back("evening")


def one_tap_method(method: str) -> str:
    """An imported plan is uploaded on the series page; one tap draws with the fewest repeats."""
    return SeatingMethod.PLAN if method == SeatingMethod.FIXED else method


def to_seat(series) -> Any:
    """The first series not seated yet while none is being played: the overview seats it with
    one tap (the tournament's seating method, club mates apart in the first series)."""
    for one in series:
        if one.status == SeriesStatus.PLANNED:
            return one
        if one.status != SeriesStatus.CLOSED:
            return None
    return None


def next_step(tournament, series) -> str:
    """What the organiser most likely does next, in one sentence."""
    if not tournament.entries.exists():
        return _("Enter the players (one by one or from a CSV or XLSX file).")
    for one in series:
        if one.status == SeriesStatus.PLANNED:
            return _("Check the players in, then seat series %(number)s.") % {"number": one.number}
        if one.status != SeriesStatus.CLOSED:
            return _(
                "Series %(number)s: print the score sheets, watch the tables, close it when "
                "time is up."
            ) % {"number": one.number}
    return _(
        "Every series is closed: publish the results and print the standings and certificates."
    )
