"""Shared pieces of the OpenAPI description: the error body and the table of error codes."""

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils import translation
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

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
