"""Serializer building blocks for strict JSON input (the API's bodies, an archive's deals): wrong
types and unknown keys are refused, and the errors come out flat, one per field path."""

import copy
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, serializers
from rest_framework.utils.serializer_helpers import BindingDict

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

BODY = "body"  # the field name for errors about the request (or document) as a whole


class StrictIntegerField(serializers.IntegerField):
    """An integer must be a JSON integer: no "12", no 12.0, no true."""

    default_error_messages = {"invalid": _("A whole number is required.")}

    def to_internal_value(self, data):
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictChoiceField(serializers.ChoiceField):
    """A choice must be one of the listed strings; DRF would also accept 1 for "1"."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class TextOrNullField(serializers.CharField):
    """A text that is stored empty where there is none, answered as null then (a player's club:
    the bodies said null for "no club" before the club became typed text)."""

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


class JSONObjectField(serializers.JSONField):
    """Any JSON object (a mapping); its keys are checked by whoever interprets it."""

    default_error_messages = {"not_an_object": _("A JSON object is required.")}

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_an_object")
        return data


class StrictSerializer(serializers.Serializer):
    """Refuses keys it does not know, so a typo ("re_point") is an error, not a silent default."""

    default_error_messages = {"unknown_field": _("This field is not known.")}
    _field_templates: ClassVar[dict[str, Any]]  # set per class on first use (get_fields)
    # Fields of which one must be given (exact points or their band): a missing pair is
    # "required" on the first, in one answer with every other shape error.
    one_of_required: ClassVar[tuple[str, ...]] = ()

    def get_fields(self):
        """The declared fields, copied cheaply.

        DRF deep-copies every declared field for every serializer instance, re-running each
        field's constructor: most of a preview's time. Input serializers keep no state in their
        fields, so the deep copy is made once per class and each instance gets shallow copies.
        """
        templates = type(self).__dict__.get("_field_templates")
        if templates is None:
            templates = copy.deepcopy(self._declared_fields)
            type(self)._field_templates = templates
        return {name: copy.copy(field) for name, field in templates.items()}

    def to_internal_value(self, data):
        errors: dict[str, Any] = {}
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            errors = {key: [self._unknown_field_error()] for key in unknown}
            if self.one_of_required and not any(key in data for key in self.one_of_required):
                first = self.fields[self.one_of_required[0]]
                errors[self.one_of_required[0]] = [
                    serializers.ErrorDetail(str(first.error_messages["required"]), code="required")
                ]
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if not errors:
                raise
            detail = error.detail
            assert isinstance(detail, dict)  # a serializer's errors are by field
            errors = {**detail, **errors}
            raise serializers.ValidationError(errors) from error
        if errors:
            raise serializers.ValidationError(errors)
        return value

    def _unknown_field_error(self):
        return serializers.ErrorDetail(
            str(self.error_messages["unknown_field"]), code="unknown_field"
        )


class ContractInput(StrictSerializer):
    """A part of the deal-result contract: validated on every preview and recording, never
    partial and without context, so its bound fields are built once per class and shared
    by every instance (they hold no per-request state)."""

    _shared_fields: ClassVar[BindingDict]  # set per class on first use (fields)

    @property
    def fields(self):
        shared = type(self).__dict__.get("_shared_fields")
        if shared is None:
            shared = BindingDict(self)
            for name, field in self.get_fields().items():
                shared[name] = field
            type(self)._shared_fields = shared
        return shared


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
