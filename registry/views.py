"""A player's public profile, ``/p/<id>/``: their public tournaments and seasons (only with
their consent to a public listing, unless hidden or erased; otherwise a 404 page that says no
more than that there is no public profile here)."""

from __future__ import annotations

import datetime
import json

from django.shortcuts import render
from django.views import View

from registry.domain.profile import public_profile
from stats.domain.reads import player_overview
from stats.pictures import player_pictures


class ProfileView(View):
    def get(self, request, player_id: int):
        body = public_profile(player_id)
        if body is None:
            return render(request, "registry/not_found.html", status=404)
        profile = json.loads(body.content)
        for tournament in profile["tournaments"]:
            tournament["date"] = datetime.date.fromisoformat(tournament["date"])
        overview = player_overview(player_id, public=True)
        profile["pictures"] = player_pictures(overview, "profile-stats")
        response = render(request, "registry/profile.html", profile)
        response["Cache-Control"] = "no-cache"
        return response
