from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # A league is part of its season's archive: the season archive asks its parts
        # (seasons.parts), as it may not import an app above it (docs/DESIGN.md).
        from leagues.domain.archive import LEAGUE_PART  # noqa: PLC0415 -- app ready
        from seasons.parts import register_part  # noqa: PLC0415 -- app ready

        register_part(LEAGUE_PART)
        # A match day's teams sit against each other by default (seating.ports).
        from leagues.domain.reads import is_match_day  # noqa: PLC0415 -- app ready
        from seating.ports import provide_match_check  # noqa: PLC0415 -- app ready

        provide_match_check(is_match_day)
