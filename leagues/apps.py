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
