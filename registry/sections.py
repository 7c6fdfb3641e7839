"""The registry's section on the spectators' ranking (``results.sections``, registered in
``registry.apps``): which rows link a public profile (those of players who agreed to one and
are not hidden at this tournament); a script adds the links to the live table."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from people.models import public_profile_condition
from results.sections import Section
from tournaments.models import Tournament
from tournaments.visibility import listed_entries, standings_published


def profile_section(tournament: Tournament) -> Section | None:
    if not standings_published(tournament):
        return None
    entries = (
        listed_entries(tournament.entries.all())
        .filter(public_profile_condition("player__"))
        .values_list("pk", "player_id")
        .order_by("pk")
    )
    links = {str(entry): reverse("player-profile", args=[player]) for entry, player in entries}
    if not links:
        return None
    data = {"links": links, "label": _("Profile"), "title": _("All tournaments of the player")}
    return Section(
        template="registry/_profiles.html",
        context={"data": data},
        scripts=("registry/profiles.js",),
    )
