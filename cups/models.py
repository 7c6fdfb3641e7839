"""The team cup: groups of teams over rounds, then a knock-out bracket seeded from them.

A cup is a competition of the kind ``cup`` (``competitions.models``, docs/TEAMS.md): a season
(``seasons.Season``: its name, game, organisers, public flag and the settings its tournaments
start with) whose every group round and every knock-out pairing is a short tournament, an
evening of that season (a ``Fixture``), so a change of any of them turns the cup's cached reads
over with the season's. Its **teams** (``Entrant``: name, club, players as its squad) are in
**groups**; a team's players in one of the cup's tournaments are a ``teams.Team`` there
(``FixtureTeam.team``), and its score there is the sum of their results. Group tables and the
bracket are never stored: ``teams.engine.bracket`` computes them (``cups.domain.state``). What
is stored is what the organisers decided: the rule, a group's placing where its qualifying line
was tied, the draw once the knock-out started (``seeds``), a tied pairing's decider. A match's
results are final exactly when its tournament's are.

``Cup`` is the competition seen as a cup (only competitions of that kind); its parts are the
competition's models under their own names (``Group``, ``Entrant`` with its ``SquadMember``,
a round or pairing a ``Fixture``, a team's place in it a ``FixtureTeam``).
"""

from typing import Any, ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from competitions.models import Competition, Kind


class CupManager(models.Manager["Cup"]):
    def get_queryset(self) -> models.QuerySet["Cup"]:
        return super().get_queryset().filter(kind=Kind.CUP)


class Cup(Competition):
    """A competition of the kind ``cup``: only those are found, and a new one is of that kind."""

    objects: ClassVar[CupManager] = CupManager()

    class Meta:
        proxy = True
        verbose_name = _("team cup")
        verbose_name_plural = _("team cups")

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.kind = Kind.CUP
        super().save(*args, **kwargs)
