"""Choices of the clubs' models, kept apart so that every layer can import them."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ClubRoleKind(models.TextChoices):
    """A user's role in a club: what each may do is ``clubs.access`` (docs/CLUBS.md)."""

    ADMIN = "admin", _("Club admin")
    ORGANISER = "organiser", _("Organiser")
    SCORER = "scorer", _("Scorer")
