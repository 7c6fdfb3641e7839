"""A player picked, not typed: the desk's forms that take a person offer the known ones as the
name is typed (``people.domain.search``, through the page's combobox), and create a new person
only after "Create a new person?" was answered.

A form with ``PersonPick`` gets two more fields: ``player``, the id of the person picked (filled
by the combobox, hidden), and ``new_person``, the answer to the question. Without a person
picked, a name that would make a new person is refused at the name field until the question is
answered, with the known people of a similar name offered to pick instead (``near``), so that
nobody becomes a second person in the registry by a name typed once more. Without JavaScript the
name is a plain text field, and the question and the near matches come with the refusal.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from people.access import manageable_players
from people.domain.search import namesakes, search_players
from people.models import Player

MAX_ID = 2**31 - 1


class PersonPick(forms.Form):
    """Mix into a form whose ``person_field`` is a person's name; pass ``user`` (whose people
    may be picked). ``cleaned_data["person"]``: the person picked, or None (a new one, or the
    one the form's other fields name: ``known_person``)."""

    person_field = "name"

    player = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        widget=forms.HiddenInput(attrs={"data-person-id": True}),
    )
    near = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    new_person = forms.BooleanField(label=_("Yes, create a new person"), required=False)

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.near_matches: list[Player] = []
        self.asks_new_person = False
        self.fields[self.person_field].widget.attrs.update(
            {"autocomplete": "off", "data-person-search": reverse("desk:people-search")}
        )

    def person_fields(self) -> list[str]:
        """The fields the page lays out itself, in the person's block."""
        return [self.person_field, "player", "near", "new_person"]

    def other_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.person_fields()]

    def near_choices(self) -> list[tuple[Player, bool]]:
        """The near matches, each with whether its year of birth tells it from a namesake."""
        clashing = namesakes(self.near_matches)
        return [(player, player.pk in clashing) for player in self.near_matches]

    def known_person(self, cleaned: dict[str, Any]) -> bool:
        """Whether the form's other fields name a person already known (a member number):
        then no new person is made and no question asked."""
        return False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["person"] = None
        picked = cleaned.get("near") or cleaned.get("player")
        if picked:
            person = manageable_players(self.user).filter(pk=picked, erased_at__isnull=True).first()
            if person is None:
                self.add_error(self.person_field, _("This person is not known here: choose again."))
            cleaned["person"] = person
            return cleaned
        name = cleaned.get(self.person_field) or ""
        if not name.strip() or self.known_person(cleaned) or cleaned.get("new_person"):
            return cleaned
        self.near_matches = search_players(self.user, name)
        self.asks_new_person = True
        if self.near_matches:
            message = _(
                "Known people of a similar name are listed below: pick one, or create a new person."
            )
        else:
            message = _("Nobody of this name is known yet. Create a new person?")
        self.add_error(self.person_field, message)
        return cleaned
