"""The e-mail task: sends one stored mail by its id (idempotent: a sent mail is not sent
again), retried with growing pauses while the mail server fails."""

from celery import shared_task

RETRY_SECONDS = 60


@shared_task(bind=True, name="karlchen.signups.send_mail", max_retries=4, acks_late=True)
def send_mail_task(self, mail_id: int) -> None:
    from signups.domain.mails import send_mail  # noqa: PLC0415 -- leaf: tasks before the domain

    if not send_mail(mail_id) and not self.request.is_eager:
        raise self.retry(countdown=RETRY_SECONDS * 2**self.request.retries)


@shared_task(name="karlchen.signups.send_unsent_mails")
def send_unsent_mails_task() -> int:
    """celery beat's sweep: mails whose task was lost or gave up are queued again."""
    from signups.domain.mails import send_unsent  # noqa: PLC0415 -- leaf: tasks before the domain

    return send_unsent()
