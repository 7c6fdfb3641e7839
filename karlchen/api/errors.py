"""The API's one error format: ``{"errors": [{"field", "code", "message"}]}``.

DRF's nested error details are flattened into dotted field paths (``deal.extras.1.type``); engine
refusals arrive here already as problems with codes and are translated by ``scoring.messages``.
"""

from collections.abc import Iterator
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

BODY = "body"  # the field name for errors about the request as a whole

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
}


def error(field: str, code: str, message: "StrOrPromise") -> dict[str, str]:
    return {"field": field, "code": code, "message": str(message)}


def flatten(detail, prefix: str = "") -> Iterator[dict[str, str]]:
    """Walk DRF's nested ``ErrorDetail`` structure, yielding one error per leaf."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = prefix if key in ("non_field_errors", "detail") else _join(prefix, str(key))
            yield from flatten(value, name)
    elif isinstance(detail, list):
        for index, item in enumerate(detail):
            if isinstance(item, dict | list) and item:
                yield from flatten(item, _join(prefix, str(index)))
            elif isinstance(item, exceptions.ErrorDetail):
                yield error(prefix or BODY, item.code or "invalid", item)
    else:
        yield error(prefix or BODY, getattr(detail, "code", None) or "invalid", detail)


def _join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def validation_response(errors: list[dict[str, str]]) -> Response:
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def exception_handler(exc, context):
    """DRF's handler, reshaped into the error format; anything else stays a real 500."""
    if isinstance(exc, RequestDataTooBig):
        body = {"errors": [error(BODY, "body_too_large", REQUEST_ERROR_CODES["body_too_large"])]}
        return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):  # DRF maps them too, but only in its own response
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"errors": list(flatten(exc.detail))}
    elif isinstance(exc, exceptions.ParseError):  # DRF's text quotes the parser in English
        response.data = {"errors": [error(BODY, "parse_error", REQUEST_ERROR_CODES["parse_error"])]}
    else:
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "invalid"
        code = code if isinstance(code, str) else "invalid"
        response.data = {"errors": [error(BODY, code, exc.detail)]}
    return response


def api_not_found(request, exception=None):
    """404 for paths under /api/ in the error format (the site's other pages keep Django's)."""
    body = {"errors": [error(BODY, "not_found", REQUEST_ERROR_CODES["not_found"])]}
    return JsonResponse(body, status=status.HTTP_404_NOT_FOUND)
