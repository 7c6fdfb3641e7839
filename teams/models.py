"""Teams inside a tournament: a team's roster of the tournament's entries (regulars and
substitutes, one captain), and how the tournament ranks its teams and clubs beside its players.

What the database guarantees is what two organisers could race for: a player is in one team of
a tournament at most (``team_member_once``, on the tournament stored beside the entry), a team's
name is unique in its tournament, and a team has one captain at most.
The side rankings are never stored: ``teams.domain.rankings`` computes them from the standings.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Tournament


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="teams"
    )
    name = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament_id", "name", "pk"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_once")
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(
        Team, verbose_name=_("team"), on_delete=models.CASCADE, related_name="members"
    )
    # The entry's tournament, kept here so that the database holds a player to one team per
    # tournament (the domain checks it is the team's tournament too).
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="+"
    )
    entry = models.ForeignKey(
        Entry, verbose_name=_("player"), on_delete=models.CASCADE, related_name="team_members"
    )
    substitute = models.BooleanField(_("substitute"), default=False)
    captain = models.BooleanField(_("captain"), default=False)

    class Meta:
        ordering = ["team_id", "substitute", "entry__start_number"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "entry"], name="team_member_once"),
            models.UniqueConstraint(
                fields=["team"], condition=Q(captain=True), name="team_captain_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.entry}"


class SideRankings(models.Model):
    """How a tournament ranks its teams and its clubs (teams.engine.ranking.parse_rule); a
    tournament without one ranks both by the default rule (the sum, ties by the best member)."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="side_rankings",
    )
    team_rule = models.JSONField(_("team ranking rule"), default=dict, blank=True)
    club_rule = models.JSONField(_("club ranking rule"), default=dict, blank=True)
    clubs_shown = models.BooleanField(
        _("club ranking shown"),
        default=True,
        help_text=_("Spectators see the clubs' ranking beside the teams'."),
    )

    class Meta:
        verbose_name = _("side rankings")
        verbose_name_plural = _("side rankings")

    def __str__(self) -> str:
        return str(self.tournament)
