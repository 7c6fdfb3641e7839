"""The back office of the set-up: entries, rule sets, jobs and the log.

What the admin may change directly is plain data; everything the rules or the audit trail depend
on goes through the domain (the tournament and series admin with their actions is ``desk.admin``,
beside the desk, whose actions it shares).
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.admin import ReadOnlyAdmin
from tournaments.domain.entries import FLAG_OPERATIONS, set_entry_flags
from tournaments.models import Entry, Job, OrganiserAction, Protest, RuleSet, Series


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
class OrganiserActionAdmin(ReadOnlyAdmin):
    """The log is evidence: shown, never edited."""

    list_display = ["at", "tournament", "user_label", "action"]
    list_filter = ["action"]
    search_fields = ["tournament__name", "user_label"]
    date_hierarchy = "at"


@admin.register(Protest)
class ProtestAdmin(ReadOnlyAdmin):
    """Protests are lodged and decided at the desk or through the API (logged): shown here."""

    list_display = ["lodged_at", "tournament", "series", "table", "deal", "status"]
    list_filter = ["status"]
    search_fields = ["tournament__name", "text", "decision"]
