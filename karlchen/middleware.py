"""Text that comes in by a query string or a form, checked once for every page and endpoint.

``PlainTextMiddleware`` applies ``karlchen.plaintext``'s rules before any view reads the request:
a query parameter is a line (no control character at all), a form field a text (tab and line
breaks kept for the texts of several lines); names and values alike. Forms are read for the pages
only: the API takes JSON alone (a form there is a 415). A refusal changes nothing
and names each field: under /api/ a 400 in the API's error format (``text_control_characters``),
elsewhere a 400 page in the reader's language. The API's JSON bodies are checked by its parser
(``karlchen.api.parsers``), archive files where they are read (``parse_archive``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render

from karlchen.messages import MESSAGES
from karlchen.plaintext import CODE, has_control_characters, has_forbidden_characters, printable
from karlchen.strict_input import error

API_PREFIX = "/api/"
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def refused_fields(request: HttpRequest) -> list[str]:
    """The query parameters and form fields of ``request`` that hold what they may not."""
    fields = [
        name
        for name, values in _read(lambda: request.GET.lists())
        if has_control_characters(name) or any(has_control_characters(v) for v in values)
    ]
    # The API reads JSON only (a form is a 415 there, and reading it here would hide that).
    api = request.path_info.startswith(API_PREFIX)
    if request.method == "POST" and request.content_type in FORMS and not api:
        fields += [
            name
            for name, values in _read(lambda: request.POST.lists())
            if has_forbidden_characters(name) or any(has_forbidden_characters(v) for v in values)
        ]
    return [printable(name) for name in dict.fromkeys(fields)]


def _read(lists: Callable[[], Iterable[tuple[str, list[str]]]]) -> list[tuple[str, list[str]]]:
    """A query or form as Django reads it; one Django refuses to read (too many fields, too
    large, broken) is left to the view: it gets the same refusal where it reads it (a page that
    never reads its query answers as before)."""
    try:
        return list(lists())
    except (SuspiciousOperation, MultiPartParserError):
        return []


class PlainTextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        fields = refused_fields(request)
        if not fields:
            return self.get_response(request)
        message = str(MESSAGES[CODE])
        if request.path_info.startswith(API_PREFIX):
            body = {"errors": [error(field, CODE, message) for field in fields]}
            return JsonResponse(body, status=400)
        context = {"fields": fields, "message": message}
        return render(request, "bad_input.html", context, status=400)
