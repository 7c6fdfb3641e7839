"""A cup's public page (no login): its group tables and its bracket, /c/<cup>/.

It renders the cached body the API serves (``cups.domain.state.cached_cup``). An unknown or
private cup is the same friendly 404 page (its organisers see a private one, signed in).
"""

from __future__ import annotations

import json

from django.shortcuts import render
from django.views import View

from cups.access import readable_cup
from cups.domain.state import cached_cup
from cups.presentation import cup_view


class CupView(View):
    def get(self, request, cup_id: int):
        found = readable_cup(request.user, cup_id)
        if found is None:
            return render(request, "cups/not_found.html", status=404)
        cup, organiser = found
        body = cup_view(json.loads(cached_cup(cup, public=not organiser).content))
        context = {"cup": cup, "body": body, "organiser": organiser}
        return render(request, "cups/cup.html", context)
