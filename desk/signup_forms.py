"""The desk's forms of an open tournament: the announcement and sign-up settings, a player
added at the desk, the payout table. Amounts are typed in euros ("10", "7,50") and handed to
the domain in cents."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from desk.person_forms import PersonPick
from karlchen.messages import MESSAGES
from people.models import Player
from signups.engine.iban import grouped
from signups.enums import Approval, TieShare
from signups.models import Announcement

MONEY = re.compile(r"^\d{1,7}([.,]\d{1,2})?$")


def cents(text: str) -> int | None:
    """ "7,50" → 750; None for what is no amount."""
    text = text.strip().replace("€", "").strip()
    if not MONEY.match(text):
        return None
    try:
        return int(Decimal(text.replace(",", ".")) * 100)
    except InvalidOperation:  # pragma: no cover -- the pattern lets only numbers through
        return None


class EurosField(forms.CharField):
    default_error_messages = {"invalid": _("An amount in euros, e.g. “10” or “7,50”.")}

    def to_python(self, value):
        text = (super().to_python(value) or "").strip()
        if not text:
            return None
        amount = cents(text)
        if amount is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return amount


class CategoryFeesField(forms.CharField):
    """One category a line: "Jugend = 5" → {"Jugend": 500}."""

    widget = forms.Textarea(attrs={"rows": 3})

    def to_python(self, value):
        fees = {}
        for line in (super().to_python(value) or "").splitlines():
            if not line.strip():
                continue
            name, equals, amount = line.rpartition("=")
            fee = cents(amount) if equals else None
            if fee is None or not name.strip():
                raise forms.ValidationError(MESSAGES["category_fees_invalid"], code="invalid")
            fees[name.strip()] = fee
        return fees


def fees_text(category_fees: dict) -> str:
    return "\n".join(f"{name} = {fee / 100:g}" for name, fee in category_fees.items())


class AnnouncementForm(forms.Form):
    published = forms.BooleanField(
        label=_("Announced: the public page takes sign-ups"), required=False
    )
    cap = forms.IntegerField(label=_("Places"), required=False, min_value=1, max_value=10_000)
    deadline = forms.DateTimeField(
        label=_("Sign-up deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    approval = forms.ChoiceField(label=_("Entry by"), choices=Approval.choices)
    venue = forms.CharField(
        label=_("Venue and address"),
        required=False,
        max_length=2_000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    details = forms.CharField(
        label=_("Rules and schedule"),
        required=False,
        max_length=10_000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    contact = forms.CharField(label=_("Organiser contact"), required=False, max_length=200)
    fee = EurosField(label=_("Entry fee (euros)"), required=False)
    category_fees = CategoryFeesField(
        label=_("Categories and their fees"),
        required=False,
        help_text=_("One a line, e.g. “Jugend = 5”; players choose one when they sign up."),
    )

    @classmethod
    def of(cls, announcement: Announcement) -> AnnouncementForm:
        initial = {
            name: getattr(announcement, name)
            for name in ("published", "cap", "deadline", "approval", "venue", "details", "contact")
        }
        initial["fee"] = f"{announcement.fee / 100:g}"
        initial["category_fees"] = fees_text(announcement.category_fees)
        return cls(initial=initial)

    def settings(self) -> dict:
        """The domain's keyword arguments (``signups.domain.settings.set_announcement``)."""
        data = self.cleaned_data
        return {
            "published": data["published"],
            "cap": data["cap"],
            "deadline": data["deadline"],
            "approval": data["approval"],
            "texts": {name: data[name] for name in ("venue", "details", "contact")},
            "fee": data["fee"] or 0,
            "category_fees": data["category_fees"],
        }


class AddSignUpForm(PersonPick):
    """A player added at the door: a known person picked, or a new one from what is typed."""

    name = forms.CharField(label=_("Name"), max_length=120)
    email = forms.CharField(label=_("E-mail"), max_length=254, required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    member_number = forms.CharField(
        label=_("Federation member number"), max_length=30, required=False
    )
    category = forms.CharField(label=_("Category"), max_length=60, required=False)

    def known_person(self, cleaned: dict) -> bool:
        number = (cleaned.get("member_number") or "").strip()
        return bool(number) and Player.objects.filter(member_number=number).exists()

    def applicant(self) -> dict:
        """What ``signups.domain.signups.Applicant`` takes."""
        names = ("name", "email", "club", "member_number", "category")
        return {name: self.cleaned_data[name] for name in names}


class SharesField(forms.CharField):
    """Prizes by place: "50, 30, 20"."""

    def to_python(self, value):
        parts = [part for part in re.split(r"[\s,;]+", super().to_python(value) or "") if part]
        if not all(part.isascii() and part.isdigit() and len(part) <= 9 for part in parts):
            raise forms.ValidationError(MESSAGES["payout_shares_invalid"], code="invalid")
        return [int(part) for part in parts]


class SidePrizesField(forms.CharField):
    """One category a line, its prizes by place in euros: "Damen = 20, 10" → {"Damen": [20, 10]}."""

    widget = forms.Textarea(attrs={"rows": 3})

    def to_python(self, value):
        prizes = {}
        for line in (super().to_python(value) or "").splitlines():
            if not line.strip():
                continue
            name, equals, amounts = line.rpartition("=")  # a name may hold "=", euros not
            parts = [part for part in re.split(r"[\s,;]+", amounts) if part]
            valid = all(part.isascii() and part.isdigit() and len(part) <= 9 for part in parts)
            if not equals or not name.strip() or not parts or not valid:
                raise forms.ValidationError(MESSAGES["category_prizes_invalid"], code="invalid")
            prizes[name.strip()] = [int(part) for part in parts]
        return prizes


def side_prizes_text(category_prizes: dict) -> str:
    return "\n".join(
        f"{name} = {', '.join(str(euros) for euros in amounts)}"
        for name, amounts in category_prizes.items()
    )


class PayoutForm(forms.Form):
    mode = forms.ChoiceField(
        label=_("Prizes as"), choices=[("percent", _("percent of the pot")), ("fixed", _("euros"))]
    )
    shares = SharesField(
        label=_("Prizes by place"),
        required=False,
        max_length=1000,
        help_text=_("From the first place on, e.g. “50, 30, 20”."),
    )
    costs = EurosField(label=_("Costs kept (euros)"), required=False)
    tie_share = forms.ChoiceField(label=_("Ties"), choices=TieShare.choices)
    category_prizes = SidePrizesField(
        label=_("Side prizes by category (euros)"),
        required=False,
        max_length=2_000,
        help_text=_(
            "One category a line with its prizes by place, e.g. “Damen = 20, 10”: paid before "
            "the table above, to the category's best without a prize overall."
        ),
    )

    @classmethod
    def of(cls, announcement: Announcement) -> PayoutForm:
        return cls(
            initial={
                "mode": announcement.payout_mode,
                "shares": ", ".join(str(share) for share in announcement.payout_shares),
                "costs": f"{announcement.payout_costs / 100:g}",
                "tie_share": announcement.tie_share,
                "category_prizes": side_prizes_text(announcement.category_prizes),
            }
        )


class AccountForm(forms.Form):
    """The club's account for payments ahead (checked by the domain: ``set_account``)."""

    transfer_allowed = forms.BooleanField(
        label=_("Players may pay ahead by transfer (GiroCode in the confirmation)"),
        required=False,
    )
    account_holder = forms.CharField(label=_("Account holder"), required=False, max_length=200)
    iban = forms.CharField(label=_("IBAN"), required=False, max_length=60)
    bic = forms.CharField(label=_("BIC (optional)"), required=False, max_length=30)

    @classmethod
    def of(cls, announcement: Announcement) -> AccountForm:
        return cls(
            initial={
                "transfer_allowed": announcement.transfer_allowed,
                "account_holder": announcement.account_holder,
                "iban": grouped(announcement.iban),
                "bic": announcement.bic,
            }
        )

    def settings(self) -> dict:
        """The domain's keyword arguments (``signups.domain.transfers.set_account``)."""
        data = self.cleaned_data
        return {
            "allowed": data["transfer_allowed"],
            "holder": data["account_holder"],
            "iban": data["iban"],
            "bic": data["bic"],
        }


class StatementForm(forms.Form):
    statement = forms.FileField(
        label=_("Bank statement (CSV or CAMT.053)"),
        help_text=_("As your bank exports it: CSV with semicolons, or CAMT.053 as XML."),
    )
