"""What a request answers when its database connection breaks under it.

The server can drop a connection in the middle of a request: PostgreSQL restarted or failed
over, an administrator's ``pg_terminate_backend``, a pooler's server connection gone; or the
database cannot be reached at all. The embedded SQLite has its own passing fault: a writer that
waited ``SQLITE_BUSY_SECONDS`` for another's lock and gave up. None of these says anything
about the request, and each would answer 500 (a crash).

``DatabaseFaultsMiddleware`` answers them instead:

- A **read** (GET, HEAD, OPTIONS) is run once more, on a new connection: a read changes
  nothing, so running it again is safe, and the reader never sees the fault.
- A **write** is not run again here: its connection may have died after the commit, so it may
  be stored already. It answers **503** with ``Retry-After``, and the client sends it again:
  the captain's page does so by itself with the deal's idempotency key, which stores a deal
  once whichever of its sends got through.
- A read whose second run fails as well answers 503 too.

Only faults of the connection count (``karlchen.connection_faults``); a wrong query stays a 500.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from karlchen.api.errors import REQUEST_ERROR_CODES, is_api
from karlchen.connection_faults import connection_fault, drop_broken_connections
from karlchen.strict_input import error

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 2
READS = frozenset({"GET", "HEAD", "OPTIONS"})


class DatabaseFaultsMiddleware:
    """Reads run again once, writes answer 503 with ``Retry-After`` (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if not connection_fault(exception):
            return None
        drop_broken_connections()
        what = f"{request.method} {request.path}"
        if request.method in READS and request.resolver_match is not None:
            log.warning("database connection failed during %s (%s); reading again", what, exception)
            try:
                return _view_again(request)
            except Exception as again:
                if not connection_fault(again):
                    raise
                drop_broken_connections()
                exception = again
        log.warning("database connection failed during %s (%s): 503", what, exception)
        return unavailable(request)


def _view_again(request: HttpRequest) -> Any:
    match = request.resolver_match
    assert match is not None
    response = match.func(request, *match.args, **match.kwargs)
    if callable(getattr(response, "render", None)):  # the fault may have come while rendering
        response = response.render()
    return response


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 with ``Retry-After``: the API's error format under /api/, a short page elsewhere."""
    code = "database_unavailable"
    message = str(REQUEST_ERROR_CODES[code])
    response: HttpResponse
    if is_api(request):
        response = JsonResponse({"errors": [error("body", code, message)]}, status=503)
    else:
        page = render_to_string(
            "karlchen/unavailable.html", {"message": message, "title": _("Please try again")}
        )
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
