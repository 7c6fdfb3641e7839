"""Loading the season a path names, with its access rule (the API's answers: 404, 401, 403)."""

from rest_framework.exceptions import NotFound

from karlchen.api.base import denied
from seasons.access import is_season_organiser, readable_season
from seasons.models import Season


def season_for(request, season_id: int) -> tuple[Season, bool]:
    """The season and whether the user reads it as its insiders; 404 where they may not see it."""
    found = readable_season(request.user, season_id)
    if found is None:
        raise NotFound()
    return found


def organised_season(request, season_id: int) -> Season:
    """The season if the user runs it; 404 if they may not see it, else 401/403."""
    season, _insider = season_for(request, season_id)
    if not is_season_organiser(request.user, season):
        raise denied(request)
    return season
