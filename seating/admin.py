"""The back office of seating: tables (a new captain link) and seats, read-only otherwise; on the
tournaments' list the action that draws a seating, on a series' page its tables (handed to the
tournaments' back office through ``tournaments.ports.ADMIN_PARTS``, by ``seating.apps``)."""

from __future__ import annotations

import secrets

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Count
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.admin import ReadOnlyAdmin, ReadOnlyInline
from seating.domain.jobs import start_seating_job
from seating.domain.seating import reissue_captain_token
from seating.models import Seat, Table
from tournaments.admin import series_number_filter
from tournaments.domain.jobs import waiting_for_queue
from tournaments.enums import SeatingMethod
from tournaments.job_texts import QUEUE_DOWN_SEATING


class SeatInline(ReadOnlyInline, admin.TabularInline):
    model = Seat
    fields = ("position", "entry")
    readonly_fields = fields
    show_change_link = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entry__player")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "series_number", "players", "deals", "captain_link")
    list_filter = ("series__tournament", series_number_filter("series__number"))
    search_fields = ("series__tournament__name", "seats__entry__player__name")
    list_select_related = ("series__tournament",)
    ordering = ("series", "number")
    fields = ("series", "number", "captain_link", "time_up_after")
    readonly_fields = fields
    inlines = (SeatInline,)
    actions = ("reissue_captain_link",)

    def get_fieldsets(self, request, obj=None):
        description = _(
            "Tables and seats come from the seating of a series. The captain link opens this "
            "table's score entry; “Reissue captain link” revokes the old one."
        )
        return ((None, {"fields": self.fields, "description": description}),)

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(deal_count=Count("deals", distinct=True))
            .prefetch_related("seats__entry__player")
        )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("tournament"), ordering="series__tournament")
    def tournament(self, table):
        return table.series.tournament

    @admin.display(description=_("series"), ordering="series__number")
    def series_number(self, table):
        return table.series.number

    @admin.display(description=_("players"))
    def players(self, table):
        return ", ".join(str(seat.entry.player) for seat in table.seats.all())

    @admin.display(description=_("deals"), ordering="deal_count")
    def deals(self, table):
        return table.deal_count

    @admin.display(description=_("captain link"))
    def captain_link(self, table):
        path = table.captain_path()
        return format_html('<a href="{}">{}</a>', path, path)

    @admin.action(description=_("Reissue captain link (the old one stops working)"))
    def reissue_captain_link(self, request, queryset):
        with transaction.atomic():
            tables = list(queryset.select_related("series__tournament"))
            for table in tables:
                reissue_captain_token(table, by=Actor.of_user(request.user))
        names = ", ".join(f"{table.series}, {table}" for table in tables)
        self.message_user(request, _("New captain links for %(tables)s.") % {"tables": names})


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("entry", "table", "series", "position", "tournament")
    list_filter = ("series__tournament", series_number_filter("series__number"))
    search_fields = ("entry__player__name", "series__tournament__name")
    list_select_related = ("entry__player", "table", "series__tournament")

    @admin.display(description=_("tournament"), ordering="series__tournament")
    def tournament(self, seat):
        return seat.series.tournament


# --- on the tournaments' and the series' pages (tournaments.admin) ---------------------------


@admin.action(description=_("Draw the seating of every series not yet under way (new seed)"))
def draw_seating_action(model_admin, request, queryset):
    for tournament in queryset:
        params = {"method": SeatingMethod.PLAN, "seed": secrets.randbelow(2**62)}
        job = start_seating_job(tournament, by=Actor.of_user(request.user), params=params)
        if waiting_for_queue(job):
            model_admin.message_user(
                request, f"{tournament.name}: {QUEUE_DOWN_SEATING}", messages.WARNING
            )
            continue
        model_admin.message_user(
            request,
            _("Seating job %(job)s started for %(tournament)s; see Jobs for its result.")
            % {"job": job.pk, "tournament": tournament.name},
        )


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
