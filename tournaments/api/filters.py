"""Query filters of the list endpoints (django-filter), documented in the OpenAPI schema."""

import django_filters
from django.utils.translation import gettext_lazy as _

from tournaments.enums import Game, TournamentStatus
from tournaments.models import Entry, Tournament


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
    checked_in = django_filters.BooleanFilter()
    withdrawn = django_filters.BooleanFilter()
    club = django_filters.CharFilter(field_name="player__club__name", lookup_expr="iexact")
    search = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=_("name")
    )

    class Meta:
        model = Entry
        fields = ["checked_in", "withdrawn"]
