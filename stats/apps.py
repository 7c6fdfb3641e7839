from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self) -> None:
        # A closed series sends the rating's task (scoring cannot import stats: its port); the
        # beamer is results' and a club's page seasons', which cannot import stats: the
        # pictures are handed over through their ports; a change of a tournament turns over
        # the reads of the persons entered there (karlchen cannot import stats: its port).
        from karlchen.ports import PLAYERS_OF, provide  # noqa: PLC0415 -- app ready
        from results.ports import BEAMER_SECTIONS  # noqa: PLC0415 -- app ready
        from scoring.ports import SERIES_CLOSED  # noqa: PLC0415 -- app ready
        from seasons.ports import CLUB_SECTIONS  # noqa: PLC0415 -- app ready
        from stats.domain.rating import rating_due  # noqa: PLC0415 -- app ready
        from stats.domain.reads import players_of  # noqa: PLC0415 -- app ready
        from stats.sections import beamer_figures, club_season_figures  # noqa: PLC0415

        provide(SERIES_CLOSED, rating_due, by=self)
        provide(BEAMER_SECTIONS, beamer_figures, by=self)
        provide(CLUB_SECTIONS, club_season_figures, by=self)
        provide(PLAYERS_OF, players_of, by=self)
