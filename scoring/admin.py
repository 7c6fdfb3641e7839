"""Deals in the back office: shown with their full history, never written here.

Every deal result is checked by the rules and series engines when it is recorded or corrected
(``scoring.domain.deals``); an admin form would bypass both. So deals, their revisions, points
and idempotency keys are read-only: corrections go through the captain page or the API
(``PUT /api/v1/tables/{id}/deals/{number}/``), as new revisions with a reason.
"""

from __future__ import annotations

import json

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.models import Deal, DealRevision, IdempotencyKey, RevisionPoints
from tournaments.admin import ReadOnlyAdmin, ReadOnlyInline, series_number_filter

CORRECTIONS_HELP = _(
    "Deals are read-only here: the rules engine checks every result, and a form would bypass "
    "it. Correct or void a deal on the table's captain page or through the API "
    "(PUT /api/v1/tables/{id}/deals/{number}/); each correction is a new revision with a reason."
)

CORRECTIONS_SHORT = _(
    "Read-only: correct or void deals on the captain page or through the API "
    "(PUT /api/v1/tables/{id}/deals/{number}/)."
)


def pretty_json(data) -> str:
    return format_html(
        '<pre style="margin:0">{}</pre>', json.dumps(data, indent=2, ensure_ascii=False)
    )


def points_text(result: dict | None) -> str:
    """A revision's points per position, e.g. "1: +2  2: −2  3: +2  4: −2"."""
    points = (result or {}).get("points") or {}
    return "  ".join(f"{seat}: {value:+d}" for seat, value in points.items())


class DealRevisionInline(ReadOnlyInline, admin.TabularInline):
    model = DealRevision
    fields = ("version", "created_at", "author_label", "reason", "voided", "winner", "points")
    readonly_fields = fields
    ordering = ("version",)

    @admin.display(description=_("winner"))
    def winner(self, revision):
        return revision.result.get("winner") or "–"

    @admin.display(description=_("points"))
    def points(self, revision):
        return points_text(revision.result)


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = (
        "number",
        "table",
        "series",
        "tournament",
        "kind",
        "dealer",
        "sitting_out",
        "winner",
        "points",
        "version",
        "voided",
    )
    list_display_links = ("number", "table")
    list_filter = (
        "table__series__tournament",
        series_number_filter("table__series__number"),
        "kind",
        "voided",
    )
    search_fields = ("table__series__tournament__name", "=table__number", "=number")
    list_select_related = ("table__series__tournament", "current")
    ordering = ("table__series", "table__number", "number")
    fields = (
        "table",
        "series",
        "tournament",
        "number",
        "kind",
        "dealer",
        "sitting_out",
        "version",
        "voided",
        "players",
        "entered",
        "computed",
    )
    readonly_fields = fields
    inlines = (DealRevisionInline,)

    def get_fieldsets(self, request, obj=None):
        return ((None, {"fields": self.fields, "description": CORRECTIONS_HELP}),)

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(
            request, extra_context={"subtitle": CORRECTIONS_SHORT, **(extra_context or {})}
        )

    @admin.display(description=_("series"), ordering="table__series__number")
    def series(self, deal):
        return deal.table.series.number

    @admin.display(description=_("tournament"), ordering="table__series__tournament")
    def tournament(self, deal):
        return deal.table.series.tournament

    @admin.display(description=_("winner"))
    def winner(self, deal):
        return (deal.current.result.get("winner") if deal.current else None) or "–"

    @admin.display(description=_("points"))
    def points(self, deal):
        return points_text(deal.current.result if deal.current else None)

    @admin.display(description=_("players"))
    def players(self, deal):
        points = (deal.current.result.get("points") if deal.current else None) or {}
        seats = deal.table.seats.select_related("entry__player")
        return "; ".join(
            f"{seat.position}. {seat.entry.player}: {points[str(seat.position)]:+d}"
            if str(seat.position) in points
            else f"{seat.position}. {seat.entry.player}: –"
            for seat in seats
        )

    @admin.display(description=_("entered result"))
    def entered(self, deal):
        return pretty_json(deal.current.input) if deal.current else "–"

    @admin.display(description=_("computed result"))
    def computed(self, deal):
        return pretty_json(deal.current.result) if deal.current else "–"


@admin.register(DealRevision)
class DealRevisionAdmin(ReadOnlyAdmin):
    list_display = (
        "__str__",
        "table",
        "tournament",
        "version",
        "author_label",
        "reason",
        "voided",
        "created_at",
    )
    list_filter = ("voided", "deal__table__series__tournament", "deal__kind")
    search_fields = ("reason", "author_label", "deal__table__series__tournament__name")
    list_select_related = ("deal__table__series__tournament",)
    date_hierarchy = "created_at"
    fields = (
        "deal",
        "version",
        "created_at",
        "author",
        "author_label",
        "reason",
        "voided",
        "entered",
        "computed",
    )
    readonly_fields = fields

    def get_fieldsets(self, request, obj=None):
        return ((None, {"fields": self.fields, "description": CORRECTIONS_HELP}),)

    @admin.display(description=_("table"), ordering="deal__table")
    def table(self, revision):
        return revision.deal.table

    @admin.display(description=_("tournament"), ordering="deal__table__series__tournament")
    def tournament(self, revision):
        return revision.deal.table.series.tournament

    @admin.display(description=_("entered result"))
    def entered(self, revision):
        return pretty_json(revision.input)

    @admin.display(description=_("computed result"))
    def computed(self, revision):
        return pretty_json(revision.result)


@admin.register(RevisionPoints)
class RevisionPointsAdmin(ReadOnlyAdmin):
    list_display = ("revision", "entry", "position", "points", "current")
    list_filter = (
        "revision__deal__table__series__tournament",
        series_number_filter("revision__deal__table__series__number"),
    )
    search_fields = ("entry__player__name",)
    list_select_related = ("revision__deal", "entry__player")

    @admin.display(description=_("current"), boolean=True)
    def current(self, row):
        return row.revision.deal.current_id == row.revision_id


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    list_display = ("key", "table", "revision")
    search_fields = ("key",)
    list_select_related = ("table", "revision__deal")
