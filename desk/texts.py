"""How the organisers' log words each action (in the reader's language)."""

from django.utils.translation import gettext_lazy as _

from clubs.enums import ClubRoleKind
from printing.enums import DocumentKind
from tournaments.enums import TournamentStatus

ACTIONS = {
    "tournament_created": _("created the tournament"),
    "tournament_changed": _("changed the set-up"),
    "host_club_changed": _("moved the tournament from %(old)s to %(new)s"),
    "rule_set_saved": _("saved the rule set “%(name)s”"),
    "archive_imported": _("imported the tournament from an archive"),
    "entry_added": _("entered %(name)s (no. %(start_number)s)"),
    "entries_imported": _("imported %(count)s players from %(file)s"),
    "checked_in": _("checked %(name)s in"),
    "checked_out": _("took back the check-in of %(name)s"),
    "withdrawn": _("withdrew %(name)s"),
    "reinstated": _("took back the withdrawal of %(name)s"),
    "hidden": _("hid %(name)s from the public ranking"),
    "shown": _("listed %(name)s publicly again"),
    "seating_started": _("drew the seating of series %(series)s (%(method)s, seed %(seed)s)"),
    "captain_link_reissued": _(
        "issued a new captain link for table %(table)s of series %(series)s"
    ),
    "documents_started": _("printed: %(kind)s"),
    "time_called": _("called time in series %(series)s"),
    "series_closed": _("closed series %(series)s"),
    "series_force_closed": _("closed series %(series)s although tables %(tables)s had deals left"),
    "penalty_added": _("added a penalty row at table %(table)s of series %(series)s: %(reason)s"),
    "penalty_removed": _(
        "removed the penalty row at table %(table)s of series %(series)s: %(reason)s"
    ),
    "deal_corrected": _(
        "corrected deal %(deal)s at table %(table)s of series %(series)s: %(reason)s"
    ),
    "deal_recorded": _("entered deal %(deal)s at table %(table)s of series %(series)s"),
    "deal_voided": _("voided deal %(deal)s at table %(table)s of series %(series)s: %(reason)s"),
    "published": _("published the standings"),
    "unpublished": _("hid the standings from spectators"),
    "frozen": _("froze the public standings"),
    "thawed": _("unfroze the public standings"),
    "status_changed": _("set the status to “%(status)s”"),
    "organiser_added": _("made %(name)s an organiser"),
    "organiser_removed": _("removed %(name)s as an organiser"),
    "exported": _("exported the %(format)s"),
    "job_requeued": _("queued job %(job)s again: no worker was running it"),
    "job_given_up": _("gave up job %(job)s: it could not be finished"),
    # open tournaments (docs/OPEN_TOURNAMENTS.md)
    "signup_received": _("signed up (%(name)s), e-mail not confirmed yet"),
    "signup_confirmed": _("confirmed the sign-up of %(name)s"),
    "signup_accepted": _("entered the sign-up of %(name)s"),
    "signup_waiting": _("put %(name)s on the waiting list"),
    "signup_moved_up": _("moved %(name)s up from the waiting list"),
    "signup_cancelled": _("cancelled the sign-up of %(name)s"),
    "signup_moved_to_list": _("entered %(name)s from the waiting list"),
    "signup_moved_to_waiting": _("moved %(name)s to the waiting list"),
    "signup_added": _("added the sign-up of %(name)s"),
    "announcement_changed": _("changed the announcement (%(fields)s)"),
    "payout_changed": _("changed the payout table"),
    "fee_paid": _("took the fee of %(name)s"),
    "fee_waived": _("waived the fee of %(name)s"),
    "fee_open": _("marked the fee of %(name)s as not paid"),
    "category_changed": _("set the category of %(name)s to “%(category)s”"),
    # provisional, then final (tournaments.domain.final)
    "results_final": _("marked the results final"),
    "results_final_early": _(
        "marked the results final before the protest period ended: %(reason)s"
    ),
    "results_reopened": _("reopened the final results: %(reason)s"),
    "protest_lodged": _(
        "noted protest %(number)s (series %(series)s, table %(table)s, deal %(deal)s)"
    ),
    "protest_upheld": _("upheld protest %(number)s"),
    "protest_rejected": _("rejected protest %(number)s"),
    # seasons (a season's log; those about an evening are in its tournament's log too)
    "season_created": _("created the season"),
    "season_changed": _("changed the season's set-up"),
    "season_evening_added": _("made “%(name)s” an evening of the season “%(season)s”"),
    "season_evening_removed": _("took “%(name)s” out of the season “%(season)s”"),
    "season_evening_started": _("started “%(name)s” as the next evening of “%(season)s”"),
    "season_archive_imported": _("imported the season from an archive (%(evenings)s evenings)"),
    "season_final_created": _(
        "created “%(name)s” as the final of “%(season)s” with %(qualifiers)s qualifiers"
    ),
    # teams
    "team_created": _("set up the team “%(name)s” (%(players)s players)"),
    "team_changed": _("changed the team “%(name)s” (%(players)s players)"),
    "team_deleted": _("deleted the team “%(name)s”"),
    "teams_imported": _("imported %(count)s teams from %(file)s"),
    "side_rankings_changed": _("changed how teams and clubs are ranked"),
    # leagues (the season's log; those about a match day are in its tournament's log too)
    "league_created": _("made the season a league (%(divisions)s divisions, %(teams)s teams)"),
    "league_division_changed": _(
        "changed the division “%(division)s” (teams: %(added)s added, %(removed)s removed, "
        "%(renamed)s renamed)"
    ),
    "league_match_day_added": _(
        "made “%(name)s” match day %(number)s of “%(season)s” (%(groups)s groups, %(teams)s teams)"
    ),
    "league_lineup_set": _("set the line-up of “%(team)s” on match day %(number)s (“%(name)s”)"),
    "league_day_final": _("marked the results of match day %(number)s (“%(name)s”) final"),
    "league_day_reopened": _(
        "took back the final mark of match day %(number)s (“%(name)s”): provisional again"
    ),
    # team cups (the season's log; those about one of its tournaments in that one's too)
    "cup_created": _("made the team cup “%(name)s” (%(groups)s groups, %(teams)s teams)"),
    "cup_match_started": _("started “%(name)s” for the cup (%(teams)s)"),
    "cup_match_final": _("marked the results of “%(name)s” final"),
    "cup_match_reopened": _("took back the final mark of “%(name)s”: provisional again"),
    "cup_group_placed": _("placed group %(group)s where its qualifying line was tied"),
    "cup_group_unplaced": _("took back the placing of group %(group)s"),
    "cup_drawn": _("drew the knock-out (%(teams)s teams)"),
    "cup_archive_imported": _("imported the team cup from an archive (%(matches)s tournaments)"),
    # the player registry (in the log of each tournament of the person; docs/REGISTRY.md)
    "player_merged": _("merged the player %(name)s into %(into)s"),
    "player_erased": _("erased a person's data on request (now “%(name)s”)"),
    # the registry's own log (a person's page at the desk)
    "player_changed": _("corrected the player (%(fields)s)"),
    "consent_recorded": _("recorded the consent to a public profile"),
    "merged_in": _("merged player no. %(other)s into this one"),
    "merged_into": _("merged this player into player no. %(kept)s"),
    "player_exported": _("exported the person's data"),
    "membership_set": _("set the member number of association no. %(association)s"),
    "membership_removed": _("removed the membership of association no. %(association)s"),
    # a club's log (its people: docs/CLUBS.md)
    "club_created": _("created the club “%(name)s”"),
    "role_given": _("made %(username)s %(role)s"),
    "role_taken": _("took the role of %(username)s in the club"),
    "invitation_sent": _("invited %(email)s as %(role)s"),
    "invitation_accepted": _("accepted the invitation to %(email)s as %(role)s"),
    "invitation_withdrawn": _("withdrew the invitation to %(email)s"),
}


def action_text(action) -> str:
    template = ACTIONS.get(action.action)
    if template is None:
        return action.action
    try:
        return str(template) % _worded(action.details)
    except (KeyError, TypeError, ValueError):
        return str(template)


def _worded(details: dict) -> dict:
    """Codes in the details in the reader's language (older entries hold words already)."""
    worded = dict(details)
    if worded.get("status") in TournamentStatus.values:
        worded["status"] = TournamentStatus(worded["status"]).label
    if worded.get("role") in ClubRoleKind.values:
        worded["role"] = ClubRoleKind(worded["role"]).label
    for end in ("old", "new"):  # a host club changed: a club's name, or none (private)
        if end in worded:
            name = worded[end]
            worded[end] = _("no club (private)") if name is None else f"“{name}”"
    if worded.get("kind") in DocumentKind.values:
        worded["kind"] = _document_words(worded)
    return worded


def _document_words(details: dict) -> str:
    """ "Score sheets, series 2, filled": what was printed, as far as the entry tells."""
    words = [str(DocumentKind(details["kind"]).label)]
    if details.get("series") is not None:
        words.append(str(_("series %(series)s") % {"series": details["series"]}))
    if "filled" in details:
        words.append(str(_("filled") if details["filled"] else _("blank")))
    if details.get("top") is not None:
        words.append(str(_("places 1–%(top)s") % {"top": details["top"]}))
    return ", ".join(words)
