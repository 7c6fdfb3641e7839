"""The organisers' back office: every tournament model, with writes that keep the rules intact.

What the admin may change directly is plain data (clubs, players, entries, check-in, a
tournament's details). Everything the rules or the audit trail depend on is read-only here and
goes through the domain instead: seatings (``seat_series``), tables and their captain links
(actions below), series ends (``call_time``/``close_series`` actions), penalty rows
(``add_adjustment``, also used by the add form here). Deals are never edited in the admin
(``scoring.admin``).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.db.models import Count
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from desk.views.base import QUEUE_DOWN_PDF, QUEUE_DOWN_SEATING
from karlchen.actors import Actor
from karlchen.admin import ReadOnlyInline
from karlchen.messages import refusal_text
from karlchen.refusals import Refused
from printing.domain.documents import evening_documents
from printing.domain.jobs import start_documents_job
from printing.enums import DocumentKind
from scoring.domain.series import call_time, close_series
from seating.domain.jobs import start_seating_job
from seating.models import Table
from tournaments.domain.jobs import waiting_for_queue
from tournaments.domain.tournaments import create_tournament, update_tournament
from tournaments.enums import SeatingMethod, TieBreak
from tournaments.models import (
    Series,
    Tournament,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# --- tournaments and entries -----------------------------------------------------------------


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            *("name", "date", "venue", "game", "status", "organisers", "rules"),
            *("series_count", "normal_deals", "compulsory_solos", "tie_breaks"),
        )

    def clean(self):
        """The rules are checked by Tournament.clean (the engine); the tie-breaks here."""
        cleaned = super().clean()
        assert cleaned is not None  # a ModelForm's clean() returns its cleaned_data
        tie_breaks = cleaned.get("tie_breaks")
        if tie_breaks is not None and (
            not isinstance(tie_breaks, list)
            or not all(name in TieBreak.values for name in tie_breaks)
        ):
            self.add_error(
                "tie_breaks",
                _("A JSON list of: %(names)s.") % {"names": ", ".join(TieBreak.values)},
            )
        return cleaned


class SeriesInline(ReadOnlyInline, admin.TabularInline):
    model = Series
    fields = ("number", "status", "tables", "time_called_at", "closed_at")
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(table_count=Count("tables"))

    @admin.display(description=_("tables"))
    def tables(self, series):
        return series.table_count


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "date", "game", "status", "series_count", "entries")
    list_filter = ("game", "status", "date")
    search_fields = ("name", "venue")
    date_hierarchy = "date"
    filter_horizontal = ("organisers",)
    readonly_fields = ("created_at", "standings_frozen_at")
    inlines = (SeriesInline,)
    actions = (
        "draw_seating_action",
        "print_documents_action",
        "freeze_standings_action",
        "thaw_standings_action",
    )

    @admin.action(description=_("Freeze the public standings as they are now"))
    def freeze_standings_action(self, request, queryset):
        for tournament in queryset:
            update_tournament(tournament, by=Actor.of_user(request.user), standings_frozen=True)

    @admin.action(description=_("Show the live standings to the public again"))
    def thaw_standings_action(self, request, queryset):
        for tournament in queryset:
            update_tournament(tournament, by=Actor.of_user(request.user), standings_frozen=False)

    @admin.action(description=_("Draw the seating of every series not yet under way (new seed)"))
    def draw_seating_action(self, request, queryset):
        for tournament in queryset:
            params = {"method": SeatingMethod.PLAN, "seed": secrets.randbelow(2**62)}
            job = start_seating_job(tournament, by=Actor.of_user(request.user), params=params)
            if waiting_for_queue(job):
                self.message_user(
                    request, f"{tournament.name}: {QUEUE_DOWN_SEATING}", messages.WARNING
                )
                continue
            self.message_user(
                request,
                _("Seating job %(job)s started for %(tournament)s; see Jobs for its result.")
                % {"job": job.pk, "tournament": tournament.name},
            )

    @admin.action(description=_("Print: score sheets and seating list, standings, certificates"))
    def print_documents_action(self, request, queryset):
        base_url = settings.SITE_URL or request.build_absolute_uri("/")
        for tournament in queryset:
            documents = evening_documents(tournament)
            if not documents:
                text: StrOrPromise = _(
                    "Nothing to print for %(tournament)s yet: no series is seated."
                )
                self.message_user(request, text % {"tournament": tournament.name}, messages.WARNING)
            for document in documents:
                try:
                    job = start_documents_job(
                        tournament,
                        by=Actor.of_user(request.user),
                        request=document,
                        base_url=base_url,
                        language=get_language(),
                    )
                except Refused as refusal:
                    text = f"{tournament.name}: {refusal_text(refusal)}"
                    self.message_user(request, text, messages.WARNING)
                    continue
                if waiting_for_queue(job):
                    self.message_user(
                        request, f"{tournament.name}: {QUEUE_DOWN_PDF}", messages.WARNING
                    )
                    continue
                self.message_user(
                    request,
                    _("Document job %(job)s (%(kind)s) started for %(tournament)s; see Jobs.")
                    % {
                        "job": job.pk,
                        "kind": DocumentKind(document["kind"]).label,
                        "tournament": tournament.name,
                    },
                )

    fieldsets = (
        (None, {"fields": ("name", "date", "venue", "game", "status", "organisers")}),
        (
            _("What spectators see"),
            {"fields": ("standings_public", "standings_frozen_at", "confirmation_required")},
        ),
        (
            _("Rules and series"),
            {
                "fields": (
                    "rules",
                    "series_count",
                    "normal_deals",
                    "compulsory_solos",
                    "tie_breaks",
                    "created_at",
                ),
                "description": _(
                    'Rules as a JSON object: {"preset": "ddv"} plus single house-rule '
                    "options. Changed rules apply to deals recorded afterwards."
                ),
            },
        ),
    )

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(entry_count=Count("entries"))

    @admin.display(description=_("entries"), ordering="entry_count")
    def entries(self, tournament):
        return tournament.entry_count

    def save_model(self, request, obj, form, change):
        """Through the desk's domain functions, so the series follow the count and the log
        notes the change; the organisers (a relation) are saved afterwards, as usual."""
        actor = Actor.of_user(request.user)
        fields = {
            name: form.cleaned_data[name]
            for name in form.changed_data
            if name in form.cleaned_data and name != "organisers"
        }
        if change:
            update_tournament(Tournament.objects.get(pk=obj.pk), by=actor, **fields)
            obj.refresh_from_db()
            return
        created = create_tournament(by=actor, **fields)
        obj.pk, obj._state.adding = created.pk, False
        obj.refresh_from_db()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change:  # the form's (empty) organisers replaced the one create_tournament set
            form.instance.organisers.add(request.user)


# --- series, tables, seats -------------------------------------------------------------------


class TableInline(ReadOnlyInline, admin.TabularInline):
    model = Table
    fields = ("number", "players", "deals", "captain_link", "time_up_after")
    readonly_fields = fields

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(deal_count=Count("deals"))
            .prefetch_related("seats__entry__player")
        )

    @admin.display(description=_("players"))
    def players(self, table):
        return ", ".join(str(seat.entry.player) for seat in table.seats.all())

    @admin.display(description=_("deals"))
    def deals(self, table):
        return table.deal_count

    @admin.display(description=_("captain link"))
    def captain_link(self, table):
        path = table.captain_path()
        return format_html('<a href="{}">{}</a>', path, path)


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "number", "status", "time_called_at", "closed_at")
    list_filter = ("status", "tournament")
    search_fields = ("tournament__name",)
    list_select_related = ("tournament",)
    ordering = ("-tournament__date", "tournament", "number")
    fields = (
        *("tournament", "number", "status", "time_called_at", "closed_at"),
        *("seating_method", "seating_seed", "seating_report"),
    )
    readonly_fields = fields
    inlines = (TableInline,)
    actions = ("call_time_action", "close_series_action")

    def get_fieldsets(self, request, obj=None):
        description = _(
            "A series is seated through the seating (seat_series) and ended with the actions "
            "“Call time” and “Close series” on the list of series."
        )
        return ((None, {"fields": self.fields, "description": description}),)

    def has_add_permission(self, request):
        return False  # create_tournament makes the series of a tournament

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=_("Call time (remaining normal deals are struck)"))
    def call_time_action(self, request, queryset):
        actor = Actor.of_user(request.user)
        called = [call_time(series, by=actor) for series in queryset.select_related("tournament")]
        names = ", ".join(f"{series.tournament.name}: {series}" for series in called)
        self.message_user(request, _("Time called for %(series)s.") % {"series": names})

    @admin.action(description=_("Close series (every table complete)"))
    def close_series_action(self, request, queryset):
        for series in queryset.select_related("tournament"):
            try:
                close_series(series, by=Actor.of_user(request.user))
            except Refused as refusal:
                self.message_user(request, f"{series}: {refusal_text(refusal)}", messages.ERROR)
            else:
                self.message_user(request, _("%(series)s closed.") % {"series": series})
