"""The desk's clubs (docs/CLUBS.md): one's clubs and creating one, a club's people (roles and
invitations), and the page of an e-mailed invitation (accept signed in, or create an account
there and accept)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from clubs import access
from clubs.access import Can
from clubs.domain.clubs import (
    accept_invitation,
    accept_invitation_as_newcomer,
    create_club,
    invite,
    open_invitation,
    remove_role,
    set_role,
    withdraw_invitation,
)
from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole
from desk.views.base import DeskView
from karlchen.actors import Actor
from karlchen.log import entries_about
from karlchen.messages import problem_message
from karlchen.refusals import Refused


class ClubForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    short_name = forms.CharField(label=gettext_lazy("Short name"), max_length=20, required=False)
    association = forms.ModelChoiceField(
        label=gettext_lazy("Association"),
        queryset=Association.objects.none(),
        required=False,
        empty_label=gettext_lazy("— none —"),
    )

    def __init__(self, *args, associations=None, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["association"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = associations if associations is not None else Association.objects.none()


class InvitationForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("E-mail address"))
    # The least powerful role first: an admin is made on purpose, never by an overlooked default.
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=list(reversed(ClubRoleKind.choices)),
        initial=ClubRoleKind.SCORER,
    )


def posted_id(request, name: str) -> int:
    """A posted id (a 404 for anything but digits: no such row)."""
    text = request.POST.get(name, "")
    if not text.isdigit() or not text.isascii():
        raise Http404
    return int(text)


def administered_associations(user):
    if user.is_superuser:
        return Association.objects.all()
    return Association.objects.filter(admins=user)


class ClubsView(DeskView):
    """The user's clubs (where they have a role or administer the association) and a new one."""

    def get(self, request):
        return self.show(self.form())

    def post(self, request):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        association = form.cleaned_data["association"]
        if not access.may_create_club(request.user, association):
            form.add_error(None, _("You may not create a club here."))
            return self.show(form, status=403)
        # self-service: the creator runs it; an association's admin manages it anyway
        admin = request.user if association is None else None
        try:
            club = create_club(
                by=Actor.of_user(request.user),
                name=form.cleaned_data["name"],
                short_name=form.cleaned_data["short_name"],
                association=association,
                admin=admin,
            )
        except Refused as refusal:
            for problem in refusal.problems:
                target = problem.field if problem.field in form.fields else None
                form.add_error(target, problem_message(problem))
            return self.show(form, status=400)
        messages.success(request, _("The club is created. Next: invite its people."))
        return HttpResponseRedirect(reverse("desk:club", args=[club.pk]))

    def form(self, data=None) -> ClubForm:
        return ClubForm(data, associations=administered_associations(self.request.user))

    def show(self, form, status: int = 200):
        user = self.request.user
        may_create = access.may_create_club(user, None) or form.fields["association"].queryset
        context = {
            "clubs": access.clubs_of(user, Can.VIEW),
            "roles": dict(ClubRole.objects.filter(user=user.pk).values_list("club_id", "role")),
            "form": form if may_create else None,
        }
        return render(self.request, "desk/clubs.html", context, status=status)


class ClubView(DeskView):
    """A club's people: roles (change, take) and invitations (send, withdraw); its admins
    (and its association's) manage them, its other people see them."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.club = get_object_or_404(
            Club.objects.select_related("association"), pk=kwargs["club_id"]
        )
        if not access.may_club(request.user, self.club, Can.VIEW):  # a club itself is public
            raise PermissionDenied(_("Only the club's people may see this page."))
        self.manages = access.may_club(request.user, self.club, Can.MANAGE)
        if request.method == "POST" and not self.manages:
            raise PermissionDenied(_("Only the club's admins may do that."))
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, club_id):
        return self.show(InvitationForm())

    def post(self, request, club_id):
        actor = Actor.of_user(request.user)
        action = request.POST.get("action", "")
        try:
            if action == "invite":
                return self.invite(actor)
            if action in ("role", "remove"):
                self.change_role(action, actor)
            elif action == "withdraw":
                invitation = get_object_or_404(
                    self.club.invitations, pk=posted_id(request, "invitation")
                )
                withdraw_invitation(invitation, by=actor)
                messages.success(request, _("The invitation is withdrawn."))
            else:
                raise Http404("unknown action")
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, problem_message(problem))
        return HttpResponseRedirect(reverse("desk:club", args=[self.club.pk]))

    def change_role(self, action: str, actor: Actor) -> None:
        role = get_object_or_404(
            self.club.roles.select_related("user"), pk=posted_id(self.request, "member")
        )
        if action == "remove":
            remove_role(self.club, role.user, by=actor)
            messages.success(
                self.request,
                _("%(name)s has no role in the club any more.")
                % {"name": role.user.get_username()},
            )
        else:
            set_role(self.club, role.user, self.request.POST.get("role", ""), by=actor)
            messages.success(self.request, _("The role is changed."))

    def invite(self, actor: Actor):
        form = InvitationForm(self.request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        _invitation, token = invite(
            self.club,
            email=form.cleaned_data["email"],
            role=form.cleaned_data["role"],
            by=actor,
            link=lambda token: self.request.build_absolute_uri(
                reverse("desk:invitation", args=[token])
            ),
        )
        link = self.request.build_absolute_uri(reverse("desk:invitation", args=[token]))
        messages.success(
            self.request,
            _("The invitation is on its way. Its link, should the e-mail not arrive: %(link)s")
            % {"link": link},
        )
        return HttpResponseRedirect(reverse("desk:club", args=[self.club.pk]))

    def show(self, form, status: int = 200):
        context = {
            "club": self.club,
            "manages": self.manages,
            "roles": self.club.roles.select_related("user").order_by("role", "user__username"),
            "invitations": self.club.invitations.filter(accepted_at=None, withdrawn_at=None),
            "role_choices": ClubRoleKind.choices,
            "form": form,
            "log": [(row, row.text()) for row in entries_about(self.club, 50)]
            if self.manages
            else [],
        }
        return render(self.request, "desk/club.html", context, status=status)


class InvitationView(View):
    """An e-mailed invitation: signed in, accept it; else sign in (and come back) or create an
    account here and accept at once. An unknown, used, withdrawn or expired link says so."""

    def get(self, request, token):
        return self.show(token, UserCreationForm())

    def post(self, request, token):
        invitation = open_invitation(token)
        if invitation is None:
            return self.show(token, None, status=404)
        try:
            if request.user.is_authenticated:
                accept_invitation(token, request.user, by=Actor.of_user(request.user))
            else:
                form: UserCreationForm = UserCreationForm(request.POST)
                if not form.is_valid():
                    return self.show(token, form, status=400)
                granted = accept_invitation_as_newcomer(  # the account and the role at once
                    token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                )
                login(request, granted.user, backend="django.contrib.auth.backends.ModelBackend")
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, problem_message(problem))
            return self.show(token, None, status=409)
        messages.success(request, _("Welcome to %(club)s.") % {"club": invitation.club.name})
        return HttpResponseRedirect(reverse("desk:club", args=[invitation.club_id]))

    def show(self, token, form, status: int = 200):
        invitation = open_invitation(token)
        context = {
            "invitation": invitation,
            "form": form if not self.request.user.is_authenticated else None,
            "login": reverse("desk:login") + "?next=" + self.request.path,
        }
        status = status if invitation is not None else 404
        return render(self.request, "desk/invitation.html", context, status=status)
