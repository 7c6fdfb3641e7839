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

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.engine import DealRejected
from scoring.messages import refusal_text
from tournaments.domain.actions import log_action
from tournaments.domain.adjustments import add_adjustment, check_adjustment, remove_adjustments
from tournaments.domain.documents import evening_documents
from tournaments.domain.entries import add_missing_series, update_tournament
from tournaments.domain.jobs import start_documents_job, start_seating_job
from tournaments.domain.ranking import bump
from tournaments.domain.seating import reissue_captain_token
from tournaments.domain.series import call_time, close_series
from tournaments.enums import DocumentKind, SeatingMethod, TieBreak
from tournaments.models import (
    Adjustment,
    AdjustmentLine,
    Club,
    Entry,
    Job,
    OrganiserAction,
    Player,
    RuleSet,
    Seat,
    Series,
    Table,
    Tournament,
)


class NoWrites:
    """Rows shown, searched and filtered, never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):
    pass


class ReadOnlyInline(NoWrites):
    """Mixin for inlines that only show rows."""

    extra = 0
    can_delete = False
    show_change_link = True


def series_number_filter(path: str) -> type[admin.SimpleListFilter]:
    """A "series" filter by number (1, 2, 3 …), across tournaments, for the field ``path``."""

    class SeriesNumberFilter(admin.SimpleListFilter):
        title = _("series")
        parameter_name = "series_number"

        def lookups(self, request, model_admin):
            numbers = Series.objects.order_by("number").values_list("number", flat=True)
            return [(number, number) for number in sorted(set(numbers))]

        def queryset(self, request, queryset):
            if self.value():
                return queryset.filter(**{path: self.value()})
            return queryset

    return SeriesNumberFilter


# --- clubs and players -----------------------------------------------------------------------


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "short_name", "players")
    search_fields = ("name", "short_name")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("player"))

    @admin.display(description=_("players"), ordering="player_count")
    def players(self, club):
        return club.player_count


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "member_number")
    list_filter = ("club",)
    search_fields = ("name", "member_number")
    list_select_related = ("club",)
    autocomplete_fields = ("club",)


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
            update_tournament(tournament, standings_frozen=True)
            log_action(tournament, request.user, "frozen")

    @admin.action(description=_("Show the live standings to the public again"))
    def thaw_standings_action(self, request, queryset):
        for tournament in queryset:
            update_tournament(tournament, standings_frozen=False)
            log_action(tournament, request.user, "thawed")

    @admin.action(description=_("Draw the seating of every series not yet under way (new seed)"))
    def draw_seating_action(self, request, queryset):
        for tournament in queryset:
            params = {"method": SeatingMethod.PLAN, "seed": secrets.randbelow(2**62)}
            job = start_seating_job(tournament, by=request.user, params=params)
            details = {"series": "—", "method": params["method"], "seed": params["seed"]}
            log_action(tournament, request.user, "seating_started", **details)
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
                text = _("Nothing to print for %(tournament)s yet: no series is seated.")
                self.message_user(request, text % {"tournament": tournament.name}, messages.WARNING)
            for document in documents:
                try:
                    job = start_documents_job(
                        tournament,
                        by=request.user,
                        request=document,
                        base_url=base_url,
                        language=get_language(),
                    )
                except DealRejected as refusal:
                    text = f"{tournament.name}: {refusal_text(refusal)}"
                    self.message_user(request, text, messages.WARNING)
                    continue
                kind = str(DocumentKind(document["kind"]).label)
                log_action(tournament, request.user, "documents_started", kind=kind)
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

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        tournament = form.instance
        if not change:
            tournament.organisers.add(request.user)  # as create_tournament does
        add_missing_series(tournament)  # as create_tournament does; also for a larger count
        bump(tournament.pk)  # spectators see what changed


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = (
        *("start_number", "player", "club", "tournament", "checked_in", "withdrawn", "hidden"),
    )
    list_display_links = ("start_number", "player")
    list_editable = ("checked_in", "withdrawn", "hidden")
    list_filter = ("tournament", "checked_in", "withdrawn", "hidden", "player__club")
    search_fields = ("player__name", "player__member_number", "=start_number")
    list_select_related = ("player__club", "tournament")
    autocomplete_fields = ("tournament", "player")
    ordering = ("tournament", "start_number")

    @admin.display(description=_("club"), ordering="player__club__name")
    def club(self, entry):
        return entry.player.club

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        bump(obj.tournament_id)  # withdrawn or hidden: spectators see it


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
        called = [call_time(series) for series in queryset.select_related("tournament")]
        for series in called:
            log_action(series.tournament, request.user, "time_called", series=series.number)
        names = ", ".join(f"{series.tournament.name}: {series}" for series in called)
        self.message_user(request, _("Time called for %(series)s.") % {"series": names})

    @admin.action(description=_("Close series (every table complete)"))
    def close_series_action(self, request, queryset):
        for series in queryset.select_related("tournament"):
            try:
                close_series(series)
            except DealRejected as refusal:
                self.message_user(request, f"{series}: {refusal_text(refusal)}", messages.ERROR)
            else:
                log_action(series.tournament, request.user, "series_closed", series=series.number)
                self.message_user(request, _("%(series)s closed.") % {"series": series})


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
                reissue_captain_token(table)
                details = {"table": table.number, "series": table.series.number}
                log_action(
                    table.series.tournament, request.user, "captain_link_reissued", **details
                )
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
        except DealRejected as refusal:
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
        if db_field.name == "series":
            field.label_from_instance = lambda series: f"{series.tournament.name}: {series}"
        elif db_field.name == "table":
            field.label_from_instance = lambda table: (
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
            by=request.user,
            table=draft.table,
        )
        draft.pk, draft.author, draft.created_at = stored.pk, stored.author, stored.created_at
        details = {"table": draft.table.number if draft.table else "—", "reason": draft.reason}
        details["series"] = draft.series.number
        log_action(draft.series.tournament, request.user, "penalty_added", **details)
        # What the admin's history message lists, as if the formset had saved the lines.
        lines.new_objects = list(stored.lines.select_related("entry__player"))
        lines.changed_objects, lines.deleted_objects = [], []

    def delete_model(self, request, obj):
        remove_adjustments(Adjustment.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset):
        remove_adjustments(queryset)


@admin.register(AdjustmentLine)
class AdjustmentLineAdmin(ReadOnlyAdmin):
    list_display = ("entry", "points", "adjustment", "series")
    list_filter = ("adjustment__kind", "adjustment__series__tournament")
    search_fields = ("entry__player__name", "adjustment__reason")
    list_select_related = ("entry__player", "adjustment__series")

    @admin.display(description=_("series"), ordering="adjustment__series")
    def series(self, line):
        return line.adjustment.series


@admin.register(Job)
class JobAdmin(ReadOnlyAdmin):
    """Seating and document jobs, as the workers left them (start them from the API)."""

    list_display = ("pk", "kind", "tournament", "status", "progress", "created_at", "finished_at")
    list_filter = ("kind", "status", "tournament")
    list_select_related = ("tournament",)
    fields = (
        *("tournament", "kind", "status", "progress", "files", "params", "result", "error"),
        *("created_by", "created_at", "started_at", "finished_at"),
    )
    readonly_fields = fields

    @admin.display(description=_("files"))
    def files(self, job):
        names = [file["name"] for file in job.result.get("files", [])]
        return format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            (
                (reverse("job-file", kwargs={"job_id": job.pk, "name": name}), name)
                for name in names
            ),
        )


# --- rule sets and the organisers' log -----------------------------------------------------


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "created_by", "created_at"]
    list_filter = ["game"]
    search_fields = ["name"]
    readonly_fields = ["created_by", "created_at"]


@admin.register(OrganiserAction)
class OrganiserActionAdmin(ReadOnlyAdmin):
    """The log is evidence: shown, never edited."""

    list_display = ["at", "tournament", "user_label", "action"]
    list_filter = ["action"]
    search_fields = ["tournament__name", "user_label"]
    date_hierarchy = "at"
