from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons")

    def ready(self) -> None:
        # A change of an evening turns its season's cached reads over: karlchen.changes asks
        # the seasons which (it imports no app above it, docs/DESIGN.md).
        from karlchen.changes import provide_seasons_of  # noqa: PLC0415 -- app ready
        from seasons.domain.standings import seasons_of  # noqa: PLC0415 -- app ready

        provide_seasons_of(seasons_of)
