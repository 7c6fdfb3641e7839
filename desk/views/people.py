"""The known people as a name is typed, for the desk's player fields (their combobox): the
same search as the API's ``?search=`` (``people.domain.search``), read with the desk's session."""

from __future__ import annotations

from django.http import JsonResponse

from desk.views.base import DeskView
from karlchen.plaintext import has_control_characters
from people.domain.search import namesakes, search_players


class PeopleSearchView(DeskView):
    """``GET ?q=…``: ``{"results": [{"id", "name", "club", "member_number", "birth_year",
    "namesake"}]}``, best first; ``namesake``: another result has the same name. Without a
    session: the desk's sign-in, as every desk page."""

    def get(self, request):
        typed = request.GET.get("q", "")
        if has_control_characters(typed):
            return JsonResponse({"results": []}, status=400)
        found = search_players(request.user, typed)
        clashing = namesakes(found)
        results = [
            {
                "id": player.pk,
                "name": player.name,
                "club": player.club_name,
                "member_number": player.member_number
                or next((m.member_number for m in player.memberships.all()), ""),
                "birth_year": player.birth_year,
                "namesake": player.pk in clashing,
            }
            for player in found
        ]
        response = JsonResponse({"results": results})
        response["Cache-Control"] = "private, no-store"
        return response
