from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from karlchen.ports import OUTBOX_SENT, provide  # noqa: PLC0415 -- app ready
        from tournaments.domain import jobs  # noqa: PLC0415 -- app ready

        # a job waits from when its task was sent, not from when the broker was first down
        provide(OUTBOX_SENT, jobs.message_sent, by=self, key=jobs.OUTBOX_PREFIX)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from tournaments.log import TournamentCode  # noqa: PLC0415 -- app ready

        provide_codes(self, TournamentCode)
