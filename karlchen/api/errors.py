"""The API's one error format: ``{"errors": [{"field", "code", "message"}]}``.

DRF's nested error details are flattened into dotted field paths (``deal.extras.1.type``); engine
refusals arrive here already as problems with codes and are translated by ``karlchen.messages``.

What Django answers itself (an unknown path, a failed CSRF check, a request it cannot read, a
crash) comes in the same format for every path under ``/api/``: ``karlchen.urls`` routes the
unknown paths and names the handlers below, the settings the CSRF failure view. Other paths keep
Django's pages.
"""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import csrf, defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from karlchen.strict_input import BODY, error, flatten

# Codes DRF and this module produce, with their meaning (listed in the API documentation).
REQUEST_ERROR_CODES = {
    "parse_error": _("The body is not valid JSON."),
    "body_too_large": _("The body is too large."),
    "unsupported_media_type": _("The body must be sent as application/json."),
    "required": _("A required field is missing."),
    "null": _("The field must not be null."),
    "invalid": _("The value has the wrong type or format."),
    "invalid_choice": _("The value is not one of the allowed choices."),
    "not_a_list": _("A JSON list is required."),
    "not_an_object": _("A JSON object is required."),
    "empty": _("The list must not be empty."),
    "min_length": _("The list is too short."),
    "max_length": _("The list is too long."),
    "unknown_field": _("The field is not part of the format."),
    "throttled": _("Too many requests from this address; try again shortly."),
    "locked_out": _("Too many failed sign-ins for this account or from this address."),
    "not_authenticated": _("Authentication is required."),
    "authentication_failed": _("The credentials are not valid."),
    "permission_denied": _("You may not do this."),
    "not_found": _("Not found."),
    "not_started": _("This tournament is not public yet: it starts soon."),
    "method_not_allowed": _("This method is not allowed here."),
    "not_acceptable": _("The requested response format is not available."),
    "min_value": _("The number is too small."),
    "max_value": _("The number is too large."),
    "blank": _("The text must not be empty."),
    "unknown_entry": _("No entry of this tournament has this id."),
    "csv_encoding": _("The CSV file cannot be read as text (UTF-8 unless a charset is given)."),
    "bad_request": _("The request cannot be read (e.g. too many query parameters)."),
    "csrf_failed": _(
        "The CSRF check failed: with the session cookie, send the CSRF token in X-CSRFToken."
    ),
    "server_error": _("Something went wrong on the server. Please try again later."),
    "database_unavailable": _(
        "The database could not be reached just now. Please try again in a moment; what you "
        "were saving may not have been stored (a deal sent again with its idempotency key is "
        "stored once)."
    ),
}

API_PREFIX = "/api/"


def validation_response(errors: list[dict[str, str]]) -> Response:
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def exception_handler(exc, context):
    """DRF's handler, reshaped into the error format; anything else stays a real 500."""
    if isinstance(exc, RequestDataTooBig):
        _render_as_json(context)
        return Response(_body("body_too_large"), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):  # DRF maps them too, but only in its own response
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, exceptions.PermissionDenied) and _is_csrf_refusal(exc):
        exc = exceptions.PermissionDenied(REQUEST_ERROR_CODES["csrf_failed"], code="csrf_failed")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    _render_as_json(context)
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"errors": list(flatten(exc.detail))}
    elif isinstance(exc, exceptions.ParseError):  # DRF's text quotes the parser in English
        response.data = {"errors": [error(BODY, "parse_error", REQUEST_ERROR_CODES["parse_error"])]}
    else:
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "invalid"
        code = code if isinstance(code, str) else "invalid"
        response.data = {"errors": [error(BODY, code, exc.detail)]}
    return response


def _is_csrf_refusal(exc: exceptions.PermissionDenied) -> bool:
    """DRF's session login refuses a write without the CSRF token with this English text."""
    return str(exc.detail).startswith("CSRF Failed")


def _render_as_json(context) -> None:
    """Errors are JSON whatever the client accepts: the schema view would write them as YAML,
    the browsable API as a page, and a 406 in the first renderer of the view."""
    request = context.get("request")
    if request is not None:
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type


def _body(code: str) -> dict:
    return {"errors": [error(BODY, code, REQUEST_ERROR_CODES[code])]}


def is_api(request) -> bool:
    return request.path_info.startswith(API_PREFIX)


@csrf_exempt  # it changes nothing: a POST to an unknown path is a 404, not a CSRF refusal
def api_not_found(request, exception=None):
    """404 for paths under /api/ in the error format (the site's other pages keep Django's)."""
    return JsonResponse(_body("not_found"), status=status.HTTP_404_NOT_FOUND)


# Django's own answers (``handler400`` … in ``karlchen.urls``, ``CSRF_FAILURE_VIEW``): the error
# format under /api/, Django's pages elsewhere.


def bad_request(request, exception=None):
    """A request Django refused to read (``SuspiciousOperation``): a body over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413, anything else (too many fields…) a 400."""
    if not is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse(
            _body("body_too_large"), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    return JsonResponse(_body("bad_request"), status=status.HTTP_400_BAD_REQUEST)


def permission_denied(request, exception=None):
    if not is_api(request):
        return defaults.permission_denied(request, exception)
    return JsonResponse(_body("permission_denied"), status=status.HTTP_403_FORBIDDEN)


def not_found(request, exception=None):
    if not is_api(request):
        return defaults.page_not_found(request, exception)
    return api_not_found(request)


def server_error(request):
    """A crash: the error format under /api/ (the traceback goes to the log, as before)."""
    if not is_api(request):
        return defaults.server_error(request)
    return JsonResponse(_body("server_error"), status=status.HTTP_500_INTERNAL_SERVER_ERROR)


def csrf_failure(request, reason=""):
    """A write with the session cookie but without its CSRF token, to a view that checks it."""
    if not is_api(request):
        return csrf.csrf_failure(request, reason)
    return JsonResponse(_body("csrf_failed"), status=status.HTTP_403_FORBIDDEN)
