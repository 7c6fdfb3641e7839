"""``text/csv`` request bodies: the entry list upload hands the decoded text to the domain."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import serializers
from rest_framework.parsers import BaseParser

from karlchen.api.errors import REQUEST_ERROR_CODES

CSV_FIELD = "csv"


class CSVTextParser(BaseParser):
    """The body as text (UTF-8 unless the Content-Type names a charset); rows are the domain's."""

    media_type = "text/csv"

    # the CSV text, not a mapping as DRF's parsers give: the import view reads it whole
    def parse(self, stream, media_type=None, parser_context=None) -> str:  # type: ignore[override]
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestDataTooBig()
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        try:
            return raw.decode(encoding)
        except (LookupError, UnicodeDecodeError) as refusal:
            detail = serializers.ErrorDetail(
                str(REQUEST_ERROR_CODES["csv_encoding"]), code="csv_encoding"
            )
            raise serializers.ValidationError({CSV_FIELD: [detail]}) from refusal


def is_csv(request) -> bool:
    return request.content_type.split(";")[0].strip().lower() == CSVTextParser.media_type
