"""Cached reads over HTTP: a body with its ETag, or a 304 to a client that has it."""

from django.http import HttpResponse, HttpResponseNotModified
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from karlchen.changes import Body

ETAG_PARAMETER = OpenApiParameter(
    "If-None-Match", str, OpenApiParameter.HEADER, description="An ETag of an earlier answer."
)
NOT_MODIFIED = OpenApiResponse(description="Not modified: the ETag still matches.")


def json_answer(
    request,
    body: Body,
    *,
    organiser: bool = False,
    extra: dict[str, str] | None = None,
    content_type: str = "application/json",
) -> HttpResponse:
    """The cached body, or a 304 when the client has it; clients always revalidate.
    ``extra`` headers go with both answers; ``content_type`` for a body that is no JSON (a
    page's fragment)."""
    headers = {
        "ETag": body.etag,
        "Cache-Control": ("private, " if organiser else "") + "no-cache",
        "Vary": "Authorization, Cookie, Accept-Language",
        **(extra or {}),
    }
    if _matches(request.headers.get("If-None-Match", ""), body.etag):
        return HttpResponseNotModified(headers=headers)
    return HttpResponse(body.content, content_type=content_type, headers=headers)


def _matches(if_none_match: str, etag: str) -> bool:
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return etag in tags or "*" in tags
