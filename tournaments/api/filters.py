"""Query filters of the list endpoints (django-filter), documented in the OpenAPI schema."""

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import Game, TournamentStatus
from tournaments.models import Entry, Tournament


class StrictNullBooleanField(forms.NullBooleanField):
    """``true`` or ``false`` (``1``, ``0``); any other word is invalid, not "no filter"."""

    widget = forms.TextInput  # hands the word over as it came (the selects map unknown to None)
    default_error_messages = {"invalid": _("Use true or false.")}

    def to_python(self, value):
        word = value.strip().lower() if isinstance(value, str) else value
        if word in (None, ""):
            return None
        if word in ("true", "1"):
            return True
        if word in ("false", "0"):
            return False
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")


class StrictBooleanFilter(django_filters.BooleanFilter):
    """A yes/no filter whose invalid value is a 400 naming it, like every other filter's (with
    Django's select ``2`` meant yes and ``1`` or ``ja`` no filter at all)."""

    field_class = StrictNullBooleanField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", forms.TextInput)
        super().__init__(*args, **kwargs)


class TournamentFilter(django_filters.FilterSet):
    status = django_filters.MultipleChoiceFilter(choices=TournamentStatus.choices)
    game = django_filters.ChoiceFilter(choices=Game.choices)
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte", label=_("from"))
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte", label=_("until"))
    search = django_filters.CharFilter(field_name="name", lookup_expr="icontains", label=_("name"))

    class Meta:
        model = Tournament
        fields = ["status", "game"]


class EntryFilter(django_filters.FilterSet):
    checked_in = StrictBooleanFilter()
    withdrawn = StrictBooleanFilter()
    club = django_filters.CharFilter(field_name="player__club_name", lookup_expr="iexact")
    search = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=_("name")
    )

    class Meta:
        model = Entry
        fields = ["checked_in", "withdrawn"]
