"""The team cup: groups of teams over rounds, then a knock-out bracket seeded from them.

A cup **is** a season (``seasons.Season``: its name, game, organisers, public flag and the
settings its tournaments start with), like a league; every group round and every knock-out
pairing is a short tournament, an evening of that season (``seasons.SeasonEvening``), so a
change of any of them turns the cup's cached reads over with the season's. Its **teams**
(name, club, players) are in **groups**; a team's players in one of the cup's tournaments are
a ``teams.Team`` there (``CupMatchTeam.team``), and its score there is the sum of their results.
Group tables and the bracket are never stored: ``teams.engine.bracket`` computes them
(``cups.domain.state``). What is stored is what the organisers decided: the rule, a group's
placing where its qualifying line was tied, the draw once the knock-out started (``seeds``),
a tied pairing's decider. A match's results are final exactly when its tournament's are.

This app sits beside ``leagues``, above ``seasons`` and ``teams`` (docs/DESIGN.md).
"""

import datetime

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from people.models import Player
from seasons.models import Season, SeasonEvening
from teams.domain.match_final import is_final
from teams.engine.bracket import CupRule, parse_rule
from teams.models import Team


class Cup(models.Model):
    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="cup"
    )
    rule = models.JSONField(
        _("cup rule"),
        default=dict,
        blank=True,
        help_text=_("Group rounds, qualifiers, the group table's rule, ties (docs/TEAMS.md)."),
    )
    # A group's order where its qualifying line was tied, as the organiser decided it:
    # {"<group id>": [cup team ids, best first]}.
    placings = models.JSONField(_("placings"), default=dict, blank=True)
    # The knock-out's draw as it was made when its first pairings started: [{"team", "group",
    # "place"}] by seed number. Corrections of group rounds after that change the group tables
    # but not the draw (a real cup does not redraw a running knock-out).
    seeds = models.JSONField(_("draw"), default=list, blank=True)
    drawn_at = models.DateTimeField(_("drawn"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        verbose_name = _("team cup")
        verbose_name_plural = _("team cups")

    def __str__(self) -> str:
        return self.season.name

    @property
    def cup_rule(self) -> CupRule:
        return parse_rule(self.rule, "rule")


class CupGroup(models.Model):
    cup = models.ForeignKey(
        Cup, verbose_name=_("team cup"), on_delete=models.CASCADE, related_name="groups"
    )
    name = models.CharField(_("name"), max_length=100)
    position = models.PositiveSmallIntegerField(_("position"))  # from 1: the groups' order

    class Meta:
        ordering = ["cup_id", "position"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.UniqueConstraint(fields=["cup", "position"], name="cup_group_position_once"),
            models.UniqueConstraint("cup", Lower("name"), name="cup_group_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class CupTeam(models.Model):
    cup = models.ForeignKey(
        Cup, verbose_name=_("team cup"), on_delete=models.CASCADE, related_name="teams"
    )
    group = models.ForeignKey(
        CupGroup, verbose_name=_("group"), on_delete=models.CASCADE, related_name="teams"
    )
    name = models.CharField(_("name"), max_length=120)
    # The team's club as typed (shown), and the club set up in Karlchen of that name if any
    # (``clubs.domain.names``; docs/CLUBS.md): typed text never makes a club.
    club_name = models.CharField(_("club"), max_length=120, blank=True)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club in Karlchen"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cup_teams",
    )

    class Meta:
        ordering = ["cup_id", "group__position", "pk"]
        verbose_name = _("cup team")
        verbose_name_plural = _("cup teams")
        constraints = [
            models.UniqueConstraint("cup", Lower("name"), name="cup_team_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class CupPlayer(models.Model):
    """A player of a cup team (a player plays for one team of a cup)."""

    cup = models.ForeignKey(Cup, verbose_name=_("team cup"), on_delete=models.CASCADE)
    team = models.ForeignKey(
        CupTeam, verbose_name=_("cup team"), on_delete=models.CASCADE, related_name="players"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        ordering = ["team_id", "position"]
        verbose_name = _("player of a cup team")
        verbose_name_plural = _("players of a cup team")
        constraints = [
            models.UniqueConstraint(fields=["cup", "player"], name="cup_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class CupMatch(models.Model):
    """One of the cup's tournaments: a group's round (``group`` set, ``round`` its number) or a
    knock-out pairing (``round`` from 1, ``position`` from the top of the bracket)."""

    cup = models.ForeignKey(
        Cup, verbose_name=_("team cup"), on_delete=models.CASCADE, related_name="matches"
    )
    evening = models.OneToOneField(
        SeasonEvening,
        verbose_name=_("evening"),
        on_delete=models.CASCADE,
        related_name="cup_match",
    )
    group = models.ForeignKey(
        CupGroup,
        verbose_name=_("group"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
    )
    round = models.PositiveSmallIntegerField(_("round"))
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    # A knock-out pairing of equal scores that the rule leaves to a decider: who won it.
    winner = models.ForeignKey(
        CupTeam,
        verbose_name=_("winner by decider"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["cup_id", "group_id", "round", "position"]
        verbose_name = _("cup match")
        verbose_name_plural = _("cup matches")
        constraints = [
            models.UniqueConstraint(
                fields=["cup", "group", "round"],
                condition=Q(group__isnull=False),
                name="cup_group_round_once",
            ),
            models.UniqueConstraint(
                fields=["cup", "round", "position"],
                condition=Q(group__isnull=True),
                name="cup_pairing_once",
            ),
            models.CheckConstraint(
                condition=Q(group__isnull=True) ^ Q(position__isnull=True),
                name="cup_match_group_or_position",
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="cup_match_round_1"),
        ]

    def __str__(self) -> str:
        return str(self.evening.tournament)

    @property
    def knockout(self) -> bool:
        return self.group_id is None

    @property
    def final(self) -> bool:
        """Whether the match's results are final: its tournament's are
        (``teams.domain.match_final``; read it with ``select_related("evening__tournament")``)."""
        return is_final(self.evening.tournament)

    @property
    def final_at(self) -> datetime.datetime | None:
        return self.evening.tournament.results_final_at


class CupMatchTeam(models.Model):
    """A cup team in one of the cup's tournaments, its players there a team of that
    tournament (its score: the sum of their results)."""

    match = models.ForeignKey(
        CupMatch, verbose_name=_("cup match"), on_delete=models.CASCADE, related_name="sides"
    )
    cup_team = models.ForeignKey(
        CupTeam, verbose_name=_("cup team"), on_delete=models.CASCADE, related_name="sides"
    )
    position = models.PositiveSmallIntegerField(_("position"))  # a pairing: 1 first, 2 second
    team = models.OneToOneField(
        Team,
        verbose_name=_("roster"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="cup_side",
    )

    class Meta:
        ordering = ["match_id", "position"]
        verbose_name = _("team of a cup match")
        verbose_name_plural = _("teams of a cup match")
        constraints = [
            models.UniqueConstraint(fields=["match", "cup_team"], name="cup_match_team_once"),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.cup_team}"
