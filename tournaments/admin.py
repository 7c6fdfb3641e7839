"""The back office of the set-up: tournaments, series, entries, rule sets, jobs and the log.

What the admin may change directly is plain data (entries, check-in, a tournament's details);
everything the rules or the audit trail depend on goes through the domain: a tournament is
created and changed by ``create_tournament``/``update_tournament`` (the series follow the count,
the log notes it), a series is read-only. The apps above add their actions and inlines through
the port ``tournaments.ports.ADMIN_PARTS``: seating draws a tournament's seating and shows a
series' tables, scoring calls time and closes a series, printing prints (each in its
``admin.py``).
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.admin import LogAdmin, ReadOnlyAdmin, ReadOnlyInline
from tournaments.domain.entries import FLAG_OPERATIONS, set_entry_flags
from tournaments.domain.tournaments import create_tournament, update_tournament
from tournaments.enums import TieBreak
from tournaments.models import Entry, Job, OrganiserAction, Protest, RuleSet, Series, Tournament
from tournaments.ports import ADMIN_PARTS


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


# --- entries ---------------------------------------------------------------------


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = (
        *("start_number", "player", "club", "tournament", "checked_in", "withdrawn", "hidden"),
    )
    list_display_links = ("start_number", "player")
    list_editable = ("checked_in", "withdrawn", "hidden")
    list_filter = ("tournament", "checked_in", "withdrawn", "hidden")
    search_fields = ("player__name", "player__member_number", "=start_number")
    list_select_related = ("player", "tournament")
    autocomplete_fields = ("tournament", "player")
    ordering = ("tournament", "start_number")

    @admin.display(description=_("club"), ordering="player__club_name")
    def club(self, entry):
        return entry.player.club_name

    def save_model(self, request, obj, form, change):
        """Check-in, withdrawal and hiding go through the desk's domain functions (logged, and
        spectators see them); the other fields are plain data."""
        if not change:
            super().save_model(request, obj, form, change)
            return
        stored = Entry.objects.get(pk=obj.pk)
        flags = {
            flag: getattr(obj, flag)
            for flag in FLAG_OPERATIONS
            if getattr(obj, flag) != getattr(stored, flag)
        }
        for flag in flags:
            setattr(obj, flag, getattr(stored, flag))
        super().save_model(request, obj, form, change)
        set_entry_flags(obj, by=Actor.of_user(request.user), **flags)


@admin.register(Job)
class JobAdmin(ReadOnlyAdmin):
    """Seating and document jobs, as the workers left them (start them from the API)."""

    list_display = ("pk", "kind", "tournament", "status", "progress", "created_at", "finished_at")
    list_filter = ("kind", "status", "tournament")
    list_select_related = ("tournament",)
    fields = (
        *("tournament", "kind", "status", "progress", "files", "params", "result", "error"),
        *("created_by", "created_at", "started_at", "finished_at"),
        *("attempts", "heartbeat_at", "runner"),  # what the sweep of lost jobs goes by
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
class OrganiserActionAdmin(LogAdmin):
    """The log is evidence: shown, never edited."""

    list_display = ["at", "tournament", "user_label", "words", "action"]
    list_filter = ["action"]
    search_fields = ["tournament__name", "user_label"]
    date_hierarchy = "at"


@admin.register(Protest)
class ProtestAdmin(ReadOnlyAdmin):
    """Protests are lodged and decided at the desk or through the API (logged): shown here."""

    list_display = ["lodged_at", "tournament", "series", "table", "deal", "status"]
    list_filter = ["status"]
    search_fields = ["tournament__name", "text", "decision"]


# --- tournaments and series ------------------------------------------------------------------


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

    @property
    def actions(self):  # type: ignore[override]  # read when shown: the ports are provided
        """Its own, and those the apps above add (``ADMIN_PARTS``)."""
        added = (action for part in ADMIN_PARTS.all() for action in part.tournament_actions)
        return (*added, "freeze_standings_action", "thaw_standings_action")

    @admin.action(description=_("Freeze the public standings as they are now"))
    def freeze_standings_action(self, request, queryset):
        for tournament in queryset:
            update_tournament(tournament, by=Actor.of_user(request.user), standings_frozen=True)

    @admin.action(description=_("Show the live standings to the public again"))
    def thaw_standings_action(self, request, queryset):
        for tournament in queryset:
            update_tournament(tournament, by=Actor.of_user(request.user), standings_frozen=False)

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
        """Through the domain functions, so the series follow the count and the log notes the
        change; the organisers (a relation) are saved afterwards, as usual."""
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

    @property
    def actions(self):  # type: ignore[override]  # read when shown: the ports are provided
        """Those the apps above add (``ADMIN_PARTS``): calling time, closing a series."""
        return tuple(action for part in ADMIN_PARTS.all() for action in part.series_actions)

    @property
    def inlines(self):  # type: ignore[override]
        """Those the apps above add (``ADMIN_PARTS``): the series' tables."""
        return tuple(inline for part in ADMIN_PARTS.all() for inline in part.series_inlines)

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
