"""A table captain's login: ``Authorization: Table <token>``, the secret of the captain link.

The token opens only its own table (another table: 403 ``permission_denied``). After the series
is closed it still reads, but every write is refused by the domain (403 ``series_closed``).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from seating.domain.seating import table_for_token
from seating.models import Table


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


def captain_table(request) -> Table | None:
    return request.auth if isinstance(request.auth, Table) else None
