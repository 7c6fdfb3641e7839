from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = _("Printing")

    def ready(self) -> None:
        # Jobs (tournaments) queue a documents job again when its worker has gone: the task is
        # handed over here rather than imported there (tournaments.ports).
        from printing.tasks import (  # noqa: PLC0415 -- app ready
            task_render_documents,
            task_render_season_documents,
        )
        from tournaments.enums import JobKind  # noqa: PLC0415 -- app ready
        from tournaments.ports import provide_job_task  # noqa: PLC0415 -- app ready

        provide_job_task(JobKind.DOCUMENTS, task_render_documents)
        provide_job_task(JobKind.SEASON_DOCUMENTS, task_render_season_documents)
