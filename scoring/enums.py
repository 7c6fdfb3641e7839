"""Choices of the scoring models: what a deal is to its series, and the kinds of penalty row."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.engine.series import DealKind

# The series engine decides a deal's kind; these are its names for people.
DEAL_KIND_LABELS = {
    DealKind.NORMAL: _("Normal game"),
    DealKind.WEDDING: _("Wedding"),
    DealKind.SILENT_WEDDING: _("Silent wedding"),
    DealKind.POVERTY: _("Poverty"),
    DealKind.COMPULSORY_SOLO: _("Compulsory solo"),
    DealKind.VOLUNTARY_SOLO: _("Voluntary solo"),
    DealKind.FORCED_SOLO: _("Forced solo"),
}
DEAL_KIND_CHOICES = [(kind.value, label) for kind, label in DEAL_KIND_LABELS.items()]

__all__ = ("DEAL_KIND_CHOICES", "DEAL_KIND_LABELS", "AdjustmentKind", "DealKind")


class AdjustmentKind(models.TextChoices):
    """Penalty rows of TSR 9; only ``unsporting`` is not zero-sum."""

    MINOR = "minor", _("Minor breach")
    SERIOUS = "serious", _("Serious breach")
    UNSPORTING = "unsporting", _("Unsporting conduct")
    CORRECTION = "correction", _("Organiser's correction")
