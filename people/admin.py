"""The back office of the people: players, their memberships and the registry's log (read-only).
What the registry records with who and when (consent, erasure, memberships) is written at the
desk's player registry."""

from __future__ import annotations

from django.contrib import admin

from karlchen.admin import LogAdmin, ReadOnlyAdmin
from people.models import Membership, Player, RegistryAction


@admin.register(Membership)
class MembershipAdmin(ReadOnlyAdmin):
    """A person's member numbers per association: written at the desk's player registry
    (/desk/players/, ``people.domain.memberships``), which checks and logs them."""

    list_display = ("player", "association", "member_number")
    list_filter = ("association",)
    list_select_related = ("player", "association")
    search_fields = ("player__name", "member_number")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club_name", "member_number", "birth_year", "guest", "listing_consent")
    list_filter = ("club", "guest", "listing_consent")
    search_fields = ("name", "club_name", "member_number", "memberships__member_number")
    list_select_related = ("club",)
    autocomplete_fields = ("club",)
    # The consent is a record (who, when, how) and an erasure is final: both are written at
    # the desk's player registry (/desk/players/, registry.domain), which logs them.
    readonly_fields = ("listing_consent", "consent_at", "consent_by", "consent_how", "erased_at")


@admin.register(RegistryAction)
class RegistryActionAdmin(LogAdmin):
    """The registry's log: what was done to a person, by whom and when (ids, never their data)."""

    list_display = ("at", "player_id", "user_label", "words", "action")
    list_filter = ("action",)
    search_fields = ("user_label",)
    date_hierarchy = "at"
