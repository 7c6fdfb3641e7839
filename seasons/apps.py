from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons")

    def ready(self) -> None:
        # A change of an evening turns its season's cached reads over: karlchen.changes asks
        # the seasons which (it imports no app above it, docs/DESIGN.md).
        from karlchen.ports import SEASONS_OF, provide  # noqa: PLC0415 -- app ready
        from seasons.domain.standings import seasons_of  # noqa: PLC0415 -- app ready

        provide(SEASONS_OF, seasons_of, by=self)

        # Seating an evening of a season weighs the meetings of its earlier evenings; seating
        # sits below seasons in the map, so the function is handed over (seating.ports).
        from seasons.domain.history import earlier_meetings  # noqa: PLC0415 -- app ready
        from seating.ports import EARLIER_MEETINGS  # noqa: PLC0415 -- app ready

        provide(EARLIER_MEETINGS, earlier_meetings, by=self)

        # A season's documents are a job of no tournament (tournaments.ports.JobOwner): the
        # season's organisers follow it, and what the job sweep does to it is in its log.
        from seasons.domain.jobs import SEASON_JOBS  # noqa: PLC0415 -- app ready
        from tournaments.enums import JobKind  # noqa: PLC0415 -- app ready
        from tournaments.ports import JOB_OWNERS  # noqa: PLC0415 -- app ready

        provide(JOB_OWNERS, SEASON_JOBS, by=self, key=JobKind.SEASON_DOCUMENTS)

        # The spectators' ranking of an evening links the public seasons it belongs to: the
        # page is results', which cannot import seasons (results.ports).
        from results.ports import SECTIONS  # noqa: PLC0415 -- app ready
        from seasons.sections import season_links  # noqa: PLC0415 -- app ready

        provide(SECTIONS, season_links, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from seasons.log import SeasonCode  # noqa: PLC0415 -- app ready

        provide_codes(self, SeasonCode)
