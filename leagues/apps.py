from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready

        # A league is part of its season's archive: the season archive asks its parts
        # (seasons.ports), as it may not import an app above it (docs/DESIGN.md).
        from leagues.domain.archive import LEAGUE_PART  # noqa: PLC0415 -- app ready
        from seasons.ports import SEASON_PARTS  # noqa: PLC0415 -- app ready

        provide(SEASON_PARTS, LEAGUE_PART, by=self, key=LEAGUE_PART.name)
        # A match day's teams sit against each other by default (seating.ports).
        from leagues.domain.reads import is_match_day  # noqa: PLC0415 -- app ready
        from seating.ports import MATCH_CHECKS  # noqa: PLC0415 -- app ready

        provide(MATCH_CHECKS, is_match_day, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from leagues.log import LeagueCode  # noqa: PLC0415 -- app ready

        provide_codes(self, LeagueCode)
