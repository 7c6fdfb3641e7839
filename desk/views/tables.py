"""One table at the desk: its list (the captain's page, worked by the organiser's session),
every correction with its reason, and penalty rows."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.access import Can
from desk.views.base import OrganiserView, posted_number
from karlchen.refusals import Refused
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.queries import table_state
from scoring.enums import AdjustmentKind
from scoring.models import DealRevision
from scoring.views import captain_context
from seating.models import Table

MAX_DEALS = 999
MAX_POINTS = 999  # as the penalty form's fields


class DeskTableView(OrganiserView):
    def get(self, request, tournament_id, table_id):
        table = self.table(table_id)
        context = self.context(table)
        if request.GET.get("part") == "live":
            return render(request, "captain/live.html", context)
        return self.page("desk/table.html", f"series-{table.series.number}", **context)

    def table(self, table_id: int) -> Table:
        table = (
            Table.objects.select_related("series")
            .filter(pk=table_id, series__tournament=self.tournament)
            .first()
        )
        if table is None:
            raise Http404
        table.series.tournament = self.tournament
        return table

    def context(self, table: Table) -> dict:
        state = table_state(table)
        live = reverse("desk:table", args=[self.tournament.pk, table.pk]) + "?part=live"
        context = captain_context(
            state,
            None,
            desk={"live": live, "csrf": get_token(self.request)},
            exact_points=self.request.COOKIES.get("karlchen_exact") == "1",
        )
        revisions = (
            DealRevision.objects.filter(deal__table=table)
            .select_related("deal", "confirmed_by__player")
            .order_by("deal__number", "version")
        )
        adjustments = table.series.adjustments.filter(table=table).prefetch_related(
            "lines__entry__player"
        )
        return {
            **context,
            "history": [revision for revision in revisions if revision.deal.version > 1],
            "adjustments": adjustments,
            "penalty_kinds": AdjustmentKind.choices,
        }


class PenaltyView(DeskTableView):
    writes = Can.SCORE  # penalty rows are points, like deals

    """A penalty row at this table (TSR 9): a minor breach is worked out (offender −3, the
    other players +1 each); otherwise the organiser gives the points per player."""

    def post(self, request, tournament_id, table_id):
        table = self.table(table_id)
        data = request.POST
        try:
            lines = self.lines(table, data)
            add_adjustment(
                table.series,
                kind=data.get("kind", ""),
                lines=lines,
                reason=data.get("reason", ""),
                by=self.actor,
                table=table,
            )
        except Refused as refusal:
            self.refused(refusal)
        else:
            messages.success(request, _("The penalty row is added."))
        return self.back("table", table.pk, anchor="penalties")

    def lines(self, table: Table, data) -> dict:
        seats = {str(seat.position): seat.entry for seat in table.seats.select_related("entry")}
        offender = seats.get(data.get("offender", ""))
        kind = data.get("kind")
        if kind == AdjustmentKind.MINOR and offender is not None:
            number = posted_number(data, "deal", _("Deal"), low=1, high=MAX_DEALS)
            deal = None
            if number is not None:
                deal = table.deals.select_related("current").filter(number=number).first()
            return minor_breach_lines(table, offender, deal=deal)
        if kind == AdjustmentKind.UNSPORTING and offender is not None:
            points = posted_number(data, "points", _("Points"), low=-MAX_POINTS, high=MAX_POINTS)
            return {offender: -abs(points or 0)}
        lines = {}
        for position, entry in seats.items():
            label = _("Points of player %(position)s") % {"position": position}
            points = posted_number(
                data, f"points_{position}", label, low=-MAX_POINTS, high=MAX_POINTS
            )
            if points:
                lines[entry] = points
        return lines
