"""The desk's forms of the player registry: a player's details, their consent, the erasure's
confirmation. The domain (``registry.domain``) checks again and words its refusals."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Association

CONSENT_CHOICES = [("", _("not asked")), ("yes", _("yes")), ("no", _("no"))]


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    member_number = forms.CharField(label=_("DDV member number"), max_length=30, required=False)
    birth_year = forms.IntegerField(
        label=_("Year of birth"),
        required=False,
        help_text=_("Optional: tells two people of one name apart."),
    )
    guest = forms.BooleanField(label=_("Guest (not a member of a club)"), required=False)
    profile_hidden = forms.BooleanField(
        label=_("Hide the public profile"),
        required=False,
        help_text=_("No public profile, whatever the consent says."),
    )

    @classmethod
    def of(cls, player: Any) -> PlayerForm:
        return cls(
            initial={
                "name": player.name,
                "club": player.club_name,
                "member_number": player.member_number or "",
                "birth_year": player.birth_year,
                "guest": player.guest,
                "profile_hidden": player.profile_hidden,
            }
        )


class MembershipForm(forms.Form):
    """Set (or change) the person's member number in an association; removing sends only the
    association."""

    association = forms.ModelChoiceField(
        label=_("Association"), queryset=Association.objects.order_by("name")
    )
    member_number = forms.CharField(label=_("Member number"), max_length=30)


class MembershipRemoveForm(forms.Form):
    association = forms.ModelChoiceField(queryset=Association.objects.all())


class ConsentForm(forms.Form):
    consent = forms.ChoiceField(
        label=_("Agrees to a public profile"),
        choices=CONSENT_CHOICES,
        required=False,
        widget=forms.RadioSelect,
    )
    how = forms.CharField(
        label=_("How it was given"),
        max_length=200,
        required=False,
        help_text=_(
            "E.g. “signed form, club evening 12 May”: recorded with your name and the time."
        ),
    )

    def consent_value(self) -> bool | None:
        return {"yes": True, "no": False}.get(self.cleaned_data["consent"])


class EraseForm(forms.Form):
    confirm = forms.CharField(
        label=_("Type the person's name to confirm"),
        max_length=200,
        help_text=_("Erasing cannot be undone."),
    )
