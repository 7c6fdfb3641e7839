"""Choices of the set-up's models, kept apart so that every layer can import them."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.TextChoices):
    DOPPELKOPF = "doppelkopf", _("Doppelkopf")
    SCHAFKOPF = "schafkopf", _("Schafkopf")


class EntryMode(models.TextChoices):
    """How captains enter deals (``rules.quick.ENTRY_MODES``; a test keeps them equal)."""

    FULL = "full", _("Full deals (cards, parties, announcements)")
    VALUE = "value", _("Quick: game value and winners")
    POINTS = "points", _("Quick: each player's points")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    OPEN = "open", _("Open for entries")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class ProtestStatus(models.TextChoices):
    OPEN = "open", _("open")
    UPHELD = "upheld", _("upheld")
    REJECTED = "rejected", _("rejected")


class SeriesStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    SEATED = "seated", _("Seated")
    RUNNING = "running", _("Running")
    CLOSED = "closed", _("Closed")


class TieBreak(models.TextChoices):
    SERIES_WON = "series_won", _("More series won at the table")
    BEST_SERIES = "best_series", _("Best single series")
    DEALS_PLAYED = "deals_played", _("Fewer deals played")


class JobKind(models.TextChoices):
    SEATING = "seating", _("Seating")
    DOCUMENTS = "documents", _("Documents")
    SEASON_DOCUMENTS = "season_documents", _("Season documents")


class JobStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class SeatingMethod(models.TextChoices):
    """Mirrors ``seating.engine.Method`` (a test keeps them equal)."""

    PLAN = "plan", _("Fewest repeat meetings over all series")
    RANDOM = "random", _("Fresh random draw per series")
    RANKING = "ranking", _("By the standings")
    FIXED = "fixed", _("An imported plan")


class TeamSeating(models.TextChoices):
    """How a tournament's teams (``teams``) sit when a seating is drawn."""

    APART = "apart", _("Team mates at different tables where possible")
    AGAINST = "against", _("Team against team: every table holds each team equally (match day)")
    NONE = "none", _("Teams are not considered")


class ClubSeparation(models.TextChoices):
    NONE = "none", _("Club mates may meet")
    FIRST = "first", _("Club mates apart in the first series")
    ALL = "all", _("Club mates apart in every series")
