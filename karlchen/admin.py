"""Building blocks of the back office (the Django admin) that every app uses."""

from django.contrib import admin


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
