"""What can be printed, and how a print job splits its files."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class DocumentKind(models.TextChoices):
    SCORE_SHEETS = "score_sheets", _("Score sheets")
    SEATING_LIST = "seating_list", _("Seating list")
    STANDINGS = "standings", _("Standings")
    CERTIFICATES = "certificates", _("Certificates")
    PRIZES = "prizes", _("Prize list")
    CATEGORY_CERTIFICATES = "category_certificates", _("Certificates per category")
    REPORT = "report", _("Tournament report")
    DOOR_LIST = "door_list", _("Door list")


class DocumentSplit(models.TextChoices):
    ONE = "one", _("One PDF for every table")
    PER_TABLE = "per_table", _("One PDF per table")


class SeasonDocumentKind(models.TextChoices):
    RANKING = "season_ranking", _("Season ranking")
    SHEETS = "season_sheets", _("Season sheets")
    LEAGUE_TABLE = "league_table", _("League table")
    LEAGUE_DAY = "league_day", _("Match day report")
