"""Building blocks of the back office (the Django admin) that every app uses, and the house's
own table there: the tasks waiting for the job queue, read-only."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from karlchen.models import OutboxMessage


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


class LogAdmin(ReadOnlyAdmin):
    """A log (``karlchen.log``): evidence, shown and never edited, each entry in words."""

    @admin.display(description=_("What"))
    def words(self, entry):
        return entry.text()


class ReadOnlyInline(NoWrites):
    """Mixin for inlines that only show rows."""

    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(OutboxMessage)
class OutboxMessageAdmin(ReadOnlyAdmin):
    """The tasks waiting for the job queue (``karlchen.outbox``): read-only, the drain sends
    and removes them (a row kept here is a task the broker has not taken yet)."""

    list_display = ("task", "key", "created_at", "attempts", "error")
    list_filter = ("task",)
    search_fields = ("task", "key")
    date_hierarchy = "created_at"
    fields = ("task", "key", "kwargs", "created_at", "attempts", "error")
    readonly_fields = fields
