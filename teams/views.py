"""The side rankings for spectators: a section beside the players' ranking on /t/<id>/ (handed
to ``results`` through its port, ``results.sections``) and their own page, /t/<id>/teams/.

Both render the cached body the API serves (``teams.domain.rankings``) and then keep it current
with the API's ETags (``teams/static/teams/side.js``).
"""

from __future__ import annotations

import json
from typing import Any

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from karlchen.messages import problem_message
from karlchen.refusals import Closed
from results.domain.public import public_tournament
from results.sections import Section
from results.views import SpectatorPage, poll_seconds
from teams.domain.rankings import public_side_rankings
from teams.models import Team
from tournaments.models import Entry, Tournament
from tournaments.visibility import standings_published

SECTION_ROWS = 5  # the section on the ranking page shows the best few; the page shows all
TEXTS = {
    "hidden": _("hidden"),
    "substitute": _("substitute"),
    "captain": _("captain"),
    "not_ranked": _("not ranked"),
}


def has_sides(tournament: Tournament) -> bool:
    """Teams are set up, or players of clubs are entered (the clubs' ranking)."""
    return (
        Team.objects.filter(tournament=tournament).exists()
        or Entry.objects.filter(tournament=tournament).exclude(player__club_name="").exists()
    )


def side_context(tournament: Tournament, limit: int | None) -> dict[str, Any]:
    """The side rankings as the page shows them (the best ``limit`` of each), or the reason
    spectators do not see them (``closed``)."""
    try:
        body = public_side_rankings(tournament.pk)
    except Closed as closed:
        return {"tournament": tournament, "closed": problem_message(closed.problem)}
    data: dict[str, Any] = json.loads(body.content) if body is not None else {}
    teams, clubs = data.get("teams", []), data.get("clubs", [])
    return {
        "tournament": tournament,
        "teams": teams[:limit],
        "clubs": clubs[:limit],
        "more": limit is not None and max(len(teams), len(clubs)) > limit,
        "page_data": {
            "api": reverse("side-rankings", kwargs={"tournament_id": tournament.pk}),
            "etag": body.etag if body is not None else "",
            "limit": limit,
            "poll_seconds": poll_seconds(),
            "texts": {name: str(text) for name, text in TEXTS.items()},
        },
    }


def spectator_section(tournament: Tournament) -> Section | None:
    """The section on the ranking page: the best teams and clubs, live (registered in
    ``teams.apps``)."""
    if not has_sides(tournament) or not standings_published(tournament):
        return None  # nothing to show, or the page says already that nothing is published
    return Section(
        template="teams/_section.html",
        context=side_context(tournament, SECTION_ROWS),
        scripts=("teams/side.js",),
    )


class SideRankingsPage(SpectatorPage):
    def get(self, request, tournament_id: int):
        tournament = public_tournament(tournament_id)
        context = {"tournament": tournament, "section": side_context(tournament, None)}
        return render(request, "teams/page.html", context)
