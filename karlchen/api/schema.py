"""Shared pieces of the OpenAPI description: the error body, the table of error codes, and the
error answers every operation can give (``add_error_responses``, a postprocessing hook).

The table of error codes (some 500 codes, ~32 KB) is written once, as the description of the
error body's component ``ErrorList``, which every error answer of every operation references;
an operation's description points there (``CODES_REFERENCE``) instead of repeating it (it did,
and the schema served was 2.7 MB)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils import translation
from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.views import APIView

from karlchen.api.errors import REQUEST_ERROR_CODES
from karlchen.messages import MESSAGES
from karlchen.plaintext import FILLED_TEXT_PATTERN, LINE_PATTERN, TEXT_PATTERN

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


ERROR_COMPONENT = "ErrorList"
CODES_REFERENCE = (
    'Refusals come as `{"errors": [{"field", "code", "message"}]}`: every code and its '
    f"meaning is listed once, in the error body's schema `{ERROR_COMPONENT}`."
)


HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
ERROR_REF = {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}


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
    component = result.get("components", {}).get("schemas", {}).get(ERROR_COMPONENT)
    if component is not None:
        component["description"] = error_codes_description(MESSAGES)
    return result


def text_patterns(result, generator, request, public):
    """drf-spectacular postprocessing hook: every string the API takes says what no text may
    hold (``karlchen.plaintext``): a request body's texts ``TEXT_PATTERN`` (no control character
    but tab and line breaks), a query parameter ``LINE_PATTERN`` (none at all). Strings with a
    format, a choice or a pattern of their own say more already and are left alone."""
    components = result.get("components", {}).get("schemas", {})
    for name, component in components.items():
        if name.endswith("Request"):
            _add_pattern(component, TEXT_PATTERN)
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query":
                    _add_pattern(parameter.get("schema", {}), LINE_PATTERN)
            _one_of_is_required(operation, components)
    return result


def _one_of_is_required(operation: dict, components: dict) -> None:
    """A body that is one of several forms (a polymorphic input) is never optional: the server
    refuses an empty one (drf-spectacular leaves ``required`` out for them)."""
    body = operation.get("requestBody")
    if not body or "required" in body:
        return
    for media in body.get("content", {}).values():
        reference = media.get("schema", {}).get("$ref", "")
        if "oneOf" in components.get(reference.rsplit("/", 1)[-1], {}):
            body["required"] = True


def _add_pattern(schema: object, pattern: str) -> None:
    if isinstance(schema, list):
        for item in schema:
            _add_pattern(item, pattern)
        return
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "string" and not {"enum", "format", "pattern"} & schema.keys():
        # a text that may not be blank (``minLength``) is trimmed first: it needs a character
        filled = pattern == TEXT_PATTERN and schema.get("minLength", 0) >= 1
        schema["pattern"] = FILLED_TEXT_PATTERN if filled else pattern
    for key in ("properties", "additionalProperties", "items", "oneOf", "anyOf", "allOf"):
        value = schema.get(key)
        if isinstance(value, dict) and key == "properties":
            for item in value.values():
                _add_pattern(item, pattern)
        elif isinstance(value, dict | list):
            _add_pattern(value, pattern)


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
