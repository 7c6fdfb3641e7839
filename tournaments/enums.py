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
