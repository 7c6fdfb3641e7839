from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # The series' back office (tournaments.admin) calls time and closes a series from here.
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from scoring.admin import call_time_action, close_series_action  # noqa: PLC0415
        from tournaments.ports import ADMIN_PARTS, AdminPart  # noqa: PLC0415 -- app ready

        part = AdminPart(series_actions=(call_time_action, close_series_action))
        provide(ADMIN_PARTS, part, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from scoring.log import ScoringCode  # noqa: PLC0415 -- app ready

        provide_codes(self, ScoringCode)
