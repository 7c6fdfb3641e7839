from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = _("Seating")

    def ready(self) -> None:
        # Jobs (tournaments) queue a seating job again when its worker has gone: the task is
        # handed over here rather than imported there (tournaments.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from seating.tasks import task_seat_tournament  # noqa: PLC0415 -- app ready
        from tournaments.enums import JobKind  # noqa: PLC0415 -- app ready
        from tournaments.ports import JOB_TASKS  # noqa: PLC0415 -- app ready

        provide(JOB_TASKS, task_seat_tournament, by=self, key=JobKind.SEATING)
        # The tournaments' back office draws a seating and shows a series' tables from here.
        from seating.admin import TableInline, draw_seating_action  # noqa: PLC0415 -- app ready
        from tournaments.ports import ADMIN_PARTS, AdminPart  # noqa: PLC0415 -- app ready

        part = AdminPart(tournament_actions=(draw_seating_action,), series_inlines=(TableInline,))
        provide(ADMIN_PARTS, part, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from seating.log import SeatingCode  # noqa: PLC0415 -- app ready

        provide_codes(self, SeatingCode)
