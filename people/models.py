"""A person, whatever tournament, season, team or cup they play in (docs/REGISTRY.md): the
player, their memberships of associations with the member numbers those gave them, and the
registry's log of what was done to a person.

Moved here from ``tournaments`` and ``registry`` by state only: their database tables keep their
names (``db_table``), so an existing database keeps every row as it is (``people`` 0001). Every
entry points to a player; ``people`` knows nothing of entries (it sits below ``tournaments``).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Association, Club
from karlchen.log import LogEntry


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    # The club the person plays for as it was typed (entries, sign-ups, archives, the registry):
    # the one answer to "which club is shown for this player", everywhere (docs/CLUBS.md).
    club_name = models.CharField(_("club"), max_length=120, blank=True)
    # The club set up in Karlchen whose name that is, if any (``clubs.domain.names``): found
    # when the name is typed, or linked when such a club is set up. Typed text never makes one.
    club = models.ForeignKey(
        Club,
        verbose_name=_("club in Karlchen"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        help_text=_("The club set up here whose name the player's club is, if there is one."),
    )
    # The DDV member number (the ranking export's); the numbers of other associations are
    # ``Membership`` rows (docs/REGISTRY.md).
    member_number = models.CharField(
        _("federation member number"), max_length=30, null=True, blank=True, unique=True
    )
    # The registry (docs/REGISTRY.md): what tells two people of one name apart, and what the
    # person agreed to. Written through ``people.domain`` (merging and erasing: ``registry``).
    birth_year = models.PositiveSmallIntegerField(_("year of birth"), null=True, blank=True)
    guest = models.BooleanField(
        _("guest"), default=False, help_text=_("Plays as a guest, not as a member of a club.")
    )
    # None: never asked; True/False: asked, with when, who recorded it and how it was given.
    listing_consent = models.BooleanField(
        _("agrees to a public profile"), null=True, blank=True, default=None
    )
    consent_at = models.DateTimeField(_("consent recorded at"), null=True, blank=True)
    consent_by = models.CharField(_("consent recorded by"), max_length=150, blank=True)
    consent_how = models.CharField(_("consent given how"), max_length=200, blank=True)
    profile_hidden = models.BooleanField(
        _("profile hidden"),
        default=False,
        help_text=_("No public profile, whatever the consent says (the person asked for it)."),
    )
    # Set once the person's data is erased (anonymised): their results stay, nothing else.
    erased_at = models.DateTimeField(_("erased at"), null=True, blank=True)

    class Meta:
        db_table = "tournaments_player"  # moved here by state: its table stays
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(
                condition=Q(birth_year__isnull=True) | Q(birth_year__range=(1900, 2100)),
                name="player_birth_year_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def profile_public(self) -> bool:
        """Whether the public profile (/p/<id>/) shows: consent given, not hidden, not erased
        (in a query: ``public_profile_condition``)."""
        return bool(self.listing_consent) and not self.profile_hidden and self.erased_at is None


def public_profile_condition(prefix: str = "") -> Q:
    """``Player.profile_public`` as a query's condition (``prefix``: the path to the player from
    another model, e.g. "player__")."""
    return Q(
        **{
            f"{prefix}listing_consent": True,
            f"{prefix}profile_hidden": False,
            f"{prefix}erased_at__isnull": True,
        }
    )


class Membership(models.Model):
    """A person's membership of an association, with the member number it gave them
    (docs/REGISTRY.md): one number per association, each number one person's in it. Written
    through ``people.domain.memberships``."""

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="memberships"
    )
    association = models.ForeignKey(
        Association,
        verbose_name=_("association"),
        on_delete=models.PROTECT,
        related_name="memberships",
    )
    member_number = models.CharField(_("member number"), max_length=30)

    class Meta:
        db_table = "tournaments_membership"  # moved here by state: its table stays
        ordering = ["association__name", "pk"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["association", "member_number"], name="membership_number_unique"
            ),
            models.UniqueConstraint(
                fields=["player", "association"], name="membership_player_unique"
            ),
            models.CheckConstraint(
                condition=~Q(member_number=""), name="membership_number_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.association}: {self.member_number}"


class RegistryAction(LogEntry):
    """Who changed, merged, exported or erased a person of the registry, and when.
    ``player_id`` is a number, not a link: the log outlives a player merged away. Its details
    are ids and field names, never the person's data: erasing needs no rewrite of the log."""

    player_id = models.PositiveIntegerField(_("player"), db_index=True)

    @classmethod
    def about_fields(cls, owners: tuple[models.Model, ...]) -> dict[str, object] | None:
        match owners:
            case (Player() as player,):
                return {"player_id": player.pk}
        return None

    @classmethod
    def about_filter(cls, owner: models.Model) -> models.Q | None:
        return models.Q(player_id=owner.pk) if isinstance(owner, Player) else None

    class Meta(LogEntry.Meta):
        db_table = "registry_registryaction"  # moved here by state: its table stays
        verbose_name = _("registry action")
        verbose_name_plural = _("registry actions")

    def __str__(self) -> str:
        return f"{super().__str__()} #{self.player_id}"
