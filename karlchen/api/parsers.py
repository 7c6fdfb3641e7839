"""A JSON parser that turns every unreadable body into a 400, never a 500, and refuses the
texts no text may hold (``karlchen.plaintext``) wherever they are in the body."""

from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from karlchen.messages import MESSAGES
from karlchen.plaintext import CODE, forbidden_fields

MAX_NAMED = 20  # fields named in one answer: a body full of NULs is refused, not listed whole


class SafeJSONParser(JSONParser):
    """DRF's parser lets a RecursionError (deeply nested arrays) escape as a 500; a NUL in a
    text reached PostgreSQL (a 500) wherever a field took it without DRF's own check (JSON
    objects, lists of texts, keys)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError() from error
        refuse_forbidden_text(data)
        return data


def refuse_forbidden_text(data: object) -> None:
    """A 400 naming each field of ``data`` (parsed JSON) whose text holds a forbidden character."""
    fields = []
    for field in forbidden_fields(data):
        fields.append(field)
        if len(fields) == MAX_NAMED:
            break
    if fields:
        detail = serializers.ErrorDetail(str(MESSAGES[CODE]), code=CODE)
        raise serializers.ValidationError({field or "body": [detail] for field in fields})
