"""Who may do what through the API: organisers, a table's captain, and anyone.

- Organisers are superusers and the users in ``tournament.organisers`` (logged in by session,
  HTTP Basic or DRF token).
- A table's captain sends ``Authorization: Table <token>`` (the secret of the captain link); the
  token opens only its own table (another table: 403 ``permission_denied``). After the series is
  closed it still reads, but every write is refused by the domain (403 ``series_closed``).
- Anyone reads what is public: tournaments that are not drafts. A draft is a 404 to anyone but
  its organisers, as if it did not exist.

Missing credentials are a 401 ``not_authenticated``, wrong ones a 401 ``authentication_failed``.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from scoring.domain.deals import Author
from tournaments.domain.seating import table_for_token
from tournaments.enums import TournamentStatus
from tournaments.models import Entry, Series, Table, Tournament

CAPTAIN_LABEL = "captain"


class TableTokenAuthentication(BaseAuthentication):
    """``Authorization: Table <token>``: the request speaks for that table's captain.

    ``request.user`` stays anonymous and ``request.auth`` is the table.
    """

    keyword = "Table"

    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.lower().encode():
            return None
        if len(words) != 2:
            raise exceptions.AuthenticationFailed()
        try:
            token = words[1].decode("ascii")
        except UnicodeDecodeError as error:
            raise exceptions.AuthenticationFailed() from error
        table = table_for_token(token)
        if table is None:
            raise exceptions.AuthenticationFailed()
        return AnonymousUser(), table

    def authenticate_header(self, request) -> str:
        return self.keyword


class TableTokenScheme(OpenApiAuthenticationExtension):
    target_class = TableTokenAuthentication
    name = "tableToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A table captain's secret: `Authorization: Table <token>`.",
        }


def is_organiser(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or tournament.organisers.filter(pk=user.pk).exists()


def denied(request) -> exceptions.APIException:
    """401 for a request without credentials, 403 for one whose credentials do not suffice."""
    if request.successful_authenticator is None:
        return exceptions.NotAuthenticated()
    return exceptions.PermissionDenied()


def captain_table(request) -> Table | None:
    return request.auth if isinstance(request.auth, Table) else None


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


def table_or_404(table_id: int, request=None) -> Table:
    """The table ``table_id``: the captain's own (already loaded by its token) or from the DB."""
    captain = captain_table(request) if request is not None else None
    if captain is not None and captain.pk == table_id:
        return captain
    return get_or_404(Table.objects.select_related("series__tournament"), table_id)


def table_author(request, table: Table) -> Author:
    """Who writes to ``table``: its captain, or an organiser (who may correct closed series)."""
    captain = captain_table(request)
    if captain is not None:
        if captain.pk != table.pk:
            raise exceptions.PermissionDenied()
        return Author(user=None, label=CAPTAIN_LABEL)
    if is_organiser(request.user, table.series.tournament):
        label = request.user.get_username()[:100]  # the revision's author label holds 100
        return Author(user=request.user, label=label, organiser=True)
    raise denied(request)


def require_table_reader(request, table: Table) -> None:
    """Public tables read by anyone; a draft's tables by its organisers and the table's captain."""
    captain = captain_table(request)
    if captain is not None and captain.pk == table.pk:
        return
    tournament = table.series.tournament
    if not tournament.is_public and not is_organiser(request.user, tournament):
        raise exceptions.NotFound()


def get_or_404(queryset, pk: int):
    found = queryset.filter(pk=pk).first()
    if found is None:
        raise exceptions.NotFound()
    return found


def visible_tournaments(user):
    """Tournaments a user may see listed: the public ones and the drafts they organise."""
    queryset = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return queryset
    public = ~Q(status=TournamentStatus.DRAFT)
    if not user.is_authenticated:
        return queryset.filter(public)
    return queryset.filter(public | Q(organisers=user)).distinct()
