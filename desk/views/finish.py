"""The end of the evening: the final standings, publishing or freezing them, printing,
exporting (CSV, XLSX, the JSON archive, and the CSVs the apps above results add: the teams');
and the tournament's organisers with their log."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.html import escape
from django.utils.text import slugify
from django.utils.translation import gettext as _

from desk.forms import OrganiserForm
from desk.views.base import OrganiserView, posted_number
from desk.views.series import document_jobs
from karlchen.log import entries_about
from karlchen.refusals import Refused
from results.domain.exports import export_for_organiser, part_exports
from results.domain.ranking_export import (
    export_ranking,
    file_name,
    layout_of,
    without_member_number,
)
from results.domain.standings import standings
from results.views import WIDGET_ROWS, widget_height
from signups.domain.categories import offered
from tournaments.domain.final import (
    decide_protest,
    finality,
    lodge_protest,
    mark_final,
    reopen_results,
)
from tournaments.domain.tournaments import add_organiser, remove_organiser, update_tournament
from tournaments.models import MAX_PROTEST_MINUTES as MAX_MINUTES

EXPORTS = {  # kind: the file's content type and the end of its name
    "csv": ("text/csv; charset=utf-8", "results.csv"),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "results.xlsx"),
    "json": ("application/json; charset=utf-8", "archive.json"),
}
PUBLISH_ACTIONS = {
    "publish": ({"standings_public": True}, "published"),
    "unpublish": ({"standings_public": False}, "unpublished"),
    "freeze": ({"standings_frozen": True}, "frozen"),
    "thaw": ({"standings_frozen": False}, "thawed"),
}


class FinishView(OrganiserView):
    def get(self, request, tournament_id):
        numbers = list(range(1, self.tournament.series_count + 1))
        rows = standings(self.tournament)
        lines = [{"row": row, "series": [row.per_series.get(n) for n in numbers]} for row in rows]
        return self.page(
            "desk/finish.html",
            "finish",
            lines=lines,
            numbers=numbers,
            jobs=document_jobs(self.tournament),
            open_series=self.tournament.series.exclude(status="closed").count(),
            part_exports=part_exports(self.tournament),
            finality=finality(self.tournament),
            protests=self.tournament.protests.all(),
            categories=offered(self.tournament),
            widget_snippet=widget_snippet(request, self.tournament),
            ranking_layout=layout_of(self.tournament),
            without_number=without_member_number(self.tournament),
        )

    def post(self, request, tournament_id):
        action = PUBLISH_ACTIONS.get(request.POST.get("action", ""))
        if action is not None:
            fields, code = action
            update_tournament(self.tournament, by=self.actor, **fields)
            messages.success(request, _("Done: %(what)s.") % {"what": _action_word(code)})
        return self.back("finish")


class FinalView(OrganiserView):
    """Provisional, then final: the protest period, marking the results final (early: with a
    reason), reopening them (with a reason), and the protests noted at the desk."""

    def post(self, request, tournament_id):
        action = request.POST.get("action", "")
        handler = {
            "period": self.period,
            "final": self.final,
            "reopen": self.reopen,
            "protest": self.protest,
            "decide": self.decide,
        }.get(action)
        if handler is None:
            return self.bad_request(_("Unknown action."))
        try:
            handler(request.POST)
        except Refused as refusal:
            self.refused(refusal)
        return self.back("finish", anchor="final")

    def period(self, data) -> None:
        minutes = posted_number(data, "minutes", _("Protest period"), low=0, high=MAX_MINUTES)
        if minutes is not None:
            update_tournament(self.tournament, by=self.actor, protest_minutes=minutes)
            messages.success(self.request, _("The protest period is saved."))

    def final(self, data) -> None:
        mark_final(self.tournament, by=self.actor, reason=data.get("reason", ""))
        messages.success(self.request, _("The results are final."))

    def reopen(self, data) -> None:
        reopen_results(self.tournament, by=self.actor, reason=data.get("reason", ""))
        messages.success(self.request, _("The results are open again: they are provisional."))

    def protest(self, data) -> None:
        where = {
            name: posted_number(data, name, label, low=1, high=9999)
            for name, label in (("series", _("Series")), ("table", _("Table")), ("deal", _("Deal")))
        }
        lodge_protest(self.tournament, by=self.actor, text=data.get("text", ""), **where)
        messages.success(self.request, _("The protest is noted."))

    def decide(self, data) -> None:
        number = posted_number(data, "protest", _("Protest"), low=1, high=2**31 - 1)
        protest = self.tournament.protests.filter(pk=number).first() if number else None
        if protest is None:
            messages.error(self.request, _("Unknown protest."))
            return
        decide_protest(
            protest, by=self.actor, status=data.get("status", ""), decision=data.get("decision", "")
        )
        messages.success(self.request, _("The decision is noted."))


def widget_snippet(request, tournament) -> str:
    """The HTML a club pastes into its website to show the standings (``results``' widget)."""
    path = reverse("spectator-widget", args=[tournament.pk])
    base = settings.SITE_URL.rstrip("/") if settings.SITE_URL else ""
    url = base + path if base else request.build_absolute_uri(path)
    title = _("Standings: %(name)s") % {"name": tournament.name}
    # plain text (the page escapes it into its text box); its attributes escaped here
    return (
        f'<iframe src="{escape(url)}?rows={WIDGET_ROWS}" title="{escape(title)}" width="100%" '
        f'height="{widget_height(WIDGET_ROWS)}" loading="lazy" style="border:0"></iframe>'
    )


def _action_word(code: str) -> str:
    words = {
        "published": _("the standings are public"),
        "unpublished": _("the standings are hidden from spectators"),
        "frozen": _("spectators see the standings as they are now"),
        "thawed": _("spectators see the live standings again"),
    }
    return words[code]


class ExportView(OrganiserView):
    def get(self, request, tournament_id, kind):
        if kind in EXPORTS:
            content_type, name = EXPORTS[kind]
        elif kind == "ranking":
            content = export_ranking(self.tournament, by=self.actor)
            response = HttpResponse(content, content_type=EXPORTS["csv"][0])
            response["Content-Disposition"] = f'attachment; filename="{file_name(self.tournament)}"'
            return response
        elif kind in {f"{table.key}-csv" for table in part_exports(self.tournament)}:
            content_type, name = EXPORTS["csv"][0], kind.removesuffix("-csv") + ".csv"
        else:
            raise Http404
        stem = slugify(f"{self.tournament.name}-{self.tournament.date}") or "tournament"
        content = export_for_organiser(self.tournament, kind, by=self.actor)
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{stem}-{name}"'
        return response


class OrganisersView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show(OrganiserForm())

    def post(self, request, tournament_id):
        if "remove" in request.POST:
            return self.remove(request.POST)
        form = OrganiserForm(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        name = form.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            form.add_error("username", _("There is no user “%(name)s”.") % {"name": name})
            return self.show(form, status=400)
        add_organiser(self.tournament, user, by=self.actor)
        messages.success(
            request, _("%(name)s may now run this tournament.") % {"name": user.get_username()}
        )
        return self.back("organisers")

    def remove(self, data):
        pk = posted_number(data, "remove", _("Organiser"), low=1, high=2**31 - 1)
        user = None if pk is None else self.tournament.organisers.filter(pk=pk).first()
        if user is None or user == self.request.user:
            messages.error(self.request, _("You cannot remove yourself; another organiser can."))
            return self.back("organisers")
        remove_organiser(self.tournament, user, by=self.actor)
        return self.back("organisers")

    def show(self, form, status: int = 200):
        # its own entries and what its seasons did to it (karlchen.log)
        actions = entries_about(self.tournament, 300)
        return self.page(
            "desk/organisers.html",
            "organisers",
            status=status,
            form=form,
            organisers=self.tournament.organisers.order_by("username"),
            log=[(action, action.text()) for action in actions],
        )
