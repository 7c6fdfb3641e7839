"""Seasons in the back office: read-mostly, every write through the seasons' domain.

A season's own settings (name, ranking rule, cup places, public flag, what new evenings start
with) are saved by ``create_season``/``update_season``, which check the rules and write the
season's log; the cup places are its individual cup's (``IndividualCup``), shown and changed
here as the season's. Its evenings and its log are read-only here: evenings are added and taken
out at the desk or through the API (each time logged in the season and the tournament), and the
final is created by the action below (``create_final``), never by editing a field.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.admin import LogAdmin, ReadOnlyAdmin, ReadOnlyInline
from karlchen.messages import refusal_text
from karlchen.refusals import Refused
from seasons.domain.final import create_final
from seasons.domain.seasons import create_season, update_season
from seasons.models import (
    IndividualCup,
    Season,
    SeasonAction,
    SeasonEvening,
    cup_places,
    individual_cup,
)

SETTINGS = (
    *("name", "club", "ranking_rule", "cup_places", "is_public"),
    *("rules", "series_count", "normal_deals", "venue", "entry_mode"),
)


class SeasonForm(forms.ModelForm):
    """The season's fields, and its individual cup's places as one of them."""

    # The cup's own field, its label and help as the model says them; empty: no cup.
    cup_places = IndividualCup._meta.get_field("places").formfield(
        required=False, min_value=1, max_value=1000
    )

    class Meta:
        model = Season
        fields = ("game", *(name for name in SETTINGS if name != "cup_places"), "organisers")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["cup_places"].initial = cup_places(self.instance)


class SeasonEveningInline(ReadOnlyInline, admin.TabularInline):
    model = SeasonEvening
    fields = ("tournament", "ranking_tournament")
    readonly_fields = fields


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    form = SeasonForm
    list_display = ("name", "game", "club", "is_public", "places", "evening_count", "final")
    list_filter = ("game", "is_public")
    search_fields = ("name", "club__name")
    filter_horizontal = ("organisers",)
    fields = ("game", *SETTINGS, "organisers", "final", "final_seeds", "created_at")
    readonly_fields = ("final", "final_seeds", "created_at")  # the individual cup's
    inlines = (SeasonEveningInline,)
    actions = ("create_final_action",)

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("club", "individual_cup__final")
        return queryset.annotate(evenings_count=Count("evenings"))

    def get_readonly_fields(self, request, obj=None):
        # a season's game is that of its evenings: chosen once
        return (*self.readonly_fields, "game") if obj else self.readonly_fields

    @admin.display(description=_("evenings"), ordering="evenings_count")
    def evening_count(self, season):
        return season.evenings_count

    @admin.display(description=_("qualifying places"), ordering="individual_cup__places")
    def places(self, season):
        return cup_places(season)

    @admin.display(description=_("final"))
    def final(self, season):
        cup = individual_cup(season)
        return None if cup is None else cup.final

    @admin.display(description=_("seeding of the final"))
    def final_seeds(self, season):
        cup = individual_cup(season)
        return [] if cup is None else cup.seeds

    def save_model(self, request, obj, form, change):
        """Through the domain: checked and logged in the season's log."""
        actor = Actor.of_user(request.user)
        fields = {name: form.cleaned_data[name] for name in SETTINGS if name in form.cleaned_data}
        if change:
            update_season(Season.objects.get(pk=obj.pk), by=actor, **fields)
        else:
            created = create_season(by=actor, game=form.cleaned_data["game"], **fields)
            obj.pk = created.pk  # the admin goes on with the season the domain created
            obj._state.adding, obj._state.db = False, created._state.db

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change and request.user.pk is not None:
            form.instance.organisers.add(request.user)  # who sets a season up runs it

    @admin.action(description=_("Create the cup's final from its qualifiers"))
    def create_final_action(self, request, queryset):
        for season in queryset:
            try:
                final = create_final(season, by=Actor.of_user(request.user))
            except Refused as refusal:
                self.message_user(
                    request, f"{season.name}: {refusal_text(refusal)}", messages.ERROR
                )
                continue
            self.message_user(
                request,
                _("%(final)s: %(count)s qualifiers entered by seed.")
                % {"final": final.name, "count": final.entries.count()},
            )


@admin.register(SeasonEvening)
class SeasonEveningAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "season", "ranking_tournament")
    list_filter = ("ranking_tournament",)
    search_fields = ("tournament__name", "season__name")
    list_select_related = ("tournament", "season")


@admin.register(SeasonAction)
class SeasonActionAdmin(LogAdmin):
    list_display = ("at", "season", "tournament", "user_label", "words", "action")
    list_filter = ("action",)
    search_fields = ("season__name", "user_label", "action")
    list_select_related = ("season",)
    date_hierarchy = "at"
