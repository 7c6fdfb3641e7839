from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    name = "results"
    verbose_name = _("Results")

    def ready(self) -> None:
        # The set-up freezes the standings and seating seats by them: both come later in the
        # map, so they are handed over here rather than imported there (tournaments.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from results.domain.ranking_cache import public_snapshot  # noqa: PLC0415 -- app ready
        from results.domain.standings import ranking_order  # noqa: PLC0415 -- app ready
        from tournaments.ports import STANDINGS, StandingsPort  # noqa: PLC0415 -- app ready

        standings = StandingsPort(public_snapshot=public_snapshot, ranking_order=ranking_order)
        provide(STANDINGS, standings, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from results.log import ResultsCode  # noqa: PLC0415 -- app ready

        provide_codes(self, ResultsCode)
