"""The house's own table: the outbox of tasks for the job queue (``karlchen.outbox``)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class OutboxMessage(models.Model):
    """A Celery task to hand to the job queue, written in the transaction that asks for it and
    kept until the broker took it: a broker that is down loses no organiser's click."""

    task = models.CharField(_("task"), max_length=100)
    kwargs = models.JSONField(_("arguments"), default=dict, blank=True)
    # What the task is about ("job:17", "mail:4"): how an app asks whether its message waits.
    key = models.CharField(_("about"), max_length=100, blank=True, db_index=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    attempts = models.PositiveIntegerField(_("failed sends"), default=0)
    error = models.TextField(_("last error"), blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("task waiting for the job queue")
        verbose_name_plural = _("tasks waiting for the job queue")

    def __str__(self) -> str:
        return f"{self.task} {self.key or self.kwargs}"
