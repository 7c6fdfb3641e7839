"""The back office of the clubs: associations, clubs with their roles, invitations and the
clubs' log (read only: written by ``clubs.domain.clubs``)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from clubs.models import Association, Club, ClubAction, ClubRole, Invitation
from karlchen.admin import ReadOnlyAdmin


@admin.register(Association)
class AssociationAdmin(admin.ModelAdmin):
    list_display = ("name", "short_name")
    search_fields = ("name", "short_name")
    filter_horizontal = ("admins",)


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    fk_name = "club"
    fields = ("user", "role")
    autocomplete_fields = ("user",)
    extra = 0


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ("club", "user", "role", "created_at")
    list_filter = ("role",)
    list_select_related = ("club", "user")
    search_fields = ("club__name", "user__username")
    autocomplete_fields = ("club", "user")
    fields = ("club", "user", "role")


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    """Invitations are sent from the desk or the API (the token is shown once, never stored)."""

    list_display = ("club", "email", "role", "created_at", "expires_at", "accepted_at")
    list_filter = ("role",)
    list_select_related = ("club",)
    search_fields = ("email", "club__name")


@admin.register(ClubAction)
class ClubActionAdmin(ReadOnlyAdmin):
    """A club's log: written by the operations on its people, never edited."""

    list_display = ("at", "club", "user_label", "action")
    list_filter = ("action",)
    list_select_related = ("club",)
    search_fields = ("club__name", "user_label")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "short_name", "association", "players")
    list_filter = ("association",)
    search_fields = ("name", "short_name")
    inlines = (ClubRoleInline,)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("player"))

    @admin.display(description=_("players"), ordering="player_count")
    def players(self, club):
        return club.player_count
