from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = _("Printing")

    def ready(self) -> None:
        # Jobs (tournaments) queue a documents job again when its worker has gone: the task is
        # handed over here rather than imported there (tournaments.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from printing.tasks import (  # noqa: PLC0415 -- app ready
            task_render_documents,
            task_render_season_documents,
        )
        from tournaments.enums import JobKind  # noqa: PLC0415 -- app ready
        from tournaments.ports import JOB_TASKS  # noqa: PLC0415 -- app ready

        provide(JOB_TASKS, task_render_documents, by=self, key=JobKind.DOCUMENTS)
        provide(JOB_TASKS, task_render_season_documents, by=self, key=JobKind.SEASON_DOCUMENTS)
        # The tournaments' back office prints an evening's documents from here.
        from printing.admin import print_documents_action  # noqa: PLC0415 -- app ready
        from tournaments.ports import ADMIN_PARTS, AdminPart  # noqa: PLC0415 -- app ready

        provide(ADMIN_PARTS, AdminPart(tournament_actions=(print_documents_action,)), by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from printing.log import PrintingCode  # noqa: PLC0415 -- app ready

        provide_codes(self, PrintingCode)
