"""The set-up: tournaments, entries, series, rule sets, jobs, the organisers' log.

Slim models: what is stored and what the database guarantees (uniqueness, checks). Writes go
through ``tournaments.domain``; the series rules live in ``tournaments.engine``.
"""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from karlchen.log import LogEntry
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from people.models import Player
from rules import parse_rules
from rules.doppelkopf import DoppelkopfRules
from tournaments import enums
from tournaments.engine.series import BockMode, BockSettings, BockStacking, SeriesSettings


def check_rules(game: str, rules) -> None:
    """A model's ``rules`` field must be a rule set the game's engine accepts."""
    try:
        parse_rules(game, rules)
    except Refused as refusal:
        messages = [problem_message(problem) for problem in refusal.problems]
        raise ValidationError({"rules": messages}) from refusal


MAX_PROTEST_MINUTES = 7 * 24 * 60  # a week


def new_pin() -> str:
    """A player's four-digit confirmation PIN."""
    return f"{secrets.randbelow(10_000):04d}"


START_TIME_FORMAT = "%H:%M"  # a start time as read and written outside: "19:00"


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=150)
    date = models.DateField(_("date"))
    # When play begins (local time, Europe/Berlin), where the organisers say so: the calendar
    # and its iCal feed give the tournament this start; without it it is a whole day there
    # (docs/PUBLISHING.md, "The iCal feed").
    start_time = models.TimeField(
        _("start time"),
        null=True,
        blank=True,
        help_text=_("When play begins, e.g. 19:00: the public calendar shows it. Empty: the day."),
    )
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    # Where it is: the public calendar and results index filter by its region and its club
    # (docs/PUBLISHING.md). The region is free text ("Westfalen", "Oberbayern"): federations
    # and cup series cut regions their own way.
    region = models.CharField(
        _("region"),
        max_length=80,
        blank=True,
        help_text=_("E.g. “Westfalen” or “Oberbayern”: the public calendar filters by it."),
    )
    referee = models.CharField(
        _("referee"),
        max_length=120,
        blank=True,
        help_text=_("The referee (Turnierleiter): named on the tournament report."),
    )
    game = models.CharField(
        _("game"), max_length=20, choices=enums.Game.choices, default=enums.Game.DOPPELKOPF
    )
    rules = models.JSONField(_("rules"), default=dict, blank=True)
    series_count = models.PositiveSmallIntegerField(_("number of series"), default=3)
    normal_deals = models.PositiveSmallIntegerField(
        _("normal deals per four-table"),
        default=20,
        help_text=_(
            "Doppelkopf: normal games at a four-table (five-tables play 5/4 of it); "
            "Schafkopf: deals per series."
        ),
    )
    compulsory_solos = models.BooleanField(_("compulsory solos"), default=True)
    confirmation_required = models.BooleanField(
        _("deals confirmed by a player"),
        default=False,
        help_text=_(
            "A player of the other party confirms each deal with their PIN on the captain's "
            "phone; published standings count confirmed deals only."
        ),
    )
    # Clubs that score on paper enter the game value and winners, or each player's points
    # (RULES.md §11.8); the captain's page shows that form.
    entry_mode = models.CharField(
        _("deal entry"),
        max_length=10,
        choices=enums.EntryMode.choices,
        default=enums.EntryMode.FULL,
    )
    status = models.CharField(
        _("status"),
        max_length=20,
        choices=enums.TournamentStatus.choices,
        default=enums.TournamentStatus.DRAFT,
    )
    standings_public = models.BooleanField(
        _("standings published"),
        default=True,
        help_text=_("Spectators see the ranking (organisers always do)."),
    )
    # While frozen, spectators see the ranking as it was at that moment (e.g. during the last
    # series until the award ceremony); organisers keep seeing the live one.
    standings_frozen_at = models.DateTimeField(_("standings frozen at"), null=True, blank=True)
    frozen_standings = models.JSONField(_("frozen standings"), null=True, blank=True)
    tie_breaks = models.JSONField(
        _("tie-breaks"), default=list, blank=True, help_text=_("Order of the tie-breaks.")
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), blank=True, related_name="+"
    )
    # The club whose home it is, its host: its people run it (clubs.access), the calendar
    # and the results index name it. None: a private tournament of its organisers alone (and
    # every tournament from before clubs).
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
    )
    ranking_tournament = models.BooleanField(
        _("ranking tournament"),
        default=False,
        help_text=_("Counts for the association's ranking lists: its admins see it."),
    )
    # What the organiser's desk offers first when a series is seated.
    seating_method = models.CharField(
        _("seating method"),
        max_length=20,
        choices=enums.SeatingMethod.choices,
        default=enums.SeatingMethod.PLAN,
    )
    # Provisional, then final (docs/OPEN_TOURNAMENTS.md): after the last series closes,
    # protests may be lodged for this long; then the organisers mark the results final, which
    # freezes them.
    protest_minutes = models.PositiveIntegerField(
        _("protest period (minutes)"),
        default=30,
        validators=[MaxValueValidator(MAX_PROTEST_MINUTES)],
        help_text=_("After the last series closes; the results can be marked final after it."),
    )
    results_final_at = models.DateTimeField(_("results final since"), null=True, blank=True)
    results_final_by = models.CharField(_("marked final by"), max_length=150, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(series_count__gte=1) & Q(normal_deals__gte=1),
                name="tournament_counts_positive",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    def clean(self) -> None:
        """The rule set must be one the game's engine accepts (admin forms check it too)."""
        check_rules(self.game, self.rules)

    @property
    def results_final(self) -> bool:
        return self.results_final_at is not None

    @property
    def is_public(self) -> bool:
        return self.status != enums.TournamentStatus.DRAFT

    def series_settings(self, table_size: int) -> SeriesSettings:
        """The series rules for a table of ``table_size`` (a five-table plays 5/4 of the deals)."""
        doppelkopf = self.game == enums.Game.DOPPELKOPF
        normal = self.normal_deals * 5 // 4 if doppelkopf and table_size == 5 else self.normal_deals
        return SeriesSettings(
            table_size=table_size,
            normal_deals=normal,
            compulsory_solos=doppelkopf and self.compulsory_solos,
            bock=self.bock_settings(table_size),
        )

    def bock_settings(self, table_size: int) -> BockSettings | None:
        """The Bock rounds the rules play at a table of ``table_size`` (None: none)."""
        if self.game != enums.Game.DOPPELKOPF:
            return None
        try:
            rules = parse_rules(self.game, self.rules)
        except Refused:
            return None  # an unchecked rule set (saved outside the forms) scores without Bock
        assert isinstance(rules, DoppelkopfRules)
        if not rules.bock:
            return None
        return BockSettings(
            length=rules.bock_length or table_size,
            stacking=BockStacking(rules.bock_stacking),
            multiplier=rules.bock_multiplier,
            max_level=rules.bock_max_level,
            pause_compulsory_solos=rules.bock_pause_compulsory_solos,
            mode=BockMode(rules.bock_mode),
            add_points=rules.bock_add_points,
        )


class Entry(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT)
    start_number = models.PositiveIntegerField(_("start number"))
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    # Not a password: a short code a player types at the table to confirm a deal (as
    # Bridgemate's "accept"); wrong attempts are limited per deal.
    pin = models.CharField(_("PIN"), max_length=4, default=new_pin)
    hidden = models.BooleanField(
        _("hidden from the public"),
        default=False,
        help_text=_("Spectators see this player as “hidden” (they asked not to be listed)."),
    )

    class Meta:
        ordering = ["tournament_id", "start_number"]  # _id: no join for the order
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_once"),
            models.UniqueConstraint(
                fields=["tournament", "start_number"], name="entry_start_number_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}. {self.player}"


class Series(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="series"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"),
        max_length=20,
        choices=enums.SeriesStatus.choices,
        default=enums.SeriesStatus.PLANNED,
    )
    time_called_at = models.DateTimeField(_("time called"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    # How the current seating was drawn, so an organiser can show the draw was fair.
    seating_method = models.CharField(
        _("seating method"), max_length=20, choices=enums.SeatingMethod.choices, blank=True
    )
    seating_seed = models.BigIntegerField(_("seating seed"), null=True, blank=True)
    seating_report = models.JSONField(_("seating quality"), default=dict, blank=True)

    class Meta:
        ordering = ["tournament_id", "number"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="series_number_unique")
        ]

    def __str__(self) -> str:
        return _("Series %(number)s") % {"number": self.number}


class Protest(models.Model):
    """A protest lodged at the desk about a table or a deal, and the organisers' decision. Open
    protests keep the results from being marked final."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="protests"
    )
    # Where it is about, as the players name it (no foreign keys: a table may be seated again).
    series = models.PositiveSmallIntegerField(_("series"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    deal = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    text = models.TextField(_("protest"))
    lodged_at = models.DateTimeField(_("lodged"), auto_now_add=True)
    lodged_by = models.CharField(_("noted by"), max_length=150, blank=True)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=enums.ProtestStatus.choices,
        default=enums.ProtestStatus.OPEN,
    )
    decision = models.TextField(_("decision"), blank=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.CharField(_("decided by"), max_length=150, blank=True)

    class Meta:
        ordering = ["tournament_id", "lodged_at", "pk"]
        verbose_name = _("protest")
        verbose_name_plural = _("protests")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.get_status_display()} #{self.pk}"


# The kinds of job that belong to no tournament (their app links them to what they serve).
TOURNAMENTLESS_JOBS = [enums.JobKind.SEASON_DOCUMENTS]


class Job(models.Model):
    """A background job (seating, documents): its state lives here, not in Celery."""

    # None for a job of no tournament (a season's documents): the app it belongs to links it
    # and answers for it (tournaments.ports.JobOwner).
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="jobs",
        null=True,
        blank=True,
    )
    kind = models.CharField(_("kind"), max_length=20, choices=enums.JobKind.choices)
    status = models.CharField(
        _("status"), max_length=20, choices=enums.JobStatus.choices, default=enums.JobStatus.PENDING
    )
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    result = models.JSONField(_("result"), default=dict, blank=True)
    error = models.TextField(_("error"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Kept by the job's worker (tournaments.domain.jobs): when it last showed it is alive (or
    # when the job was queued), which delivery of the task runs it, and how often one started.
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    runner = models.CharField(_("run by"), max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("job")
        verbose_name_plural = _("jobs")
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="job_progress_percent"),
            models.CheckConstraint(
                condition=Q(tournament__isnull=False) | Q(kind__in=TOURNAMENTLESS_JOBS),
                name="job_of_a_tournament",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}: {self.get_status_display()}"

    @property
    def own_tournament(self) -> Tournament:
        """The tournament of a job of a tournament's kind (``job_of_a_tournament``: it has
        one); a season's job has none."""
        if self.tournament is None:
            raise ValueError(f"job {self.pk} ({self.kind}) belongs to no tournament")
        return self.tournament


class RuleSet(models.Model):
    """A club's house rules under a name, to set up the next tournament with them."""

    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(
        _("game"), max_length=20, choices=enums.Game.choices, default=enums.Game.DOPPELKOPF
    )
    rules = models.JSONField(_("rules"), default=dict, blank=True)
    description = models.TextField(_("description"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["game", "name"]
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        constraints = [
            models.UniqueConstraint(fields=["game", "name"], name="rule_set_name_once_per_game")
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        check_rules(self.game, self.rules)


class OrganiserAction(LogEntry):
    """Who did what to a tournament, and when: the organisers' log. What a season does to one
    of its evenings is in the season's log, about this tournament (``SeasonAction.tournament``),
    and shown in this log as well."""

    about = ("tournament",)
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="actions"
    )

    class Meta(LogEntry.Meta):
        verbose_name = _("organiser action")
        verbose_name_plural = _("organiser actions")
