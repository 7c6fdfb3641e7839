from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self) -> None:
        # A closed series sends the rating's task (scoring cannot import stats: its port).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from scoring.ports import SERIES_CLOSED  # noqa: PLC0415 -- app ready
        from stats.domain.rating import rating_due  # noqa: PLC0415 -- app ready

        provide(SERIES_CLOSED, rating_due, by=self)
