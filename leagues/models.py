"""Leagues: a season of match days, its divisions of teams, and who meets whom on each day.

A league is a competition of the kind ``league`` (``competitions.models``, docs/TEAMS.md): a
season (``seasons.Season``: its name, game, organisers, public flag and the settings its new
evenings start with) whose **match days** are evenings of that season (a ``Fixture`` with its
``number``), each a tournament. Its **divisions** (the competition's groups, each with its own
table rule) hold its **teams** (a club's team for the whole season); a match day groups teams
of one division (``FixtureTeam.group``), and a team's roster on that day is a ``teams.Team`` of
the day's tournament. The league table is never stored: ``teams.engine.league`` computes it
from the days (docs/TEAMS.md, "Leagues").

``League`` is the competition seen as a league (only competitions of that kind); its parts
are the competition's models under their own names (a division is a ``Group``, a team an
``Entrant``, a match day a ``Fixture``, a team's place on it a ``FixtureTeam``). A division's
and a team's id as the API and the desk show it is its ``shown`` id (``competitions.models``).
"""

from typing import Any, ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from competitions.models import Competition, Kind


class LeagueManager(models.Manager["League"]):
    def get_queryset(self) -> models.QuerySet["League"]:
        return super().get_queryset().filter(kind=Kind.LEAGUE)


class League(Competition):
    """A competition of the kind ``league``: only those are found, and a new one is of that
    kind."""

    objects: ClassVar[LeagueManager] = LeagueManager()

    class Meta:
        proxy = True
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.kind = Kind.LEAGUE
        super().save(*args, **kwargs)


# A league's teams in a division are listed by name (a cup's in the order they were entered).
TEAM_ORDER = ("group__position", "name", "pk")
