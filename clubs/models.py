"""Clubs as homes (docs/CLUBS.md): associations, clubs, a user's role in a club, the
e-mailed invitations that give one, and the club's log.

Moved here from ``tournaments`` by state only: their database tables keep their names
(``db_table``), so an existing database keeps every row as it is (``clubs`` 0001). Writes go
through ``clubs.domain.clubs``; who may do what is ``clubs.access``.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.enums import ClubRoleKind
from karlchen.log import LogEntry


class Association(models.Model):
    """A regional body or the DDV: it groups clubs, its admins create clubs and run leagues and
    ranking lists across them (docs/CLUBS.md)."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    short_name = models.CharField(_("short name"), max_length=20, blank=True)
    admins = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("admins"),
        blank=True,
        related_name="administered_associations",
    )

    class Meta:
        db_table = "tournaments_association"  # moved here by state: its table stays
        ordering = ["name"]
        verbose_name = _("association")
        verbose_name_plural = _("associations")

    def __str__(self) -> str:
        return self.name


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    short_name = models.CharField(_("short name"), max_length=20, blank=True)
    association = models.ForeignKey(
        Association,
        verbose_name=_("association"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="clubs",
    )

    class Meta:
        db_table = "tournaments_club"  # moved here by state: its table stays
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class ClubRole(models.Model):
    """A user's role in a club (one per club): what it allows is ``clubs.access``'s."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="club_roles",
    )
    role = models.CharField(_("role"), max_length=20, choices=ClubRoleKind.choices)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_clubrole"  # moved here by state: its table stays
        ordering = ["club_id", "role", "user_id"]
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_role_once_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.user} ({self.get_role_display()})"


class Invitation(models.Model):
    """An e-mailed link that gives its accepter a role in a club: single use, until it
    expires. Only the token's hash is stored (the link is the secret)."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("e-mail address"))
    role = models.CharField(_("role"), max_length=20, choices=ClubRoleKind.choices)
    token_hash = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    class Meta:
        db_table = "tournaments_invitation"  # moved here by state: its table stays
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.club}: {self.email} ({self.get_role_display()})"


class ClubAction(LogEntry):
    """Who did what to a club's people, and when: the club's log. Roles given and taken,
    invitations sent, accepted and withdrawn (``clubs.domain.clubs``)."""

    about = ("club",)
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="actions"
    )

    class Meta(LogEntry.Meta):
        db_table = "tournaments_clubaction"  # moved here by state: its table stays
        verbose_name = _("club action")
        verbose_name_plural = _("club actions")
