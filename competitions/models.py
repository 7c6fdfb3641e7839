"""Competitions over a season's evenings: leagues and team cups as one model.

A competition **is** a season (``seasons.Season``: its name, game, organisers, public flag and
the settings its evenings start with) of one **kind**: a league (divisions of teams meeting on
numbered match days, ranked in a table by ``teams.engine.league``) or a team cup (groups of
teams over rounds, then a knock-out bracket by ``teams.engine.bracket``). Both are made of the
same parts:

- its **groups** (a league's divisions, each with its own table rule; a cup's groups);
- its **entrants** (``Entrant``: a team for the whole competition, its club as typed and the
  club set up in Karlchen of that name) with their **squads** (``SquadMember``: a player plays
  for one team of a competition);
- its **fixtures** on the season's evenings (``Fixture``: a league's match day by its number, a
  cup's group round or knock-out pairing), each evening one tournament;
- each fixture's **sides** (``FixtureTeam``: an entrant there, its group on a match day or its
  place in a pairing, its roster a ``teams.Team`` of that tournament, a day score as given).

Nothing of a table or a bracket is stored; what is stored is what the organisers decided: the
rules, a cup group's placing where its qualifying line was tied, the draw once the knock-out
started, a tied pairing's decider. A fixture's results are final exactly when its tournament's
are (``teams.domain.match_final``).

``leagues`` and ``cups`` sit above this app and present the two kinds (their pages, API,
printouts, archives and log codes). The ids clubs know of a league's divisions and teams are
their ``shown_id``; a cup's keep theirs as primary keys (docs/TEAMS.md, "One competition
model").
"""

import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from karlchen.messages import problem_message
from karlchen.refusals import InvariantViolation, Refused
from people.models import Player
from seasons.models import Season, SeasonEvening
from teams.domain.match_final import is_final
from teams.engine import bracket, league
from teams.models import Team


class Kind(models.TextChoices):
    LEAGUE = "league", _("league")
    CUP = "cup", _("team cup")


def present(value: int | None, what: str) -> int:
    """A field the row's kind makes present (the constraints ``fixture_day_or_match`` and
    ``fixture_team_group_or_position``): a cup match's round, a match day's number, a cup side's
    place, a match day team's group."""
    if value is None:
        raise InvariantViolation(f"{what} missing")
    return value


class Competition(models.Model):
    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="competition"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    # A cup's rule (a league's rules are its divisions').
    rule = models.JSONField(
        _("cup rule"),
        default=dict,
        blank=True,
        help_text=_("Group rounds, qualifiers, the group table's rule, ties (docs/TEAMS.md)."),
    )
    # A cup group's order where its qualifying line was tied, as the organiser decided it:
    # {"<group id>": [entrant ids, best first]}.
    placings = models.JSONField(_("placings"), default=dict, blank=True)
    # A cup's knock-out draw as it was made when its first pairings started: [{"team", "group",
    # "place"}] by seed number. Corrections of group rounds after that change the group tables
    # but not the draw (a real cup does not redraw a running knock-out).
    seeds = models.JSONField(_("draw"), default=list, blank=True)
    drawn_at = models.DateTimeField(_("drawn"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["league", "cup"]), name="competition_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return self.season.name

    @property
    def cup_rule(self) -> bracket.CupRule:
        return bracket.parse_rule(self.rule, "rule")


class Group(models.Model):
    """A league's division ("Staffel": its teams ranked in one table by its own ``rule``) or a
    cup's group (``rule`` empty: the cup's rule ranks it)."""

    competition = models.ForeignKey(
        Competition,
        verbose_name=_("competition"),
        on_delete=models.CASCADE,
        related_name="groups",
    )
    name = models.CharField(_("name"), max_length=100)
    position = models.PositiveSmallIntegerField(_("position"))  # the groups' order, from 1
    rule = models.JSONField(
        _("table rule"),
        default=dict,
        blank=True,
        help_text=_("Ranking points, ties, the table's order, promotion and relegation."),
    )
    # A league's division copied from before the one model: the id the API and the desk knew
    # it by. Empty for every other group, whose primary key is shown (``shown``).
    shown_id = models.BigIntegerField(_("id shown"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["competition_id", "position"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.UniqueConstraint(fields=["competition", "position"], name="group_position_once"),
            models.UniqueConstraint("competition", Lower("name"), name="group_name_once"),
            models.UniqueConstraint(fields=["shown_id"], name="group_shown_id_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shown(self) -> int:
        return self.pk if self.shown_id is None else self.shown_id

    def clean(self) -> None:
        try:
            league.parse_rule(self.rule, "rule")
        except Refused as refusal:
            raise ValidationError(
                {"rule": [problem_message(problem) for problem in refusal.problems]}
            ) from refusal

    @property
    def table_rule(self) -> league.LeagueRule:
        return league.parse_rule(self.rule, "rule")


class Entrant(models.Model):
    """A team of the competition for its whole season, in one of its groups (its players may
    change from fixture to fixture; a cup's are its squad)."""

    competition = models.ForeignKey(
        Competition,
        verbose_name=_("competition"),
        on_delete=models.CASCADE,
        related_name="teams",
    )
    group = models.ForeignKey(
        Group, verbose_name=_("group"), on_delete=models.CASCADE, related_name="teams"
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
        related_name="competition_teams",
    )
    # A league's team copied from before the one model: the id the API and the desk knew it
    # by. Empty for every other team, whose primary key is shown (``shown``).
    shown_id = models.BigIntegerField(_("id shown"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["competition_id", "group__position", "pk"]
        verbose_name = _("team of a competition")
        verbose_name_plural = _("teams of a competition")
        constraints = [
            models.UniqueConstraint("competition", Lower("name"), name="entrant_name_once"),
            models.UniqueConstraint(fields=["shown_id"], name="entrant_shown_id_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shown(self) -> int:
        return self.pk if self.shown_id is None else self.shown_id


def shown(value: object) -> Q:
    """The group or team whose id shown (``Group.shown``, ``Entrant.shown``) is ``value``: a row
    copied from before the one model by its ``shown_id``, any other by its primary key (above
    every id shown before it: the copy set the sequences after them)."""
    return Q(shown_id=value) | Q(shown_id__isnull=True, pk=value)


class SquadMember(models.Model):
    """A player of a competition's team for the whole competition (a player plays for one team
    of a competition): a regular, whom each match day's roster lists, or a substitute, who plays
    when swapped in for a regular on the day."""

    competition = models.ForeignKey(
        Competition,
        verbose_name=_("competition"),
        on_delete=models.CASCADE,
        related_name="squad_members",
    )
    team = models.ForeignKey(
        Entrant, verbose_name=_("team"), on_delete=models.CASCADE, related_name="players"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        ordering = ["team_id", "position"]
        verbose_name = _("player of a team")
        verbose_name_plural = _("players of a team")
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="squad_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class Fixture(models.Model):
    """One of the competition's tournaments, an evening of its season: a league's match day
    (``number`` from 1), a cup's group round (``group`` set, ``round`` its number) or a cup's
    knock-out pairing (``round`` from 1, ``position`` from the top of the bracket)."""

    competition = models.ForeignKey(
        Competition,
        verbose_name=_("competition"),
        on_delete=models.CASCADE,
        related_name="fixtures",
    )
    evening = models.OneToOneField(
        SeasonEvening,
        verbose_name=_("evening"),
        on_delete=models.CASCADE,
        related_name="fixture",
    )
    number = models.PositiveSmallIntegerField(_("match day"), null=True, blank=True)
    group = models.ForeignKey(
        Group,
        verbose_name=_("group"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
    )
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    # A knock-out pairing of equal scores that the rule leaves to a decider: who won it.
    winner = models.ForeignKey(
        Entrant,
        verbose_name=_("winner by decider"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["competition_id", "number", "group_id", "round", "position"]
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")
        constraints = [
            # A match day: its number, nothing of a cup's match.
            # A cup's match: its round, and either its group or its place in the bracket.
            models.CheckConstraint(
                condition=(
                    Q(number__isnull=False)
                    & Q(round__isnull=True)
                    & Q(group__isnull=True)
                    & Q(position__isnull=True)
                    & Q(winner__isnull=True)
                )
                | (
                    Q(number__isnull=True)
                    & Q(round__isnull=False)
                    & (Q(group__isnull=True) ^ Q(position__isnull=True))
                ),
                name="fixture_day_or_match",
            ),
            models.UniqueConstraint(
                fields=["competition", "number"],
                condition=Q(number__isnull=False),
                name="fixture_day_number_once",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="fixture_day_number_1"),
            models.UniqueConstraint(
                fields=["competition", "group", "round"],
                condition=Q(group__isnull=False),
                name="fixture_group_round_once",
            ),
            models.UniqueConstraint(
                fields=["competition", "round", "position"],
                condition=Q(group__isnull=True, round__isnull=False),
                name="fixture_pairing_once",
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="fixture_round_1"),
        ]

    def __str__(self) -> str:
        return str(self.evening.tournament)

    @property
    def knockout(self) -> bool:
        return self.number is None and self.group_id is None

    @property
    def final(self) -> bool:
        """Whether the fixture's results are final: its tournament's are
        (``teams.domain.match_final``; read it with ``select_related("evening__tournament")``)."""
        return is_final(self.evening.tournament)

    @property
    def final_at(self) -> datetime.datetime | None:
        return self.evening.tournament.results_final_at


class FixtureTeam(models.Model):
    """A competition's team in one of its fixtures: its group on a match day (from 1) or its
    place in a cup's match (a pairing: 1 first, 2 second), its roster there (a team of the
    fixture's tournament) and, where a venue reports it on paper, its day score as given."""

    fixture = models.ForeignKey(
        Fixture, verbose_name=_("fixture"), on_delete=models.CASCADE, related_name="sides"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name=_("team"), on_delete=models.CASCADE, related_name="sides"
    )
    group = models.PositiveSmallIntegerField(_("group"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    team = models.OneToOneField(
        Team,
        verbose_name=_("roster"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="fixture_side",
    )
    score = models.IntegerField(_("day score as given"), null=True, blank=True)

    class Meta:
        ordering = ["fixture_id", "group", "position", "entrant_id"]
        verbose_name = _("team of a fixture")
        verbose_name_plural = _("teams of a fixture")
        constraints = [
            models.UniqueConstraint(fields=["fixture", "entrant"], name="fixture_team_once"),
            models.CheckConstraint(condition=Q(group__gte=1), name="fixture_team_group_1"),
            # A match day's team has its group, a cup match's its place.
            models.CheckConstraint(
                condition=Q(group__isnull=True) ^ Q(position__isnull=True),
                name="fixture_team_group_or_position",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: {self.entrant}"
