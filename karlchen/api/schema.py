"""Shared pieces of the OpenAPI description: the error body, the table of error codes, and the
error answers every operation can give (``add_error_responses``, a postprocessing hook)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils import translation
from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.views import APIView

from karlchen.api.errors import REQUEST_ERROR_CODES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

ERROR_BODY = inline_serializer(
    "ErrorList",
    fields={
        "errors": serializers.ListField(
            child=inline_serializer(
                "Error",
                fields={
                    "field": serializers.CharField(help_text="Dotted path, e.g. deal.re_points"),
                    "code": serializers.CharField(help_text="Stable code, see the table"),
                    "message": serializers.CharField(help_text="In the request's language"),
                },
            )
        )
    },
)

ERROR_RESPONSES = {
    400: OpenApiResponse(ERROR_BODY, description="Refused: every problem, with field and code."),
    429: OpenApiResponse(ERROR_BODY, description="Rate limit reached for this client address."),
}


def error_codes_description(*tables: Mapping[str, "StrOrPromise"]) -> str:
    """A Markdown table of every error code and its meaning (English, as the schema is)."""
    with translation.override("en"):
        rows = [
            f"| `{code}` | {text} |"
            for table in (REQUEST_ERROR_CODES, *tables)
            for code, text in table.items()
        ]
    header = (
        'Errors come as `{"errors": [{"field", "code", "message"}]}`; messages are in '
        "German by default, English with `Accept-Language: en`.\n\n| code | meaning |\n|---|---|"
    )
    return "\n".join([header, *rows])


HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
ERROR_REF = {"$ref": "#/components/schemas/ErrorList"}


def common_errors(operation: dict, view: type[APIView] | None = None) -> dict[int, str]:
    """The error statuses that follow from an operation's shape, with their descriptions.

    The views document what their own logic refuses (403 for a captain at another table, 409 for
    a stale version…); what every view of a kind answers alike is added here, so no operation
    forgets one: malformed bodies and query parameters, wrong credentials, unknown ids, formats
    the API does not serve, rate limits (the view's throttles) and login lockouts on HTTP Basic,
    a job queue that is down.
    """
    parameters = operation.get("parameters", [])
    body = "requestBody" in operation
    security = [requirement for requirement in operation.get("security", []) if requirement]
    errors = {}
    if body or any(parameter["in"] == "query" for parameter in parameters):
        errors[400] = "Refused: every problem, with field and code."
    if security:
        errors[401] = "Wrong credentials, or none where some are needed."
    if any("basicAuth" in requirement for requirement in security):
        errors[429] = "Too many failed password logins (HTTP Basic): `locked_out`."
    if view is not None and view.throttle_classes:
        errors[429] = "Rate limit reached for this client address (or too many failed logins)."
    if any(parameter["in"] == "path" for parameter in parameters):
        errors[404] = "Unknown id (or a draft, to the public)."
    errors[406] = "The `Accept` header asks for a format the API does not serve."
    if body:
        errors[413] = "The body is too large."
        errors[415] = "The body's media type is not accepted."
    errors[503] = (
        "The database could not be reached (`database_unavailable`, with `Retry-After`): send "
        "the request again then (a read was tried twice already)."
    )
    return errors


def add_error_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation documents every error it can give,
    each with the error body (``common_errors``; a view's own description of a status wins)."""
    views = {
        (path, method.lower()): getattr(callback, "cls", None)
        for path, _regex, method, callback in (generator.endpoints or [])
    }
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            responses = operation.setdefault("responses", {})
            errors = common_errors(operation, views.get((path, method)))
            for code, description in sorted(errors.items()):
                responses.setdefault(
                    str(code),
                    {
                        "content": {"application/json": {"schema": ERROR_REF}},
                        "description": description,
                    },
                )
            operation["responses"] = dict(sorted(responses.items()))
    return result


class StrictInputExtension(OpenApiSerializerExtension):
    """A strict input (``karlchen.strict_input.StrictSerializer``) refuses keys it does not know:
    its request schema says so (``additionalProperties: false``)."""

    target_class = "karlchen.strict_input.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction == "request":
            schema["additionalProperties"] = False
        return schema


class BasicScheme(OpenApiAuthenticationExtension):
    """HTTP Basic as the API takes it (``karlchen.api.authentication``, failures counted by
    axes): drf-spectacular knows only DRF's own class, and left it out of every operation."""

    target_class = "karlchen.api.authentication.BasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "basic"}
