"""The public pages of an open tournament (no account): the announcement with the sign-up
form, and the pages the e-mailed links open (confirm, cancel)."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.views import View

from karlchen import limits
from karlchen.logins import client_address
from karlchen.messages import problem_message
from karlchen.refusals import Problem, Refused
from signups.domain.places import announcement_of, waiting_position
from signups.domain.signups import (
    Applicant,
    by_token,
    cancel,
    closed_because,
    confirm,
    places_left,
    sign_up,
)
from signups.enums import SignUpStatus
from signups.forms import SignUpForm
from signups.models import SignUp
from tournaments.models import Tournament

RATE_WINDOW = 60 * 60  # seconds: the sign-ups per address counted in an hour


class AnnouncementPage(View):
    """/t/<id>/signup/: date, venue, rules, fees, places, deadline, contact, and the form."""

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        tournament = get_object_or_404(Tournament, pk=kwargs["tournament_id"])
        self.announcement = announcement_of(tournament)
        if not self.announcement.published:
            raise Http404("not announced")
        self.tournament = tournament

    def get(self, request, tournament_id):
        return self.show(self.form())

    def post(self, request, tournament_id):
        form = self.form(request.POST)
        if form.is_bot:  # answered as a success, so the bot learns nothing
            return HttpResponseRedirect(reverse("announcement-sent", args=[tournament_id]))
        window = limits.hit(f"signup:{client_address(request)}", RATE_WINDOW)
        if window.hits > settings.SIGNUP_RATE_LIMIT:
            form.add_error(None, problem_message(Problem("signup_rate_limited", "signup")))
            return self.show(form, status=429)
        if not form.is_valid():
            return self.show(form, status=400)
        try:
            sign_up(
                self.tournament,
                Applicant(**{k: v for k, v in form.cleaned_data.items() if k != "website"}),
                base_url=request.build_absolute_uri("/"),
                language=translation.get_language() or "",
            )
        except Refused as refusal:
            for problem in refusal.problems:
                field = problem.field if problem.field in form.fields else None
                form.add_error(field, problem_message(problem))
            return self.show(form, status=400)
        return HttpResponseRedirect(reverse("announcement-sent", args=[tournament_id]))

    def form(self, data=None) -> SignUpForm:
        return SignUpForm(data, categories=list(self.announcement.category_fees))

    def show(self, form, status: int = 200):
        return render(self.request, "signups/announcement.html", self.context(form), status=status)

    def context(self, form) -> dict:
        announcement = self.announcement
        closed = closed_because(announcement)
        signups = SignUp.objects.filter(tournament=self.tournament)
        return {
            "tournament": self.tournament,
            "announcement": announcement,
            "form": form,
            "open": closed is None,
            "closed": "" if closed is None else problem_message(closed),
            "places_left": places_left(self.tournament),
            "waiting": signups.filter(status=SignUpStatus.WAITING).count(),
            "fees": sorted(announcement.category_fees.items()),
        }


class SentPage(AnnouncementPage):
    http_method_names = ["get", "head", "options"]

    def get(self, request, tournament_id):
        return render(request, "signups/sent.html", {"tournament": self.tournament})


class LinkPage(View):
    """A page an e-mailed link opens: it shows the sign-up and acts on POST only (mail
    scanners open links; they do not press buttons)."""

    template = ""

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        signup = by_token(kwargs["token"])
        if signup is None:
            raise Http404("unknown link")
        self.signup = signup

    def get(self, request, token):
        return self.show()

    def show(self, error: str = "", status: int = 200):
        context = {
            "signup": self.signup,
            "tournament": self.signup.tournament,
            "error": error,
            "position": waiting_position(self.signup),
        }
        return render(self.request, self.template, context, status=status)


class ConfirmPage(LinkPage):
    template = "signups/confirm.html"

    def post(self, request, token):
        try:
            self.signup = confirm(self.signup)
        except Refused as refusal:
            return self.show(problem_message(refusal.problem), status=400)
        return self.show()


class CancelPage(LinkPage):
    template = "signups/cancel.html"

    def post(self, request, token):
        self.signup = cancel(self.signup)
        return self.show()
