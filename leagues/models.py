"""Leagues: a season of match days, its divisions of teams, and who meets whom on each day.

A league **is** a season (``seasons.Season``: its name, game, organisers, public flag and the
settings its new evenings start with); its **match days** are evenings of that season
(``seasons.SeasonEvening``), each a tournament. Its **divisions** hold its **teams** (a club's
team for the whole season); a match day groups teams of one division (``MatchDayTeam``), and a
team's roster on that day is a ``teams.Team`` of the day's tournament. The league table is never
stored: ``teams.engine.league`` computes it from the days (docs/TEAMS.md, "Leagues").

This app sits above both ``seasons`` and ``teams`` (docs/DESIGN.md): a league needs the season's
evenings, and ``teams`` may not import ``seasons``.
"""

import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from seasons.models import Season, SeasonEvening
from teams.domain.match_final import is_final
from teams.engine.league import LeagueRule, parse_rule
from teams.models import Team


class League(models.Model):
    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="league"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.season.name


class Division(models.Model):
    """A division ("Staffel", "Liga"): its teams are ranked in one table by its rule."""

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="divisions"
    )
    name = models.CharField(_("name"), max_length=100)
    position = models.PositiveSmallIntegerField(_("position"))  # the divisions' order, from 1
    rule = models.JSONField(
        _("table rule"),
        default=dict,
        blank=True,
        help_text=_("Ranking points, ties, the table's order, promotion and relegation."),
    )

    class Meta:
        ordering = ["league_id", "position"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["league", "position"], name="division_position_once"),
            models.UniqueConstraint("league", Lower("name"), name="division_name_once"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        try:
            parse_rule(self.rule, "rule")
        except Refused as refusal:
            raise ValidationError(
                {"rule": [problem_message(problem) for problem in refusal.problems]}
            ) from refusal

    @property
    def table_rule(self) -> LeagueRule:
        return parse_rule(self.rule, "rule")


class LeagueTeam(models.Model):
    """A team of the league for its whole season (its players may change day by day)."""

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="teams"
    )
    division = models.ForeignKey(
        Division, verbose_name=_("division"), on_delete=models.CASCADE, related_name="teams"
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
        related_name="league_teams",
    )

    class Meta:
        ordering = ["league_id", "division__position", "name", "pk"]
        verbose_name = _("league team")
        verbose_name_plural = _("league teams")
        constraints = [
            models.UniqueConstraint("league", Lower("name"), name="league_team_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class MatchDay(models.Model):
    """An evening of the league's season as a match day, with its number. Its results are final
    exactly when its tournament's are (``final``; until then they count only in the provisional
    table): there is no mark of its own (``teams.domain.match_final``)."""

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="match_days"
    )
    evening = models.OneToOneField(
        SeasonEvening,
        verbose_name=_("evening"),
        on_delete=models.CASCADE,
        related_name="match_day",
    )
    number = models.PositiveSmallIntegerField(_("match day"))

    class Meta:
        ordering = ["league_id", "number"]
        verbose_name = _("match day")
        verbose_name_plural = _("match days")
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="match_day_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="match_day_number_1"),
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.number}"

    @property
    def final(self) -> bool:
        """Whether the day's results are final: its tournament's are (read it with
        ``select_related("evening__tournament")``)."""
        return is_final(self.evening.tournament)

    @property
    def final_at(self) -> datetime.datetime | None:
        return self.evening.tournament.results_final_at


class MatchDayTeam(models.Model):
    """A league team on a match day: its group there, its roster (a team of the day's
    tournament) and, where a venue reports it on paper, its day score as given."""

    match_day = models.ForeignKey(
        MatchDay, verbose_name=_("match day"), on_delete=models.CASCADE, related_name="lineups"
    )
    league_team = models.ForeignKey(
        LeagueTeam,
        verbose_name=_("league team"),
        on_delete=models.CASCADE,
        related_name="lineups",
    )
    group = models.PositiveSmallIntegerField(_("group"))  # from 1
    team = models.OneToOneField(
        Team,
        verbose_name=_("roster"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="league_lineup",
    )
    score = models.IntegerField(_("day score as given"), null=True, blank=True)

    class Meta:
        ordering = ["match_day_id", "group", "league_team_id"]
        verbose_name = _("team of a match day")
        verbose_name_plural = _("teams of a match day")
        constraints = [
            models.UniqueConstraint(
                fields=["match_day", "league_team"], name="match_day_team_once"
            ),
            models.CheckConstraint(condition=models.Q(group__gte=1), name="match_day_group_1"),
        ]

    def __str__(self) -> str:
        return f"{self.match_day}: {self.league_team}"
