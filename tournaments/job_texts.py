"""What a page says of a job whose queue cannot be reached (``tournaments.domain.jobs``: the
task waits in the outbox): the desk's and the back office's, for seating and for printing."""

from django.utils.translation import gettext_lazy

QUEUE_DOWN_PDF = gettext_lazy(
    "The job queue cannot be reached just now: the PDF waits and is made as soon as it is "
    "back; it appears under “Printed documents”."
)
QUEUE_DOWN_SEATING = gettext_lazy(
    "The job queue cannot be reached just now: the seating waits and is drawn as soon as it "
    "is back."
)
