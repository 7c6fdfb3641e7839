"""The sign-up at the desk: the announcement's settings, the list of sign-ups (approve, move
between the list and the waiting list, cancel), a player added, the e-mails left unsent."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.utils.translation import gettext as _

from desk.signup_forms import AddSignUpForm, AnnouncementForm
from desk.views.base import OrganiserView, form_refused
from karlchen.refusals import Refused
from signups.domain.mails import send_unsent
from signups.domain.places import announcement_of
from signups.domain.settings import set_announcement
from signups.domain.signups import (
    Applicant,
    add_signup,
    approve,
    cancel,
    move_to_list,
    move_to_waiting,
    places_left,
)
from signups.enums import SignUpStatus
from signups.models import Mail

SIGNUP_ACTIONS = {
    "approve": approve,
    "to_list": move_to_list,
    "to_waiting": move_to_waiting,
    "cancel": lambda signup, *, by: cancel(signup, by=by),
}
# The list's sections, in the order the desk shows them.
SECTIONS = [
    SignUpStatus.ACCEPTED,
    SignUpStatus.REQUESTED,
    SignUpStatus.WAITING,
    SignUpStatus.UNCONFIRMED,
    SignUpStatus.CANCELLED,
]


class SignUpsView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show()

    def post(self, request, tournament_id):
        action = request.POST.get("action")
        if action == "settings":
            return self.save_settings()
        if action == "add":
            return self.add()
        if action == "send_mails":
            count = send_unsent(self.tournament.pk)
            messages.info(
                request, _("%(count)s e-mails handed to the mail server.") % {"count": count}
            )
            return self.back("signups")
        raise Http404("unknown action")

    def save_settings(self):
        form = AnnouncementForm(self.request.POST)
        if not form.is_valid():
            return self.show(settings_form=form, status=400)
        try:
            set_announcement(self.tournament, by=self.actor, **form.settings())
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(settings_form=form, status=400)
        messages.success(self.request, _("The announcement is saved."))
        return self.back("signups")

    def add(self):
        form = AddSignUpForm(self.request.POST, user=self.request.user)
        if not form.is_valid():
            return self.show(add_form=form, status=400)
        try:
            signup = add_signup(
                self.tournament,
                Applicant(**form.applicant()),
                by=self.actor,
                player=form.cleaned_data["person"],
            )
        except Refused as refusal:
            form_refused(form, refusal, {"player": "name"})
            return self.show(add_form=form, status=400)
        entry = signup.entry
        assert entry is not None  # add_signup enters the player
        messages.success(
            self.request,
            _("%(name)s is entered with start number %(number)s.")
            % {"name": signup.name, "number": entry.start_number},
        )
        return self.back("signups")

    def show(self, settings_form=None, add_form=None, status: int = 200):
        announcement = announcement_of(self.tournament)
        signups = list(self.tournament.signups.select_related("entry"))
        sections = [(status_, [s for s in signups if s.status == status_]) for status_ in SECTIONS]
        return self.page(
            "desk/signups.html",
            "signups",
            status=status,
            announcement=announcement,
            settings_form=settings_form or AnnouncementForm.of(announcement),
            add_form=add_form or AddSignUpForm(user=self.request.user),
            sections=[(SignUpStatus(s).label, s, rows) for s, rows in sections],
            places_left=places_left(self.tournament),
            unsent=Mail.objects.filter(
                signup__tournament=self.tournament, sent_at__isnull=True
            ).count(),
        )


class SignUpActionView(OrganiserView):
    def post(self, request, tournament_id, signup_id):
        signup = self.tournament.signups.filter(pk=signup_id).first()
        operation = SIGNUP_ACTIONS.get(request.POST.get("action", ""))
        if signup is None or operation is None:
            raise Http404("unknown sign-up or action")
        try:
            operation(signup, by=self.actor)
        except Refused as refusal:
            self.refused(refusal)
        return self.back("signups", anchor=f"signup-{signup.pk}")
