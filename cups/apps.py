from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CupsConfig(AppConfig):
    name = "cups"
    verbose_name = _("Team cups")

    def ready(self) -> None:
        # A cup's round is teams against teams: they sit so by default (seating.ports).
        from cups.domain.state import is_cup_match  # noqa: PLC0415 -- app ready
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from seating.ports import MATCH_CHECKS  # noqa: PLC0415 -- app ready

        provide(MATCH_CHECKS, is_cup_match, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from cups.log import CupCode  # noqa: PLC0415 -- app ready
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready

        provide_codes(self, CupCode)
