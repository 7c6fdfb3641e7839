"""The category rankings beside the players' ranking on /t/<id>/ (handed to ``results``
through its port, ``results.sections``, registered in ``signups.apps``).

It renders the cached body the API serves (``signups.domain.categories``) and then keeps it
current with the API's ETags (``signups/static/signups/categories.js``).
"""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from karlchen.messages import problem_message
from karlchen.refusals import Closed
from results.sections import Section
from results.views import poll_seconds
from signups.domain.categories import public_category_rankings
from signups.models import EntryCategory
from tournaments.models import Tournament
from tournaments.visibility import standings_published

TEXTS = {"hidden": _("hidden"), "withdrawn": _("withdrawn"), "overall": _("overall")}


def category_context(tournament: Tournament) -> dict[str, Any]:
    """The category rankings as the page shows them, or why spectators do not see them."""
    try:
        body = public_category_rankings(tournament.pk)
    except Closed as closed:
        return {"tournament": tournament, "closed": problem_message(closed.problem)}
    data: dict[str, Any] = json.loads(body.content) if body is not None else {}
    return {
        "tournament": tournament,
        "categories": [one for one in data.get("categories", []) if one["rows"]],
        "page_data": {
            "api": reverse("category-rankings", kwargs={"tournament_id": tournament.pk}),
            "etag": body.etag if body is not None else "",
            "poll_seconds": poll_seconds(),
            "texts": {name: str(text) for name, text in TEXTS.items()},
        },
    }


def category_section(tournament: Tournament) -> Section | None:
    """The section on the ranking page: each category's ranking, live; None where no entry
    has a category (or the page says already that nothing is published)."""
    if not standings_published(tournament):
        return None
    if not EntryCategory.objects.filter(entry__tournament=tournament).exists():
        return None
    return Section(
        template="signups/_categories.html",
        context=category_context(tournament),
        scripts=("signups/categories.js",),
    )
