"""A club's public page, /clubs/<id>/ (docs/CLUBS.md): its upcoming and past public
tournaments and its public seasons. It lives in ``seasons``, the lowest app that knows both
tournaments and seasons; drafts and private seasons never show here (not even to the club's
people: the desk is theirs)."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views import View

from clubs.models import Club
from karlchen.name_order import InNameOrder
from results.sections import Section
from seasons.models import Season
from seasons.ports import CLUB_SECTIONS
from seasons.visibility import public_seasons
from tournaments.enums import TournamentStatus
from tournaments.visibility import public_tournaments

PAST_SHOWN = 50  # the most recent past tournaments listed

# Given the club and its public seasons (in name order), a section for its page, or None.
ClubSectionProvider = Callable[[Club, list[Season]], Section | None]


class ClubPageView(View):
    def get(self, request, club_id: int):
        club = get_object_or_404(Club.objects.select_related("association"), pk=club_id)
        today = timezone.localdate()
        public = public_tournaments(club.tournaments.all())
        coming_or_running = Q(date__gte=today) | Q(status=TournamentStatus.RUNNING)
        upcoming = public.filter(coming_or_running).exclude(status=TournamentStatus.FINISHED)
        past = public.exclude(pk__in=upcoming.values("pk"))
        seasons = list(public_seasons(club.seasons.all()).order_by(InNameOrder("name"), "pk"))
        context = {
            "club": club,
            "upcoming": upcoming.order_by("date", "name"),
            "past": past.order_by("-date", "name")[:PAST_SHOWN],
            "seasons": seasons,
            "sections": [
                section
                for provider in CLUB_SECTIONS.all()
                if (section := provider(club, seasons)) is not None
            ],
        }
        return render(request, "seasons/club.html", context)
