"""What every tournament and deal API view shares: domain refusals as HTTP answers, schema names.

A view calls one domain function and lets its refusals escape: ``Refused`` becomes a 400,
``Conflict`` a 409 and ``Closed`` a 403, each in the error format with the problems' codes and
their messages from ``karlchen.messages``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.exceptions import APIException
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from karlchen.api.errors import validation_response
from karlchen.api.schema import CODES_REFERENCE, ERROR_BODY, ERROR_RESPONSES
from karlchen.messages import problem_errors
from karlchen.refusals import Closed, Conflict, Refused
from karlchen.strict_input import BODY, error

RESPONSE_400 = ERROR_RESPONSES[400]  # no rate limit here, so no 429
RESPONSE_401 = OpenApiResponse(ERROR_BODY, description="Not logged in, or wrong credentials.")
RESPONSE_403 = OpenApiResponse(ERROR_BODY, description="Not allowed for these credentials.")
RESPONSE_404 = OpenApiResponse(ERROR_BODY, description="Unknown id (or a draft, to the public).")
RESPONSE_409 = OpenApiResponse(ERROR_BODY, description="Conflict: stale version, taken number.")
READ_ERRORS = {404: RESPONSE_404}
ORGANISER_ERRORS = {400: RESPONSE_400, 401: RESPONSE_401, 403: RESPONSE_403, 404: RESPONSE_404}
JOB_ERRORS = ORGANISER_ERRORS  # starting a background job (a queue that is down: it waits)
CODES = CODES_REFERENCE  # where the table of error codes is, for the descriptions


def denied(request) -> exceptions.APIException:
    """401 for a request without credentials, 403 for one whose credentials do not suffice."""
    if request.successful_authenticator is None:
        return exceptions.NotAuthenticated()
    return exceptions.PermissionDenied()


def get_or_404(queryset, pk: int):
    """The row of ``queryset`` with ``pk``, or a 404 (as for an unknown id)."""
    found = queryset.filter(pk=pk).first()
    if found is None:
        raise exceptions.NotFound()
    return found


class OptionalPagination(LimitOffsetPagination):
    """``?limit=&offset=`` pages a list; without ``limit`` the whole list comes as before.

    So the schema of such a list is one of the two: the plain array, or the page object.
    """

    default_limit = None
    max_limit = 1000
    limit_query_description = (
        "Page size (at most 1000; more counts as 1000): the answer is a page object `{count, "
        "next, previous, results}`. Without it, or with any value that is not a positive whole "
        "number (`0`, `-1`, `all`), the whole list comes as a JSON array: no value is refused, "
        "so the schema takes any text."
    )
    offset_query_description = (
        "The index of the page's first item, with `limit`: a whole number from 0; any other "
        "value (`-1`, `null`) counts as 0, so the schema takes any text."
    )

    def get_schema_operation_parameters(self, view):
        """Both take any text, as the server reads them (DRF's ``_positive_int``, lenient): a
        schema of integers promised a refusal of ``offset=null`` that never comes."""
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"] = {"type": "string"}
        return parameters

    def get_paginated_response_schema(self, schema):
        page = super().get_paginated_response_schema(schema)
        page["description"] = "One page: with `limit`."
        whole = {**schema, "description": "The whole list: without `limit`."}
        return {"oneOf": [whole, page]}


def listing(request, view, queryset, serializer_class) -> Response:
    """A list endpoint's answer: filtered by the view's ``filterset_class``, paged on request."""
    queryset = DjangoFilterBackend().filter_queryset(request, queryset, view)
    paginator = OptionalPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    if page is None:
        return Response(serializer_class(queryset, many=True).data)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


def valid(serializer_class, data) -> dict:
    """``data`` checked by ``serializer_class``; a refusal is a 400 naming every problem."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# No docstrings on these bases: the schema would show them for every view without its own.


class Api(APIView):
    # Access is checked by each operation on the object it loads (``permissions.py``), so the
    # class-level permission is open. Nested serializers get schema names from their view
    # (``TableStateApi.OutputSerializer`` → ``TableStateOutput``) so they never collide.

    permission_classes = (AllowAny,)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _name_nested_serializers(cls, cls.__name__.removesuffix("Api"))

    def spectator_read(self, *args: Any, **kwargs: Any) -> HttpResponse | None:
        """A cached answer for a spectator, or None to take DRF's whole path.

        Spectators poll the live reads by the thousand; their answer is one cache read, and
        DRF's request machinery (three authenticators, negotiation, throttles) would cost more
        than the read itself. Views whose spectators read a cached body override this; it is
        asked only for a plain anonymous GET (see ``_plain_spectator``) and answers only what
        succeeds: a refusal (404, 403) is left to the whole path and its error format."""
        return None

    def dispatch(self, request, *args, **kwargs):
        if _plain_spectator(request):
            try:
                answer = self.spectator_read(request, *args, **kwargs)
            except (Refused, Conflict, Closed, APIException):
                answer = None  # the whole path refuses it again, in the API's error format
            if answer is not None:
                return self._with_default_headers(answer)
        return super().dispatch(request, *args, **kwargs)

    def _with_default_headers(self, response: HttpResponse) -> HttpResponse:
        # what DRF's finalize_response adds, so that both paths answer alike (Allow, Vary): the
        # same for every answer of a view with the same Vary, so worked out once for each
        key = (type(self), response.get("Vary"))
        headers = _DEFAULT_HEADERS.get(key)
        if headers is None:
            headers = dict(self.default_response_headers)
            vary = headers.pop("Vary", None)
            if vary:
                patch_vary_headers(response, [part.strip() for part in vary.split(",")])
                headers["Vary"] = response["Vary"]
            _DEFAULT_HEADERS[key] = headers
        for name, value in headers.items():
            response[name] = value
        return response

    def handle_exception(self, exc):
        if isinstance(exc, Refused):
            return validation_response(problem_errors(exc.problems))
        if isinstance(exc, Conflict):
            return _errors(problem_errors([exc.problem]), status.HTTP_409_CONFLICT)
        if isinstance(exc, Closed):
            return _errors(problem_errors([exc.problem]), status.HTTP_403_FORBIDDEN)
        if isinstance(exc, DjangoValidationError):  # a model check the serializer did not cover
            return validation_response(_django_errors(exc))
        return super().handle_exception(exc)


# The headers DRF adds to an answer, for each view class and Vary its answer had (a few of each).
_DEFAULT_HEADERS: dict[tuple[type, str | None], dict[str, str]] = {}

# What DRF's negotiation would answer with JSON (or the browsable API): anything else (an Accept
# of only XML, say) takes the whole path and its 406.
_JSON_MEDIA = ("json", "*/*", "application/*", "text/html", "text/*")


def _plain_spectator(request) -> bool:
    """An anonymous GET without query, credentials or session: nothing for DRF to decide."""
    accept = request.META.get("HTTP_ACCEPT", "*/*")
    return (
        request.method in ("GET", "HEAD")
        and not request.META.get("QUERY_STRING")
        and "HTTP_AUTHORIZATION" not in request.META
        and not request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        and any(media in accept for media in _JSON_MEDIA)
    )


def _errors(errors: list[dict[str, str]], code: int) -> Response:
    return Response({"errors": errors}, status=code)


def _django_errors(exc: DjangoValidationError) -> list[dict[str, str]]:
    if not hasattr(exc, "error_dict"):
        return [
            error(BODY, item.code or "invalid", " ".join(item.messages)) for item in exc.error_list
        ]
    return [
        error(
            BODY if field == "__all__" else field, item.code or "invalid", " ".join(item.messages)
        )
        for field, items in exc.error_dict.items()
        for item in items
    ]


def _name_nested_serializers(owner: type, stem: str) -> None:
    for attr, value in vars(owner).items():
        nested = isinstance(value, type) and issubclass(value, serializers.BaseSerializer)
        if nested and value.__qualname__ == f"{owner.__qualname__}.{attr}":
            name = stem + attr.removesuffix("Serializer")
            extend_schema_serializer(component_name=name)(value)
            _name_nested_serializers(value, name)
