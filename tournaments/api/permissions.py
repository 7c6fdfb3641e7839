"""Who may do what through the API: organisers, a table's captain, and anyone.

- Organisers are superusers and the users in ``tournament.organisers`` (logged in by session,
  HTTP Basic or DRF token).
- A table's captain: ``seating.api.authentication`` and ``scoring.api.permissions``.
- Anyone reads what is public: tournaments that are not drafts. A draft is a 404 to anyone but
  its organisers, as if it did not exist.

Missing credentials are a 401 ``not_authenticated``, wrong ones a 401 ``authentication_failed``.
"""

from __future__ import annotations

from django.db.models import Q
from rest_framework import exceptions

from tournaments.enums import TournamentStatus
from tournaments.models import Entry, Series, Tournament


def is_organiser(user, tournament: Tournament) -> bool:
    return tournament.is_organised_by(user)


def denied(request) -> exceptions.APIException:
    """401 for a request without credentials, 403 for one whose credentials do not suffice."""
    if request.successful_authenticator is None:
        return exceptions.NotAuthenticated()
    return exceptions.PermissionDenied()


# --- loading what a path names, with its access rule ------------------------------------------


def readable_tournament(request, tournament_id: int) -> Tournament:
    """The tournament if it is public or the user organises it; else 404."""
    tournament = get_or_404(Tournament.objects.all(), tournament_id)
    if not tournament.is_public and not is_organiser(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


def organised_tournament(request, tournament_id: int) -> Tournament:
    """The tournament if the user organises it; 404 if there is none, else 401/403."""
    tournament = get_or_404(Tournament.objects.all(), tournament_id)
    if not is_organiser(request.user, tournament):
        raise denied(request)
    return tournament


def series_of(tournament: Tournament, number: int) -> Series:
    series = tournament.series.filter(number=number).first()
    if series is None:
        raise exceptions.NotFound()
    series.tournament = tournament
    return series


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    return get_or_404(tournament.entries.select_related("player__club"), entry_id)


def get_or_404(queryset, pk: int):
    found = queryset.filter(pk=pk).first()
    if found is None:
        raise exceptions.NotFound()
    return found


def visible_tournaments(user):
    """Tournaments a user may see listed: the public ones and the drafts they organise."""
    queryset = Tournament.objects.select_related("club")
    if user.is_authenticated and user.is_superuser:
        return queryset
    public = ~Q(status=TournamentStatus.DRAFT)
    if not user.is_authenticated:
        return queryset.filter(public)
    return queryset.filter(public | Q(organisers=user)).distinct()
