"""The back office of the clubs: associations, clubs with their roles, invitations and the
clubs' log (read only: written by ``clubs.domain.clubs``)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from clubs.domain.clubs import create_club
from clubs.domain.names import club_text
from clubs.models import Association, Club, ClubAction, ClubRole, Invitation
from karlchen.actors import Actor
from karlchen.admin import LogAdmin, ReadOnlyAdmin
from karlchen.messages import problem_message
from karlchen.refusals import Problem


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
class ClubActionAdmin(LogAdmin):
    """A club's log: written by the operations on its people, never edited."""

    list_display = ("at", "club", "user_label", "words", "action")
    list_filter = ("action",)
    list_select_related = ("club",)
    search_fields = ("club__name", "user_label")


class ClubForm(forms.ModelForm):
    """A club set up in the back office: a name another club has, in any case, is taken."""

    class Meta:
        model = Club
        fields = ("name", "short_name", "association")

    def clean_name(self) -> str:
        name = club_text(self.cleaned_data["name"])
        taken = Club.objects.filter(name__iexact=name).exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(
                problem_message(Problem("club_name_taken", "name", {"name": name}))
            )
        return name


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """A new club is set up as everywhere (``create_club``: logged, the players and teams typed
    with its name linked); an existing one is plain data here."""

    form = ClubForm
    list_display = ("name", "short_name", "association", "players")
    list_filter = ("association",)
    search_fields = ("name", "short_name")
    inlines = (ClubRoleInline,)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        club = create_club(
            by=Actor.of_user(request.user),
            name=obj.name,
            short_name=obj.short_name,
            association=obj.association,
        )
        obj.pk, obj._state.adding = club.pk, False  # the admin goes on with the row made

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("player"))

    @admin.display(description=_("players"), ordering="player_count")
    def players(self, club):
        return club.player_count
