from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = _("Teams")

    def ready(self) -> None:
        # The spectators' ranking page is results', which cannot import teams: the section
        # beside the players' ranking is handed over through its port (results.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from results.ports import RESULTS_PARTS, SECTIONS  # noqa: PLC0415 -- app ready
        from teams.views import spectator_section  # noqa: PLC0415 -- app ready

        provide(SECTIONS, spectator_section, by=self)
        # Likewise its part of the frozen snapshot, the archive and the spreadsheets.
        from teams.domain.team_archive import results_part  # noqa: PLC0415 -- app ready

        part = results_part()
        provide(RESULTS_PARTS, part, by=self, key=part.name)
        # Seating keeps team mates apart (or seats a match day team against team): it sits
        # below teams and is told who plays for which team through its port (seating.ports).
        from seating.ports import TEAMS_OF  # noqa: PLC0415 -- app ready
        from teams.domain.teams import teams_of_entries  # noqa: PLC0415 -- app ready

        provide(TEAMS_OF, teams_of_entries, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from teams.log import TeamCode  # noqa: PLC0415 -- app ready

        provide_codes(self, TeamCode)
