"""What every desk page shares: sign-in, the organiser check (and the organiser as the actor
of every domain operation), the evening's steps."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.views import View

from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused, Unavailable
from tournaments.api.permissions import is_organiser
from tournaments.models import Tournament


class DeskView(LoginRequiredMixin, View):
    """A desk page: only for signed-in users (others are sent to the sign-in page)."""

    login_url = reverse_lazy("desk:login")


class OrganiserView(DeskView):
    """A page of one tournament: its organisers (and superusers) only, everyone else gets 403."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.tournament = get_object_or_404(Tournament, pk=kwargs["tournament_id"])
        if not is_organiser(request.user, self.tournament):
            raise PermissionDenied(_("Only this tournament's organisers may do that."))
        return super().dispatch(request, *args, **kwargs)

    @property
    def actor(self) -> Actor:
        return Actor.of_user(self.request.user)

    def page(self, template: str, step: str, status: int = 200, **context):
        context = {
            "tournament": self.tournament,
            "step": step,
            "steps": steps(self.tournament),
            **context,
        }
        return render(self.request, template, context, status=status)

    def back(self, name: str, *args, anchor: str = "") -> HttpResponseRedirect:
        url = reverse(f"desk:{name}", args=(self.tournament.pk, *args))
        return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))

    def refused(self, refusal: Refused | Unavailable) -> None:
        problems = refusal.problems if isinstance(refusal, Refused) else [refusal.problem]
        for problem in problems:
            messages.error(self.request, problem_message(problem))


def steps(tournament: Tournament) -> list[dict]:
    """The evening's order, as the desk's navigation: set-up, entries, each series, finish."""
    items = [
        {
            "key": "evening",
            "label": _("Overview"),
            "url": reverse("desk:evening", args=[tournament.pk]),
        },
        {
            "key": "setup",
            "label": _("Set-up"),
            "url": reverse("desk:settings", args=[tournament.pk]),
        },
        {
            "key": "entries",
            "label": _("Entries"),
            "url": reverse("desk:entries", args=[tournament.pk]),
        },
    ]
    for series in tournament.series.order_by("number"):
        items.append(
            {
                "key": f"series-{series.number}",
                "label": _("Series %(number)s") % {"number": series.number},
                "url": reverse("desk:series", args=[tournament.pk, series.number]),
                "status": series.status,
            }
        )
    items.append(
        {
            "key": "finish",
            "label": _("Results"),
            "url": reverse("desk:finish", args=[tournament.pk]),
        }
    )
    items.append(
        {
            "key": "organisers",
            "label": _("Organisers & log"),
            "url": reverse("desk:organisers", args=[tournament.pk]),
        }
    )
    return items


def form_refused(form, refusal: Refused, fields: dict[str, str] | None = None) -> None:
    """Show a domain refusal on the form: each problem at the field it names, if the form has it."""
    fields = fields or {}
    for problem in refusal.problems:
        name = fields.get(problem.field, problem.field.removeprefix("rules."))
        target = name if name in form.fields else None
        form.add_error(target, problem_message(problem))
