"""What every desk page shares: sign-in, the access check (``clubs.access``; the signed-in
user as the actor of every domain operation), the evening's steps."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View

from clubs import access
from clubs.access import Can
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from results.domain.public import in_play
from tournaments.domain.entries import is_plain_number
from tournaments.domain.jobs import waiting_for_queue
from tournaments.enums import TournamentStatus
from tournaments.job_texts import QUEUE_DOWN_PDF
from tournaments.models import Job, Tournament


def say_the_pdf_is_being_made(request, job: Job) -> None:
    """The notice after a print was started: being made, or waiting for the job queue (a job
    started while the queue cannot be reached starts by itself once it is back: the organiser
    is told, not refused)."""
    if waiting_for_queue(job):
        messages.warning(request, QUEUE_DOWN_PDF)
    else:
        messages.info(request, _("The PDF is being made; it appears under “Printed documents”."))


class BadNumber(Exception):
    """A posted number that is none, or out of its range: the request is answered 400."""

    def __init__(self, label: str, low: int, high: int) -> None:
        self.label, self.low, self.high = label, low, high
        super().__init__(f"{label}: not a whole number from {low} to {high}")

    @property
    def message(self) -> str:
        return _("%(field)s must be a whole number from %(min)s to %(max)s.") % {
            "field": self.label,
            "min": self.low,
            "max": self.high,
        }


def posted_number(data, name: str, label: str, *, low: int, high: int) -> int | None:
    """``data[name]`` as a whole number from ``low`` to ``high`` (None if empty), written with
    digits 0-9 and an optional minus; anything else raises ``BadNumber``."""
    text = (data.get(name) or "").strip()
    if not text:
        return None
    digits = text.removeprefix("-")
    if not is_plain_number(digits):
        raise BadNumber(label, low, high)
    number = int(text)
    if not low <= number <= high:
        raise BadNumber(label, low, high)
    return number


class DeskView(LoginRequiredMixin, View):
    """A desk page: only for signed-in users (others are sent to the sign-in page)."""

    login_url = reverse_lazy("desk:login")


class OrganiserView(DeskView):
    """A page of one tournament: read by whoever may see it privately (its club's people, its
    organisers), posted to by whoever may ``writes`` (run it, unless the page says otherwise);
    a tournament private to the user is a 404, no different from an unknown one, else 403."""

    writes: Can = Can.RUN

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.tournament = get_object_or_404(Tournament, pk=kwargs["tournament_id"])
        self.require(access.needed(request.method, self.writes))
        try:
            return super().dispatch(request, *args, **kwargs)
        except BadNumber as bad:
            return self.bad_request(bad.message)

    def require(self, can: Can) -> None:
        """Refuse the request unless the user may ``can`` on the tournament."""
        if not access.may(self.request.user, self.tournament, can):
            refuse(self.request.user, self.tournament, public=self.tournament.is_public)

    def may(self, can: Can) -> bool:
        return access.may(self.request.user, self.tournament, can)

    def bad_request(self, message: str):
        """A 400 page naming what was wrong, with the way back to the page posted from."""
        back = self.request.headers.get("Referer", "")
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={self.request.get_host()}):
            back = reverse("desk:evening", args=[self.tournament.pk])
        return self.page("desk/bad_request.html", "", status=400, message=message, back=back)

    @property
    def actor(self) -> Actor:
        return Actor.of_user(self.request.user)

    def page(self, template: str, step: str, status: int = 200, **context):
        context = {
            "tournament": self.tournament,
            "step": step,
            "steps": steps(self.tournament, runs=self.may(Can.RUN)),
            # A scorer reaching an organisers' page by its address: readable, and it says so.
            "read_only": step in RUNNING_STEPS and not self.may(Can.RUN),
            "start_prompt": start_prompt(self.tournament),
            **context,
        }
        return render(self.request, template, context, status=status)

    def back(self, name: str, *args, anchor: str = "") -> HttpResponseRedirect:
        url = reverse(f"desk:{name}", args=(self.tournament.pk, *args))
        return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))

    def refused(self, refusal: Refused) -> None:
        for problem in refusal.problems:
            messages.error(self.request, problem_message(problem))


def refuse(user, home, *, public: bool):
    """Refuse a desk page of ``home`` (a tournament or a season): a 404 where it is private to
    the user (no different from an unknown one), else 403."""
    if not public and not access.may(user, home, Can.VIEW):
        raise Http404
    raise PermissionDenied(_("Only its organisers may do that."))


def start_prompt(tournament: Tournament) -> bool:
    """Whether to ask the organisers to start the tournament: it is still a draft (spectators
    get "starts soon") while its tables are seated or playing already."""
    return tournament.status == TournamentStatus.DRAFT and in_play(tournament.pk)


# The steps only those who run the tournament can use: a club's scorers check players in,
# seat nobody and enter deals and penalty rows, so their navigation leaves these out (each page
# still answers them as before: readable, its forms refused).
RUNNING_STEPS = frozenset({"setup", "signups", "money", "teams", "organisers"})


def steps(tournament: Tournament, *, runs: bool = True) -> list[dict]:
    """The evening's order, as the desk's navigation: set-up, entries, each series, finish;
    for those who do not run it (``runs``), what they can use of it."""
    items = _steps(tournament)
    return items if runs else [item for item in items if item["key"] not in RUNNING_STEPS]


def _steps(tournament: Tournament) -> list[dict]:
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
            "key": "signups",
            "label": _("Sign-up"),
            "url": reverse("desk:signups", args=[tournament.pk]),
        },
        {
            "key": "entries",
            "label": _("Entries"),
            "url": reverse("desk:entries", args=[tournament.pk]),
        },
        {
            "key": "money",
            "label": _("Fees & prizes"),
            "url": reverse("desk:money", args=[tournament.pk]),
        },
        {
            "key": "teams",
            "label": _("Teams"),
            "url": reverse("desk:teams", args=[tournament.pk]),
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
