"""Deals in the back office: shown with their full history, never written here.

Every deal result is checked by the rules and series engines when it is recorded or corrected
(``scoring.domain.deals``); an admin form would bypass both. So deals, their revisions, points
and idempotency keys are read-only: corrections go through the captain page or the API
(``PUT /api/v1/tables/{id}/deals/{number}/``), as new revisions with a reason.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.admin import ReadOnlyAdmin, ReadOnlyInline
from karlchen.messages import refusal_text
from karlchen.refusals import Refused
from scoring.domain.adjustments import add_adjustment, check_adjustment, remove_adjustments
from scoring.domain.series import call_time, close_series
from scoring.models import (
    Adjustment,
    AdjustmentLine,
    Deal,
    DealRevision,
    IdempotencyKey,
    RevisionPoints,
    SeriesTotal,
)
from seating.models import Table
from tournaments.admin import series_number_filter
from tournaments.models import Entry, Series

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


@admin.register(SeriesTotal)
class SeriesTotalAdmin(ReadOnlyAdmin):
    """Derived from the deals by every deal write: shown, never edited."""

    list_display = ("table", "entry", "points", "deals", "confirmed_points", "confirmed_deals")
    list_filter = ("table__series__tournament",)
    search_fields = ("entry__player__name",)
    list_select_related = ("table", "entry__player")


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    list_display = ("key", "table", "revision")
    search_fields = ("key",)
    list_select_related = ("table", "revision__deal")


# --- penalty rows ----------------------------------------------------------------------------


class AdjustmentLineFormSet(forms.BaseInlineFormSet):
    """The lines of a new penalty row, checked as add_adjustment checks them."""

    def lines(self) -> dict[Entry, int]:
        return {
            form.cleaned_data["entry"]: form.cleaned_data["points"]
            for form in self.forms
            if form.cleaned_data
            and not form.cleaned_data.get("DELETE")
            and form.cleaned_data.get("entry")
            and form.cleaned_data.get("points") is not None
        }

    def clean(self):
        super().clean()
        adjustment = self.instance
        if adjustment.pk or not adjustment.series_id or not adjustment.kind:
            return  # an existing row is read-only; a missing series is the form's error
        entries = [form.cleaned_data.get("entry") for form in self.forms if form.cleaned_data]
        if len([entry for entry in entries if entry]) != len(set(filter(None, entries))):
            raise ValidationError(_("A player is listed twice."))
        try:
            check_adjustment(
                adjustment.series,
                kind=adjustment.kind,
                lines=self.lines(),
                reason=adjustment.reason,
                table=adjustment.table,
            )
        except Refused as refusal:
            raise ValidationError(refusal_text(refusal)) from refusal


class AdjustmentLineInline(admin.TabularInline):
    model = AdjustmentLine
    formset = AdjustmentLineFormSet
    fields = ("entry", "points")
    autocomplete_fields = ("entry",)
    extra = 4

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entry__player")


@admin.register(Adjustment)
class AdjustmentAdmin(admin.ModelAdmin):
    list_display = ("created_at", "tournament", "series", "table", "kind", "reason", "lines_text")
    list_filter = ("kind", "series__tournament", series_number_filter("series__number"))
    search_fields = ("reason", "lines__entry__player__name", "series__tournament__name")
    list_select_related = ("series__tournament", "table")
    fields = ("series", "table", "kind", "reason", "author", "created_at")
    readonly_fields = ("author", "created_at")
    inlines = (AdjustmentLineInline,)

    def get_fieldsets(self, request, obj=None):
        description = _(
            "TSR 9 penalty rows. Every kind sums to 0 over its lines (minor breach: offender −3, "
            "the three others +1 each), except unsporting conduct: one line of −1 to −12. "
            "A row is not changed once saved; delete a wrong one and enter it anew."
        )
        return ((None, {"fields": self.fields, "description": description}),)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("lines__entry__player")

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        """Series and tables named with their tournament ("Table 3" alone is ambiguous)."""
        if db_field.name == "series":
            kwargs["queryset"] = Series.objects.select_related("tournament").order_by(
                "-tournament__date", "tournament__name", "number"
            )
        elif db_field.name == "table":
            kwargs["queryset"] = Table.objects.select_related("series__tournament").order_by(
                "-series__tournament__date", "series__tournament__name", "series__number", "number"
            )
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        assert field is not None  # a ForeignKey always has a form field
        # Django's documented way to label one form's choices: replace the method (hence ignores)
        if db_field.name == "series":
            field.label_from_instance = lambda series: f"{series.tournament.name}: {series}"  # type: ignore[method-assign,assignment]
        elif db_field.name == "table":
            field.label_from_instance = lambda table: (  # type: ignore[method-assign,assignment]
                f"{table.series.tournament.name}: {table.series}, {table}"
            )
        return field

    def has_change_permission(self, request, obj=None):
        return False  # penalty rows are history: shown, deleted, never edited

    @admin.display(description=_("tournament"), ordering="series__tournament")
    def tournament(self, adjustment):
        return adjustment.series.tournament

    @admin.display(description=_("penalty lines"))
    def lines_text(self, adjustment):
        return format_html_join(
            ", ",
            "{}: {}",
            ((line.entry.player, f"{line.points:+d}") for line in adjustment.lines.all()),
        )

    def save_model(self, request, obj, form, change):
        """Saved together with its lines through add_adjustment, in save_related."""

    def save_related(self, request, form, formsets, change):
        draft = form.instance
        (lines,) = (formset for formset in formsets if isinstance(formset, AdjustmentLineFormSet))
        stored = add_adjustment(
            draft.series,
            kind=draft.kind,
            lines=lines.lines(),
            reason=draft.reason,
            by=Actor.of_user(request.user),
            table=draft.table,
        )
        draft.pk, draft.author, draft.created_at = stored.pk, stored.author, stored.created_at
        # What the admin's history message lists, as if the formset had saved the lines.
        lines.new_objects = list(stored.lines.select_related("entry__player"))
        lines.changed_objects, lines.deleted_objects = [], []

    def delete_model(self, request, obj):
        remove_adjustments(Adjustment.objects.filter(pk=obj.pk), by=Actor.of_user(request.user))

    def delete_queryset(self, request, queryset):
        remove_adjustments(queryset, by=Actor.of_user(request.user))


@admin.register(AdjustmentLine)
class AdjustmentLineAdmin(ReadOnlyAdmin):
    list_display = ("entry", "points", "adjustment", "series")
    list_filter = ("adjustment__kind", "adjustment__series__tournament")
    search_fields = ("entry__player__name", "adjustment__reason")
    list_select_related = ("entry__player", "adjustment__series")

    @admin.display(description=_("series"), ordering="adjustment__series")
    def series(self, line):
        return line.adjustment.series


# --- on the series' list (tournaments.admin, through tournaments.ports.ADMIN_PARTS) -----------


@admin.action(description=_("Call time (remaining normal deals are struck)"))
def call_time_action(model_admin, request, queryset):
    actor = Actor.of_user(request.user)
    called = [call_time(series, by=actor) for series in queryset.select_related("tournament")]
    names = ", ".join(f"{series.tournament.name}: {series}" for series in called)
    model_admin.message_user(request, _("Time called for %(series)s.") % {"series": names})


@admin.action(description=_("Close series (every table complete)"))
def close_series_action(model_admin, request, queryset):
    for series in queryset.select_related("tournament"):
        try:
            close_series(series, by=Actor.of_user(request.user))
        except Refused as refusal:
            model_admin.message_user(request, f"{series}: {refusal_text(refusal)}", messages.ERROR)
        else:
            model_admin.message_user(request, _("%(series)s closed.") % {"series": series})
