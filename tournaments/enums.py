"""Choices of the tournament models, kept apart so that every layer can import them."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.TextChoices):
    DOPPELKOPF = "doppelkopf", _("Doppelkopf")
    SCHAFKOPF = "schafkopf", _("Schafkopf")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    OPEN = "open", _("Open for entries")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class SeriesStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    SEATED = "seated", _("Seated")
    RUNNING = "running", _("Running")
    CLOSED = "closed", _("Closed")


class DealKind(models.TextChoices):
    """Mirrors ``tournaments.engine.series.DealKind`` (a test keeps them equal)."""

    NORMAL = "normal", _("Normal game")
    WEDDING = "wedding", _("Wedding")
    SILENT_WEDDING = "silent_wedding", _("Silent wedding")
    POVERTY = "poverty", _("Poverty")
    COMPULSORY_SOLO = "compulsory_solo", _("Compulsory solo")
    VOLUNTARY_SOLO = "voluntary_solo", _("Voluntary solo")
    FORCED_SOLO = "forced_solo", _("Forced solo")


class AdjustmentKind(models.TextChoices):
    """Penalty rows of TSR 9; only ``unsporting`` is not zero-sum."""

    MINOR = "minor", _("Minor breach")
    SERIOUS = "serious", _("Serious breach")
    UNSPORTING = "unsporting", _("Unsporting conduct")
    CORRECTION = "correction", _("Organiser's correction")


class TieBreak(models.TextChoices):
    SERIES_WON = "series_won", _("More series won at the table")
    BEST_SERIES = "best_series", _("Best single series")
    DEALS_PLAYED = "deals_played", _("Fewer deals played")


class JobKind(models.TextChoices):
    SEATING = "seating", _("Seating")
    DOCUMENTS = "documents", _("Documents")


class DocumentKind(models.TextChoices):
    SCORE_SHEETS = "score_sheets", _("Score sheets")
    SEATING_LIST = "seating_list", _("Seating list")
    STANDINGS = "standings", _("Standings")
    CERTIFICATES = "certificates", _("Certificates")


class DocumentSplit(models.TextChoices):
    ONE = "one", _("One PDF for every table")
    PER_TABLE = "per_table", _("One PDF per table")


class JobStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class SeatingMethod(models.TextChoices):
    """Mirrors ``tournaments.engine.seating.Method`` (a test keeps them equal)."""

    PLAN = "plan", _("Fewest repeat meetings over all series")
    RANDOM = "random", _("Fresh random draw per series")
    RANKING = "ranking", _("By the standings")
    FIXED = "fixed", _("An imported plan")


class ClubSeparation(models.TextChoices):
    NONE = "none", _("Club mates may meet")
    FIRST = "first", _("Club mates apart in the first series")
    ALL = "all", _("Club mates apart in every series")
