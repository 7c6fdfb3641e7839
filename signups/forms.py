"""The public sign-up form: it reads the input; the domain checks it (every refusal shown at
its field). The ``website`` field is a honeypot: hidden from people, filled by bots."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

HONEYPOT = "website"


class SignUpForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    email = forms.CharField(
        label=_("E-mail"),
        max_length=254,
        help_text=_("We send the confirmation link there; it is not shown publicly."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    member_number = forms.CharField(
        label=_("Federation member number"), max_length=30, required=False
    )
    category = forms.ChoiceField(label=_("Category"), required=False)
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def __init__(self, *args, categories=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("none"))] + [(name, name) for name in categories]
        category = self.fields["category"]
        assert isinstance(category, forms.ChoiceField)
        category.choices = choices
        if not categories:
            del self.fields["category"]

    @property
    def is_bot(self) -> bool:
        return bool(self.data.get(HONEYPOT))
