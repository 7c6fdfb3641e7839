"""The OpenAPI schema as ``/api/schema/`` serves it: drf-spectacular's view, with the schema
generated once per process for each version, language and URL configuration.

What the schema says changes only with the code: no view's schema depends on who asks (no
view chooses its serializer by the request), so a schema generated for one request is the
schema of every other in the same language. Generating it walks every route and serializer
of the project, some 0.4 s of CPU a request, and rendering it as YAML another 0.15 s; both are
kept, the rendering for each format asked for, so a request after the first costs neither.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from django.conf import settings
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response


class SchemaView(SpectacularAPIView):
    # the schema under ("schema", version, language, urlconf), and each rendering of it under
    # ("rendered", version, language, urlconf, media type) as (content, content type)
    _kept: ClassVar[dict[tuple[str, ...], Any]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()
    _schema_key: tuple[str, ...] | None = None

    def _get_schema_response(self, request: Request) -> Response:
        # as drf-spectacular's own, with the generated schema kept (it runs inside the view's
        # language override for ?lang=, so the active language is the schema's)
        version = self.api_version or request.version or self._get_version_parameter(request)
        key = (
            str(version),
            translation.get_language() or "",
            str(self.urlconf or settings.ROOT_URLCONF),
        )
        self._schema_key = key
        schema = self._kept.get(("schema", *key))
        if schema is None:
            with self._lock:  # one generation at a time: the second waits, then reads it
                schema = self._kept.get(("schema", *key))
                if schema is None:
                    generator = self.generator_class(
                        urlconf=self.urlconf, api_version=version, patterns=self.patterns
                    )
                    schema = generator.get_schema(request=request, public=self.serve_public)
                    self._kept[("schema", *key)] = schema
        filename = self._get_filename(request, version)
        return Response(
            data=schema, headers={"Content-Disposition": f'inline; filename="{filename}"'}
        )

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)
        if self._schema_key is None or response.status_code != 200:
            return response  # no schema (a refusal): as it comes
        key = ("rendered", *self._schema_key, str(response.accepted_media_type))
        rendered = self._kept.get(key)
        if rendered is None:
            response.render()
            self._kept[key] = (response.content, response["Content-Type"])
        else:
            response.content, response["Content-Type"] = rendered
        return response
