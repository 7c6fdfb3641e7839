"""The tournaments app's log codes, worded here (``karlchen.log``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode
from tournaments.enums import TournamentStatus


class TournamentCode(LogCode):
    TOURNAMENT_CREATED = "tournament_created", _("created the tournament")
    TOURNAMENT_CHANGED = "tournament_changed", _("changed the set-up")
    HOST_CLUB_CHANGED = "host_club_changed", _("moved the tournament from %(old)s to %(new)s")
    RULE_SET_SAVED = "rule_set_saved", _("saved the rule set “%(name)s”")
    ENTRY_ADDED = "entry_added", _("entered %(name)s (no. %(start_number)s)")
    ENTRIES_IMPORTED = "entries_imported", _("imported %(count)s players from %(file)s")
    CHECKED_IN = "checked_in", _("checked %(name)s in")
    CHECKED_OUT = "checked_out", _("took back the check-in of %(name)s")
    WITHDRAWN = "withdrawn", _("withdrew %(name)s")
    REINSTATED = "reinstated", _("took back the withdrawal of %(name)s")
    HIDDEN = "hidden", _("hid %(name)s from the public ranking")
    SHOWN = "shown", _("listed %(name)s publicly again")
    PUBLISHED = "published", _("published the standings")
    UNPUBLISHED = "unpublished", _("hid the standings from spectators")
    FROZEN = "frozen", _("froze the public standings")
    THAWED = "thawed", _("unfroze the public standings")
    STATUS_CHANGED = "status_changed", _("set the status to “%(status)s”")
    ORGANISER_ADDED = "organiser_added", _("made %(name)s an organiser")
    ORGANISER_REMOVED = "organiser_removed", _("removed %(name)s as an organiser")
    JOB_REQUEUED = "job_requeued", _("queued job %(job)s again: no worker was running it")
    JOB_GIVEN_UP = "job_given_up", _("gave up job %(job)s: it could not be finished")
    RESULTS_FINAL = "results_final", _("marked the results final")
    RESULTS_FINAL_EARLY = (
        "results_final_early",
        _("marked the results final before the protest period ended: %(reason)s"),
    )
    RESULTS_REOPENED = "results_reopened", _("reopened the final results: %(reason)s")
    PROTEST_LODGED = (
        "protest_lodged",
        _("noted protest %(number)s (series %(series)s, table %(table)s, deal %(deal)s)"),
    )
    PROTEST_UPHELD = "protest_upheld", _("upheld protest %(number)s")
    PROTEST_REJECTED = "protest_rejected", _("rejected protest %(number)s")

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """A status in the reader's language (older entries hold words already); a host club
        changed names a club, or none (a private tournament)."""
        if details.get("status") in TournamentStatus.values:
            details["status"] = TournamentStatus(details["status"]).label
        for end in ("old", "new"):
            if end in details:
                name = details[end]
                details[end] = _("no club (private)") if name is None else f"“{name}”"
        return details
