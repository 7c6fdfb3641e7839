from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    name = "competitions"
    verbose_name = _("Competitions")

    def ready(self) -> None:
        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from competitions.log import CompetitionCode  # noqa: PLC0415 -- app ready
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready

        provide_codes(self, CompetitionCode)
