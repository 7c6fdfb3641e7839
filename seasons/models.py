"""Seasons: a named competition of one game over many evenings (tournaments).

What is stored is only what a season *is* (its name, game, organisers, ranking rule, the rule
set its new evenings inherit) and which evenings belong to it. Its standings are never stored:
``seasons.domain.standings`` computes them from the evenings' standings on every change.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Association, Club
from karlchen.log import LogEntry
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from seasons.engine.ranking import RankingRule, parse_rule
from tournaments import enums
from tournaments.models import Job, Tournament, check_rules


def check_ranking_rule(ranking_rule) -> None:
    """A season's ``ranking_rule`` must be one the season engine reads."""
    try:
        parse_rule(ranking_rule)
    except Refused as refusal:
        messages = [problem_message(problem) for problem in refusal.problems]
        raise ValidationError({"ranking_rule": messages}) from refusal


class Season(models.Model):
    name = models.CharField(_("name"), max_length=150)
    game = models.CharField(
        _("game"), max_length=20, choices=enums.Game.choices, default=enums.Game.DOPPELKOPF
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons",
    )
    # A league or ranking list across clubs: its association's admins run it.
    association = models.ForeignKey(
        Association,
        verbose_name=_("association"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons",
    )
    # Like a tournament's: the users who run it (superusers run every season).
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), blank=True, related_name="+"
    )
    ranking_rule = models.JSONField(
        _("ranking rule"),
        default=dict,
        blank=True,
        help_text=_("A preset and its options (docs/SEASONS.md)."),
    )
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Spectators see the season's ranking.")
    )
    # What a new evening of the season starts with.
    rules = models.JSONField(_("rules"), default=dict, blank=True)
    series_count = models.PositiveSmallIntegerField(_("number of series"), default=3)
    normal_deals = models.PositiveSmallIntegerField(_("normal deals per four-table"), default=20)
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    entry_mode = models.CharField(
        _("deal entry"),
        max_length=10,
        choices=enums.EntryMode.choices,
        default=enums.EntryMode.FULL,
        help_text=_("How the captains of its evenings enter deals (its next evenings start so)."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=Q(series_count__gte=1) & Q(normal_deals__gte=1),
                name="season_counts_positive",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        check_rules(self.game, self.rules)
        check_ranking_rule(self.ranking_rule)

    @property
    def rule(self) -> RankingRule:
        return parse_rule(self.ranking_rule)


class IndividualCup(models.Model):
    """A season as an individual cup: the best ``places`` of its ranking qualify for its final
    (all who share the last of those places). A season is such a cup exactly when it has this
    row (``individual_cup``); the final is a tournament of its own, never one of its evenings
    (``seasons.domain.final``)."""

    season = models.OneToOneField(
        Season,
        verbose_name=_("season"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="individual_cup",
    )
    places = models.PositiveSmallIntegerField(
        _("qualifying places"),
        help_text=_("A cup: the best this many of the season ranking qualify for its final."),
    )
    final = models.OneToOneField(
        Tournament,
        verbose_name=_("final"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="individual_cup_final",
    )
    # The final's seeding as it was created: [{"seed", "player", "rank", "score"}], seed 1 the
    # season's best (the final's start numbers are the seeds).
    seeds = models.JSONField(_("seeding of the final"), default=list, blank=True)

    class Meta:
        verbose_name = _("individual cup")
        verbose_name_plural = _("individual cups")
        constraints = [
            models.CheckConstraint(condition=Q(places__gte=1), name="individual_cup_places")
        ]

    def __str__(self) -> str:
        return str(self.season)


def individual_cup(season: Season) -> IndividualCup | None:
    """The season's individual cup, None where the season is no such cup."""
    try:
        return season.individual_cup
    except IndividualCup.DoesNotExist:
        return None


def cup_places(season: Season) -> int | None:
    """How many of the season ranking qualify for its final (None: the season is no cup)."""
    cup = individual_cup(season)
    return None if cup is None else cup.places


class SeasonRegular(models.Model):
    """A person the organisers named a regular of the season at the desk (picked by id among
    the people they know): entered at every evening the season starts, besides those who sat
    down at two of its last three evenings (``seasons.domain.seasons.season_regulars``)."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="named_regulars"
    )
    player = models.ForeignKey(
        "people.Player", verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="season_regular_once")
        ]
        verbose_name = _("regular of a season")
        verbose_name_plural = _("regulars of a season")

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.season_id}"


class SeasonEvening(models.Model):
    """A tournament as an evening of a season: of one season of its club or organisers at most
    (its home season), and of any number of seasons of associations (ranking lists, leagues)
    besides (``seasons.domain.seasons.add_evening`` keeps that)."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="evenings"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="season_evenings",
    )
    ranking_tournament = models.BooleanField(
        _("ranking tournament"),
        default=False,
        help_text=_("Counts for a ranking that takes ranking tournaments only (DDV)."),
    )

    class Meta:
        ordering = ["season_id", "tournament__date", "tournament_id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "tournament"], name="season_evening_once")
        ]
        verbose_name = _("evening of a season")
        verbose_name_plural = _("evenings of a season")

    def __str__(self) -> str:
        return f"{self.season}: {self.tournament}"


class SeasonAction(LogEntry):
    """Who did what to a season, and when: the season's log. What is done to one of its
    evenings is written once, here, about that tournament as well: the tournament's log shows
    it beside its own entries."""

    about = ("season", "tournament")

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="actions"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="season_actions",
    )

    class Meta(LogEntry.Meta):
        verbose_name = _("season action")
        verbose_name_plural = _("season actions")


class SeasonJob(models.Model):
    """A background job of the season (its documents). A job belongs to a tournament unless
    it is linked here: the season's organisers follow it, and the season's log notes it."""

    job = models.OneToOneField(
        Job,
        verbose_name=_("job"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="season_link",
    )
    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="job_links"
    )

    class Meta:
        verbose_name = _("season job")
        verbose_name_plural = _("season jobs")

    def __str__(self) -> str:
        return f"{self.season}: {self.job}"
