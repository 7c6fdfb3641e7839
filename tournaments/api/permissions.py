"""Who may do what through the API: the rules are ``clubs.access`` (docs/CLUBS.md);
this module loads what a path names and answers a refusal in the API's terms.

- Users with a role in the tournament's club, its own organisers, superusers (logged in by
  session, HTTP Basic or DRF token): what their role allows (``Can``).
- A table's captain: ``seating.api.authentication`` and ``scoring.api.permissions``.
- Anyone reads what is public: tournaments that are not drafts. A draft is a 404 to anyone who
  may not see it, as if it did not exist.

Missing credentials are a 401 ``not_authenticated``, wrong ones a 401 ``authentication_failed``;
signed in without the right a 403 (a 404 where the tournament is private to the user).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions

from clubs import access
from clubs.access import Can
from clubs.models import Club
from karlchen.api.base import get_or_404
from karlchen.refusals import Refused
from tournaments.models import Entry, Series, Tournament
from tournaments.visibility import public_condition, spectators_may_see

# An archive's import: the club the new one belongs to, chosen by the importer.
IMPORT_CLUB = OpenApiParameter(
    "club",
    int,
    description="The club the imported one belongs to: one where you run tournaments "
    "(`club_not_allowed` otherwise). Left out: none, private to you. The club an archive "
    "names is never used.",
)


def is_organiser(user, tournament: Tournament) -> bool:
    """Whether the user runs the tournament (changes its set-up, runs the evening)."""
    return access.may(user, tournament, Can.RUN)


def sees_private(user, tournament: Tournament) -> bool:
    """Whether the user reads the tournament as its insiders do (a draft, the live ranking, the
    captains' links): its club's people, its organisers, superusers."""
    return access.may(user, tournament, Can.VIEW)


# --- loading what a path names, with its access rule ------------------------------------------


def readable_tournament(request, tournament_id: int) -> Tournament:
    """The tournament if it is public or the user sees it privately; else 404."""
    tournament = get_or_404(Tournament.objects.all(), tournament_id)
    if not spectators_may_see(tournament) and not sees_private(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


def organised_tournament(request, tournament_id: int, can: Can | None = None) -> Tournament:
    """The tournament if the user may ``can`` on it (by default what the request's method needs,
    ``access.needed``: a read ``VIEW``, a write ``RUN``); 404 if there is none or it is private
    to a signed-in user, else 401/403."""
    if can is None:
        can = access.needed(request.method)
    tournament = get_or_404(Tournament.objects.all(), tournament_id)
    if not access.may(request.user, tournament, can):
        raise refusal(request, tournament)
    return tournament


def refusal(request, tournament: Tournament) -> exceptions.APIException:
    """Why a request may not do what it asks: 401 without credentials, 404 for a tournament
    private to the user (no different from an unknown id), else 403."""
    if request.successful_authenticator is None:
        return exceptions.NotAuthenticated()
    if not spectators_may_see(tournament) and not sees_private(request.user, tournament):
        return exceptions.NotFound()
    return exceptions.PermissionDenied()


def job_refusal(request) -> exceptions.APIException:
    """A job is never public: 401 without credentials, else a 404 (as an unknown one)."""
    if request.successful_authenticator is None:
        return exceptions.NotAuthenticated()
    return exceptions.NotFound()


def series_of(tournament: Tournament, number: int) -> Series:
    series = tournament.series.filter(number=number).first()
    if series is None:
        raise exceptions.NotFound()
    series.tournament = tournament
    return series


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    return get_or_404(tournament.entries.select_related("player"), entry_id)


def visible_tournaments(user):
    """Tournaments a user may see listed: the public ones and the private ones they see."""
    return Tournament.objects.select_related("club").filter(
        access.visible(Tournament, user, public_condition())
    )


def import_club(request) -> Club | None:
    """The club of an import's ``?club=`` (``IMPORT_CLUB``), refused as ``club_not_allowed``
    where it is none the user runs tournaments of."""
    raw = request.query_params.get("club", "").strip()
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise Refused.one("club_not_allowed", "club")
    return access.club_to_run(request.user, int(raw))
