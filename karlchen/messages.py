"""What each refusal code means, in the user's language.

The engines and the domain functions stay free of sentences: they name a code, a field and
parameters; this module is the one place that turns them into words. Every code they can raise
has a message here (a test finds them in the sources), and the API documentation lists them.
"""

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from karlchen.refusals import Problem, Refused

MESSAGES = {
    # rule sets
    "unknown_preset": _("The rule preset “%(preset)s” is not known."),
    "unknown_option": _("The rule option “%(option)s” is not known."),
    "invalid_option": _("The value of the rule option “%(option)s” is not valid."),
    "bock_factor_and_points": _("A Bock deal is multiplied or gets Bock points, not both."),
    # contract
    "unknown_contract": _("The game “%(contract)s” is not known."),
    "contract_not_allowed": _("The game “%(contract)s” is not allowed by this rule set."),
    "solo_type_required": _("A solo needs its type (e.g. diamonds, queens, jacks)."),
    "unknown_solo_type": _("The solo type “%(solo)s” is not known."),
    "solo_type_not_enabled": _("The solo type “%(solo)s” is not allowed by this rule set."),
    "solo_type_not_allowed": _("Only a solo has a solo type, not a “%(contract)s” game."),
    # seats and parties
    "seats_count": _("Exactly %(expected)s players take part in a deal, not %(given)s."),
    "seats_duplicate": _("A seat is listed twice."),
    "seat_out_of_range": _("Seat %(seat)s does not exist; seats are numbered 1 to %(max)s."),
    "re_count": _("This game has %(expected)s Re player(s), not %(given)s."),
    "re_duplicate": _("A Re player is listed twice."),
    "re_not_seated": _("Seat %(seat)s does not play in this deal."),
    "not_seated": _("This player does not play in this deal."),
    # card points and tricks
    "points_range": _("Card points must be between %(min)s and %(max)s."),
    "points_sum": _("Re and Kontra must have %(total)s card points together."),
    "points_impossible": _("No deal can end with %(points)s card points for one side."),
    "points_required": _("Please enter the card points or tap their band."),
    "unknown_band": _("“%(band)s” is not a band of card points."),
    "points_and_band": _("Enter either the exact card points or their band, not both."),
    "tricks_required": _("A side without card points: please enter the number of tricks."),
    "tricks_range": _("The number of tricks must be between %(min)s and %(max)s."),
    "tricks_inconsistent": _("The number of tricks does not fit the card points."),
    # announcements and extra points
    "unknown_announcement": _("The announcement “%(level)s” is not known for this party."),
    "extras_in_solo": _("There are no extra points in a solo."),
    "unknown_extra": _("The extra point “%(extra)s” is not known."),
    "extra_not_enabled": _("The extra point “%(extra)s” is not used by this rule set."),
    "unknown_party": _("The party “%(party)s” is not known; use re or kontra."),
    "extra_too_many": _("The extra point “%(extra)s” can happen at most %(max)s times."),
    "last_trick_conflict": _("Only one party can win the last trick."),
    "fox_last_trick_without_fox": _("A fox in the last trick must also be entered as a fox."),
    "extra_exceeds_points": _("The extra point “%(extra)s” does not fit the card points."),
    # Schafkopf
    "declarer_required": _("This game needs its declarer."),
    "partner_required": _(
        "This game needs the partner (in a Rufer the holder of the called ace, in a Hochzeit "
        "the player who took the trump)."
    ),
    "partner_is_declarer": _("The partner cannot be the declarer."),
    "partner_not_allowed": _("Only a Rufer or a Hochzeit has a partner."),
    "suit_required": _("This game needs its suit."),
    "unknown_suit": _("The suit “%(suit)s” is not known."),
    "rufer_hearts": _("The ace of hearts cannot be called."),
    "suit_not_allowed": _("This game has no suit."),
    "laufende_below_minimum": _("Laufende count only from %(min)s; enter 0 below that."),
    "laufende_range": _("At most %(max)s Laufende are possible in this game."),
    "sie_not_won": _("A Sie wins every trick: 120 card points and 8 tricks."),
    "not_for_contract": _("This is not entered for a “%(contract)s” game."),
    # Schafkopf: Klopfen and Stoß
    "klopfen_not_allowed": _("This rule set does not play Klopfen (knocking)."),
    "knocked_duplicate": _("A player who knocked is listed twice."),
    "stoss_not_allowed": _("This rule set does not play Kontra and Re (Stoß)."),
    "kontra_by_declarer": _("Only a defender can give Kontra, not the declarer's side."),
    "re_without_kontra": _("Re answers a Kontra: there is no Re without a Kontra."),
    "re_by_defender": _("Only the declarer's side can answer with Re."),
    # Schafkopf: Ramsch
    "ramsch_points_required": _("A Ramsch needs the card points of every player."),
    "ramsch_seats": _("Enter a value for each of the four players of this deal, and no one else."),
    "ramsch_points_sum": _("The players' card points must add up to %(total)s."),
    "ramsch_tricks_sum": _("The players' tricks must add up to %(total)s."),
    "ramsch_top_trump_required": _(
        "Players %(players)s are level: enter which of them took the highest trump."
    ),
    "ramsch_top_trump_played_required": _(
        "Players %(players)s are level: enter which of them played the highest trump."
    ),
    "ramsch_top_trump_not_level": _(
        "Only one of the level players (%(players)s) can decide the tie by the highest trump."
    ),
    "ramsch_top_trump_no_tie": _("Nobody is level on the most points: no trump decides."),
    "ramsch_top_trump_not_allowed": _("This rule set does not decide a Ramsch tie by the trumps."),
    # quick entry (RULES.md §11.8)
    "quick_entry_off": _(
        "This evening enters full deals; the organisers can switch it to quick entry."
    ),
    "quick_value_required": _("Please enter the game value."),
    "quick_value_range": _("The game value must be between 0 and %(max)s."),
    "quick_winners_duplicate": _("A winner is listed twice."),
    "quick_winners_count": _(
        "Tap one, two or three winners (the soloist alone, or the three who beat the soloist), "
        "not %(given)s."
    ),
    "quick_winners_without_value": _("A game value of 0 has no winners."),
    "quick_points_missing": _("Please enter the points of player %(seat)s."),
    "quick_points_not_playing": _("Player %(seat)s does not play in this deal: 0 points."),
    "quick_points_not_zero_sum": _("The points must add up to 0, not %(total)s."),
    "quick_points_pattern": _(
        "These points fit no game: two against two get ± the same value, a soloist three times "
        "what each of the others gets."
    ),
    "quick_contract_pattern": _("A “%(contract)s” game does not give these points."),
    "quick_soloist_differs": _("The points say player %(soloist)s played alone."),
    # the series at the table
    "series_complete": _("This series is complete: no more deals at this table."),
    "forced_solo_due": _("Player %(player)s must play a solo now (Vorführung)."),
    "no_normal_deals_left": _(
        "No normal games are left: player %(player)s must play a solo now (Vorführung)."
    ),
    "player_sitting_out": _("Player %(player)s sits out this deal (the dealer at a five-table)."),
    "soloist_out_of_range": _("Position %(soloist)s does not exist at this table."),
    "soloist_required": _("A solo needs its soloist."),
    "soloist_not_allowed": _("Only a solo has a soloist."),
    "seats_mismatch": _("The players of this deal are positions %(expected)s."),
    "correction_reseats_later_deal": _(
        "This correction would change who sat out in deal %(number)s, which was already played."
    ),
    "table_not_seated": _("This table has no seating yet."),
    "series_closed": _("This series is closed; only the organisers can still correct it."),
    "standings_hidden": _("The organisers have not published the standings (yet)."),
    "sheets_frozen": _(
        "The standings are frozen: the score sheets are shown again once they are unfrozen."
    ),
    "series_incomplete": _("Tables %(tables)s still have deals to play."),
    "series_started": _("Series %(number)s has started: its seating can no longer change."),
    # recording and correcting
    "deal_number_taken": _("Deal %(number)s was already recorded (by another phone?)."),
    "deal_not_found": _("There is no deal %(number)s at this table."),
    "stale_version": _("Someone changed this deal meanwhile; please reload and check it."),
    "reason_required": _("Please give a reason for the correction."),
    "idempotency_key_reused": _("This request key was already used for another request."),
    # confirming
    "confirmation_not_required": _("This tournament does not ask players to confirm deals."),
    "deal_voided": _("Deal %(number)s is void: there is nothing to confirm."),
    "confirmer_not_eligible": _(
        "Player %(player)s cannot confirm this deal: a player of the other party confirms."
    ),
    "pin_wrong": _("That PIN is not right."),
    "pin_attempts_exceeded": _(
        "Too many wrong PINs for this deal; please wait %(minutes)s minutes or ask the organisers."
    ),
    # seating
    "seating_empty": _("A seating needs at least one table."),
    "table_size": _("A table seats 4 or 5 players, not %(size)s."),
    "seated_twice": _("A player is seated twice."),
    "entry_withdrawn": _("Withdrawn players cannot be seated (start numbers %(start_numbers)s)."),
    "not_entered": _("A player is not entered in this tournament."),
    # drawing a seating
    "player_count": _(
        "%(count)s players cannot be seated at tables of four and five: add %(add)s player(s) "
        "or a stand-in."
    ),
    "series_count": _("A tournament needs at least one series, not %(count)s."),
    "method": _("The seating method “%(method)s” is not known."),
    "separate_clubs": _("“%(value)s” is not a way to keep club mates apart (none, first, all)."),
    "duplicate_player": _("Start number %(id)s is entered twice."),
    "frozen_series": _("Series %(series)s does not exist (the tournament has %(count)s)."),
    "frozen_duplicate": _("In a played series, start numbers %(ids)s sit twice."),
    "fixed_table": _("Table %(table)s is wished for, but there are only %(tables)s tables."),
    "fixed_table_full": _("Too many players wish to sit at table %(table)s (it seats %(size)s)."),
    "ranking_duplicate": _("Start number %(id)s is twice in the ranking."),
    "teams": _("“%(value)s” is not a way to seat teams (apart, against)."),
    "teams_ranking": _("A match day of teams against teams cannot be seated by the standings."),
    "team_missing": _("Start number %(id)s plays for no team, but teams play against teams."),
    "team_pattern": _(
        "%(players)s players of %(teams)s teams cannot sit at %(tables)s tables with every team "
        "equally at each: the teams need one size that fills each table equally."
    ),
    "fixed_table_team": _(
        "Too many players of one team wish to sit at table %(table)s (it holds %(share)s of each "
        "team)."
    ),
    "fixed_missing": _("The fixed method needs the plan to import."),
    "fixed_series_count": _(
        "The imported plan has %(count)s series; the tournament has %(series_count)s."
    ),
    "frozen_changed": _("The imported plan changes series %(series)s, which has been played."),
    "fixed_twice": _("In the imported plan, start numbers %(ids)s sit twice."),
    "fixed_players": _(
        "The imported plan leaves out start numbers %(missing)s or names unknown ones "
        "(%(unknown)s)."
    ),
    "fixed_table_sizes": _(
        "The imported plan has tables of %(sizes)s players; tables of %(expected)s are needed."
    ),
    # printed documents
    "series_required": _("Score sheets and seating lists are printed per series: name the series."),
    "series_unknown": _("Series %(series)s does not exist (the tournament has %(count)s)."),
    "series_not_seated": _("Series %(series)s has no seating yet: draw it first."),
    "option_not_for_kind": _("This option does not apply to: %(kind)s."),
    "no_results": _("No deal has been recorded yet: there is no one to rank."),
    "no_season_result": _("This player has no result in the season: there is no season sheet."),
    # background jobs
    "worker_lost": _(
        "The job was given up: its worker stopped %(attempts)s times before it finished. "
        "Please try again; if it persists, tell the administrator."
    ),
    "job_crashed": _(
        "The job failed with an internal error; the server log has the details. Please tell "
        "the administrator."
    ),
    "job_not_taken": _(
        "The job was given up: no worker took it up within %(minutes)s minutes. Please check "
        "that the worker is running, then try again."
    ),
    # penalty rows
    "unknown_adjustment_kind": _("The kind of penalty “%(kind)s” is not known."),
    "unsporting_penalty": _(
        "Unsporting conduct is one player's penalty of 1 to %(max)s points, with no credit."
    ),
    "table_not_in_series": _("The table does not belong to this series."),
    "deal_required": _("At a five-table, please name the deal (the dealer sat out)."),
    "adjustment_not_zero_sum": _("A penalty row must sum to 0 (it sums to %(total)s)."),
    # entries
    "name_required": _("Please enter the player's name."),
    "start_number_invalid": _("The start number must be a whole number from 1 to 99999."),
    "text_too_long": _("At most %(max)s characters, please."),
    "text_control_characters": _(
        "Control characters (such as a null byte, a tab or a line break) are not allowed here."
    ),
    "start_number_taken": _("Start number %(number)s is already taken."),
    "already_entered": _("%(name)s is already entered."),
    "person_unknown": _("This person is not known here (any more): choose again."),
    "csv_columns": _("The CSV columns are: %(columns)s."),
    "csv_empty": _("The CSV file has no players."),
    "entry_file_too_large": _("The file is too large (at most %(max)s kB)."),
    "entry_file_too_long": _("The file has too many rows (at most %(max)s players)."),
    "entry_file_unreadable": _("The file could not be read: please upload a CSV or XLSX file."),
    "entry_file_encoding": _(
        "The file is neither UTF-8 nor Windows text: please save it as “CSV UTF-8” or as XLSX."
    ),
    "entry_file_line_too_long": _(
        "Line %(line)s of the file is too long for a list of players (at most %(max)s characters)."
    ),
    "entry_file_sheet_too_long": _(
        "The sheet has more than %(max)s rows, empty ones included: please delete the empty rows "
        "below the list."
    ),
    "entry_file_unpacked_too_large": _(
        "The workbook unpacks to more than %(max)s MB: please save just the list of players."
    ),
    # the organiser's desk
    "rule_set_exists": _("A rule set named “%(name)s” exists already."),
    "archive_invalid": _("This is not a Karlchen tournament archive (%(detail)s)."),
    "archive_version": _(
        "This archive has format version %(version)s; Karlchen reads version %(expected)s."
    ),
    "archive_standings_differ": _(
        "The archive does not add up: its standings differ from those of its deals."
    ),
    "archive_unreadable": _("The file is not a JSON archive."),
    "archive_too_large": _("The archive is larger than %(max)s MB."),
    "archive_too_deep": _("The archive is nested deeper than %(max)s levels."),
    "archive_not_a_number": _("“%(value)s” is not a number an archive may hold."),
    "archive_required": _("A required field is missing."),
    "archive_unknown_field": _("The field is not part of the format."),
    "archive_type": _("The value has the wrong type or format (expected: %(expected)s)."),
    "archive_choice": _("The value is not one of the allowed choices."),
    "archive_range": _("The number must be between %(min)s and %(max)s."),
    "archive_too_long": _("At most %(max)s characters or items are allowed here."),
    "archive_twice": _("This appears twice in the archive: %(value)s."),
    "archive_unknown_entry": _("No entry of the archive has the start number %(number)s."),
    "archive_unknown_table": _("The series has no table %(number)s."),
    "archive_series_unknown": _(
        "The tournament has %(count)s series; there is no series %(number)s."
    ),
    "archive_table_size": _(
        "A table seats 4 or 5 players at the positions 1 to 4 or 5, not %(given)s."
    ),
    "archive_seated_twice": _("Start number %(number)s sits at two tables of this series."),
    "archive_deal_numbers": _("The deals of a table are numbered 1, 2, 3, …: %(expected)s here."),
    "archive_revision_numbers": _(
        "The revisions of a deal are numbered 1, 2, 3, …: %(expected)s here."
    ),
    "archive_deal_differs": _("The archive says %(stored)s here; the series gives %(expected)s."),
    "archive_points_differ": _(
        "The archived points differ from those the rules give this deal: %(expected)s."
    ),
    "archive_result_differs": _("The archived result differs from the one the rules give."),
    "archive_void_first": _("The first revision of a deal cannot void it."),
    "archive_void_input": _("A void keeps the result entered in the revision before it."),
    "archive_confirmer": _("Start number %(number)s cannot confirm this deal."),
    # seasons
    "season_game_differs": _("This tournament is not played in the season's game (%(game)s)."),
    "evening_in_other_season": _("This tournament is already an evening of “%(season)s”."),
    "not_an_evening": _("This tournament is not an evening of this season."),
    "season_not_a_cup": _("This season is no cup: set its qualifying places first."),
    "final_exists": _("This cup has its final already (“%(name)s”)."),
    "cup_has_final": _(
        "This cup has its final (“%(name)s”): it keeps its qualifying places (delete the final "
        "first)."
    ),
    "no_qualifiers": _("Nobody has qualified yet: no qualifying evening has been played."),
    "season_archive_invalid": _("This is not a Karlchen season archive (%(detail)s)."),
    "archive_unknown_player": _("No player of the archive's evenings or final has this number."),
    "evening_is_final": _(
        "This tournament is the final of “%(season)s”, not a qualifying evening."
    ),
    # teams and side rankings
    "team_name_required": _("Please enter the team's name."),
    "team_name_taken": _("A team named “%(name)s” exists already in this tournament."),
    "team_roster_too_large": _("A team lists at most %(max)s players."),
    "team_entry_unknown": _("Entry %(entry)s is not a player of this tournament."),
    "team_entry_twice": _("%(name)s is listed twice in this team."),
    "team_entry_in_other_team": _("%(name)s plays for the team “%(team)s” already."),
    "team_start_number_unknown": _("No player has the start number %(number)s."),
    "team_captain_not_member": _("The captain must be one of the team's players."),
    "teams_changed_meanwhile": _(
        "Someone changed the teams meanwhile; please reload and try again."
    ),
    "side_rule_not_object": _("A ranking rule is an object of options (method, best, ties)."),
    "side_rule_best": _("“Best” needs how many players count: a whole number from 1 to %(max)s."),
    "side_rule_best_unused": _("Only the rule “best” counts a number of players."),
    "side_rankings_frozen": _(
        "The standings were frozen before the team and club rankings were kept with them: "
        "they are shown again once the standings are unfrozen."
    ),
    "archive_unknown_team": _("No team of the archive is named “%(name)s”."),
    "team_file_columns": _("The columns of a team list are: %(columns)s."),
    "team_file_start_number": _("Line %(line)s: no player has the start number “%(number)s”."),
    "team_file_two_captains": _("Line %(line)s: the team “%(team)s” has a captain already."),
    "team_file_player_twice": _(
        "Line %(line)s: start number %(number)s is listed for the team “%(team)s” already "
        "(line %(first)s)."
    ),
    "team_file_role": _("Line %(line)s: the role “%(role)s” is not known (captain, substitute)."),
    # leagues
    "league_points_table_rising": _(
        "The ranking points must not rise from a place to the next: a worse place earns at "
        "most what the better one does."
    ),
    "league_team_unknown": _("Team %(team)s does not play in this league or division."),
    "league_team_twice": _("Team %(team)s is listed twice on match day %(day)s."),
    "league_day_twice": _("Match day %(day)s is listed twice."),
    "league_exists": _("This season is a league already."),
    "league_no_division": _("A league needs at least one division."),
    "league_too_many_divisions": _("A league has at most %(max)s divisions."),
    "league_too_many_teams": _("A league has at most %(max)s teams."),
    "league_division_invalid": _("A division is an object: its name, its rule and its teams."),
    "league_teams_invalid": _("A division's teams are a list of names."),
    "league_group_invalid": _("A group is a list of teams."),
    "league_division_name": _("Please enter the division's name (at most %(max)s characters)."),
    "league_division_name_taken": _("There is a division named “%(name)s” already."),
    "league_team_name": _("Please enter the team's name (at most %(max)s characters)."),
    "league_team_name_taken": _("A team named “%(name)s” plays in this league already."),
    "league_team_invalid": _("A team is an object: its name, and its id if the division has it."),
    "league_team_listed_twice": _("Team %(team)s is listed twice."),
    "league_team_played": _("“%(name)s” has played on a match day: it stays in the league."),
    "league_day_number": _("A match day's number is a whole number from 1."),
    "league_day_number_taken": _("This league has a match day %(number)s already."),
    "league_day_tournament_taken": _("This tournament is a match day already."),
    "league_day_no_group": _("A match day needs at least one group of teams."),
    "league_group_empty": _("This group has no teams."),
    "league_group_divisions": _("The teams of a group play in one division."),
    "league_roster_other_tournament": _("A match day's roster is a team of its tournament."),
    "squad_player_taken": _("%(name)s plays for “%(team)s” in this competition already."),
    "squad_no_regulars": _(
        "“%(team)s” has no regular in its squad yet: pick its players on the team's squad page."
    ),
    "squad_player_name": _("Please enter the player's name (at most %(max)s characters)."),
    "squad_full": _("A squad has at most %(max)s players."),
    "squad_player_or_name": _(
        "Give a known person (“player”: their id) or the name of a new one (“name”)."
    ),
    "swap_no_roster": _(
        "“%(team)s” has no roster in this tournament yet: prepare it from the squads first."
    ),
    "swap_not_playing": _("%(name)s does not play for “%(team)s” in this tournament."),
    "swap_not_in_squad": _("%(name)s is not in the squad of “%(team)s”."),
    "swap_playing": _("%(name)s plays in this tournament already."),
    "league_roster_taken": _("The team “%(name)s” is another league team's roster already."),
    "league_day_score": _("A day score is a whole number."),
    "season_not_a_league": _("This season is no league."),
    "league_day_unknown": _("The league has no such match day."),
    "league_day_new_only": _(
        "A date and a name are for a new evening; an existing tournament keeps its own."
    ),
    # the team cup
    "cup_group_twice": _("This group is listed twice."),
    "cup_team_twice": _("Team %(team)s is in another group already."),
    "cup_group_unknown": _("This round names no group of the cup."),
    "cup_round_unknown": _("A group plays rounds 1 to %(rounds)s."),
    "cup_round_twice": _("Round %(number)s of this group is listed twice."),
    "cup_team_not_in_group": _("Team %(team)s is not in this group, or listed twice."),
    "cup_placing_not_group": _("A group's placing lists each of its teams once."),
    "cup_no_teams": _("A knock-out needs at least one team."),
    "cup_seed_twice": _("Team %(team)s is seeded twice."),
    "cup_result_teams": _("A pairing's result names two different teams."),
    "cup_result_twice": _("This pairing's result is listed twice."),
    "cup_result_not_due": _("These two teams do not meet in the bracket (yet)."),
    "cup_winner_not_in_pairing": _("The winner must be one of the pairing's two teams."),
    "cup_winner_unneeded": _(
        "This pairing needs no decider: its scores (or the cup's rule) decide it."
    ),
    "cup_group_stage_open": _(
        "The knock-out starts once every group has played its rounds and they are final."
    ),
    # open tournaments: sign-up, fees, prizes (docs/OPEN_TOURNAMENTS.md)
    "signup_closed": _("This tournament takes no sign-ups (not announced, or closed)."),
    "signup_deadline_passed": _("The sign-up deadline has passed."),
    "signup_started": _(
        "The tournament has begun: sign-up is closed. The organisers at the venue can still "
        "enter you."
    ),
    "signup_results_final": _("The results are final: sign-up is closed."),
    "signup_email_invalid": _("Please enter a valid e-mail address."),
    "signup_category_unknown": _("The category “%(category)s” is not offered."),
    "signup_double_email": _("Someone has signed up with this e-mail address already."),
    "signup_double_member": _("The member number %(number)s is signed up or entered already."),
    "signup_cancelled": _("This sign-up was cancelled."),
    "signup_wrong_status": _("Not possible for a sign-up in the state “%(status)s”."),
    "signup_rate_limited": _("Too many sign-ups from your address: please try again later."),
    "signup_cap_invalid": _("The places are a whole number from 1 to %(max)s, or empty."),
    "signup_approval_unknown": _("“%(approval)s” is no way of approving entries."),
    "signup_deadline_invalid": _(
        "The deadline is a date and time in the years %(min)s to %(max)s."
    ),
    "checkin_code_invalid": _(
        "This is not a check-in code of this tournament's sign-ups, or it has been altered."
    ),
    "checkin_code_foreign": _("This check-in code belongs to another tournament."),
    "checkin_used": _("%(name)s is checked in already: this code has been used."),
    "checkin_cancelled": _("The sign-up of %(name)s was cancelled: no check-in."),
    "checkin_not_entered": _("%(name)s is not entered (%(status)s): no check-in."),
    "checkin_withdrawn": _("%(name)s has withdrawn: no check-in."),
    "fee_invalid": _("A fee is an amount from 0 to %(max)s euros."),
    "fee_status_unknown": _("“%(status)s” is not a state of a fee (paid, waived, open)."),
    "fee_method_unknown": _("“%(method)s” is not a way to pay a fee (cash, transfer)."),
    "account_holder_invalid": _("The account holder has at most %(max)s characters, on one line."),
    "account_holder_missing": _("Payment ahead by transfer needs the account holder."),
    "iban_form": _(
        "This is not an IBAN: two letters for the country, two check digits and the account."
    ),
    "iban_country": _("“%(country)s” is not a country with IBANs."),
    "iban_length": _("An IBAN of %(country)s has %(length)s characters."),
    "iban_checksum": _("The IBAN's check digits do not fit: please check it for a typing error."),
    "bic_form": _("A BIC has 8 or 11 letters and digits, e.g. COBADEFFXXX."),
    "statement_too_big": _("A bank statement of at most %(max)s kB, please."),
    "statement_no_header": _(
        "No header with “Betrag” and “Verwendungszweck” found: please export the statement as "
        "CSV or CAMT.053 (XML)."
    ),
    "statement_xml_invalid": _("The XML file cannot be read."),
    "statement_not_camt": _("This XML file is no CAMT.053 bank statement (BkToCstmrStmt)."),
    "category_too_many": _("At most %(max)s categories."),
    "category_name_invalid": _("A category needs a name of at most %(max)s characters."),
    "category_fees_invalid": _(
        "One category a line: its name, an equals sign and its fee (e.g. “Youth = 5”)."
    ),
    "payout_mode_unknown": _("Prizes are given in percent or in euros, not “%(mode)s”."),
    "payout_ties_unknown": _("“%(ties)s” is no way of sharing tied places."),
    "payout_too_many_places": _("Prizes for at most %(max)s places."),
    "payout_share_negative": _("A prize cannot be negative."),
    "payout_percent_sum": _("The percentages add up to %(sum)s, more than 100."),
    "payout_share_too_high": _("A prize is at most %(max)s euros."),
    "payout_costs_invalid": _("The costs are an amount from 0 to %(max)s euros."),
    "payout_shares_invalid": _("Prizes by place: whole numbers separated by commas."),
    "category_prizes_invalid": _(
        "One category a line: its name, an equals sign and its prizes by place in whole euros "
        "(e.g. “Damen = 20, 10”)."
    ),
    "entry_category_unknown": _("The category “%(category)s” is not offered."),
    # provisional, then final results; protests (tournaments.domain.final)
    "results_final": _(
        "The results are final: nothing can change any more unless the organisers reopen them."
    ),
    "results_not_final": _("The results are not marked final."),
    "results_series_open": _("The results can be marked final once every series played is closed."),
    "protests_open": _("%(count)s protest(s) still await a decision."),
    "match_series_open": _(
        "Series %(series)s of this tournament is still open: the results can be marked final "
        "once every deal is played and the series closed."
    ),
    "protest_period_running": _(
        "The protest period runs until %(until)s; to mark the results final before, give a reason."
    ),
    "final_reason_required": _("Please give a reason: it is written in the log."),
    "protest_text_required": _("Please describe the protest."),
    "protest_decision_required": _("Please give the decision in words."),
    "protest_status_unknown": _("A protest is upheld or rejected, not “%(status)s”."),
    "protest_number_invalid": _("A number from 1 to %(max)s."),
    # the team cup's set-up and play (app cups)
    "cup_no_group": _("A cup needs at least one group of teams."),
    "cup_too_many_groups": _("A cup has at most %(max)s groups."),
    "cup_too_many_teams": _("A cup has at most %(max)s teams."),
    "cup_group_invalid": _("A group is an object: its name and its teams."),
    "cup_group_name": _("Please enter the group's name (at most %(max)s characters)."),
    "cup_group_name_taken": _("There is a group named “%(name)s” already."),
    "cup_group_teams": _("A group is a list of at least two teams."),
    "cup_team_invalid": _("A team is an object: its name, its club and its players."),
    "cup_team_name": _("Please enter the team's name (at most %(max)s characters)."),
    "cup_team_name_taken": _("A team named “%(name)s” plays in this cup already."),
    "cup_team_club": _("A club's name has at most %(max)s characters."),
    "cup_team_players": _("A team lists at most %(max)s players (a list of names)."),
    "cup_player_name": _("Please enter the player's name (at most %(max)s characters)."),
    "cup_player_member_number": _("A member number has at most %(max)s characters."),
    "cup_player_twice": _("%(name)s plays for another team of this cup already."),
    "cup_drawn": _("The knock-out is drawn already: the group stage cannot change any more."),
    "cup_round_started": _("Every group has started round %(number)s already."),
    "cup_group_line_tied": _(
        "Group %(group)s's qualifying line falls within a tie: place the group first."
    ),
    "cup_nothing_due": _("No pairing is due: each has its tournament, or waits for a result."),
    "cup_archive_invalid": _("This is not a Karlchen team cup archive (%(detail)s)."),
    # the public calendar and results index (app listings, docs/PUBLISHING.md)
    "listing_game_unknown": _("“%(game)s” is not a game here (doppelkopf or schafkopf)."),
    "listing_club_invalid": _("A club is given by its number."),
    "listing_date_invalid": _("A date as YYYY-MM-DD, in the years 2000 to 2999."),
    "listing_dates_reversed": _("The end of the range lies before its start."),
    "listing_page_invalid": _("A page is a whole number from 1 to %(max)s."),
    # the players' statistics (app stats, docs/STATISTICS.md)
    "stats_scope_invalid": _("A tournament, a season or a club is given by its number."),
    "stats_scope_several": _("Statistics are counted over one tournament, season or club."),
    "cup_decider_needed": _(
        "The scores are equal and the cup's rule leaves it to a decider: enter the winner."
    ),
    # the player registry
    "player_merge_self": _("A player cannot be merged with themselves."),
    "player_erased": _(
        "This person's data has been erased: they can be neither changed nor merged."
    ),
    "player_merge_same_tournament": _(
        "Both played in %(tournaments)s: two entries of one tournament are two people (remove "
        "the wrong entry first if it is one person)."
    ),
    "player_merge_same_cup": _(
        "Both play in the team cup %(cups)s: two players of one cup are two people."
    ),
    "player_merge_member_numbers": _(
        "The member numbers differ (%(kept)s and %(other)s): correct the wrong one first."
    ),
    "player_merge_birth_years": _(
        "The years of birth differ (%(kept)s and %(other)s): correct the wrong one first."
    ),
    "player_birth_year": _("The year of birth is a year from %(min)s to %(max)s."),
    "player_member_number_taken": _(
        "The member number %(number)s belongs to another player (no. %(player)s): merge the "
        "two if they are one person."
    ),
    "player_consent_how": _("Please say how the consent was given (e.g. “signed form”)."),
    "player_flag": _("This is true or false."),
    "player_text": _("This is a text."),
    "player_gone": _("The player no longer exists: merged into another or deleted meanwhile."),
    "player_erase_confirm": _(
        "To erase, type the person's name exactly as shown (%(name)s): it cannot be undone."
    ),
    "player_unknown_field": _("“%(field)s” is not a field of a player that can be changed."),
    "membership_number_required": _("Please enter the member number."),
    "membership_number_taken": _(
        "The member number %(number)s of %(association)s belongs to another player (no. "
        "%(player)s): merge the two if they are one person."
    ),
    "membership_unknown": _("The player is no member of %(association)s."),
    "player_merge_memberships": _(
        "The member numbers of %(association)s differ (%(kept)s and %(other)s): correct the "
        "wrong one first."
    ),
    # clubs, roles and invitations (docs/CLUBS.md)
    "club_name_required": _("Please enter the club's name."),
    "club_name_too_long": _("A club's name has at most %(max)s characters."),
    "club_short_name_too_long": _("A club's short name has at most %(max)s characters."),
    "club_name_taken": _("A club named “%(name)s” exists already."),
    "club_not_allowed": _("You may not set up tournaments or seasons of this club."),
    "host_club_not_allowed": _(
        "You do not run tournaments of “%(club)s”, its host club: only someone who runs "
        "tournaments of both clubs moves it."
    ),
    "club_not_creatable": _("You may not create a club here."),
    "association_not_allowed": _("You are no admin of this association."),
    "unknown_role": _("“%(role)s” is not a role: admin, organiser or scorer."),
    "club_last_admin": _("A club keeps at least one admin: name another one first."),
    "invitation_email_invalid": _("Please enter a valid e-mail address."),
    "invitation_unknown": _("This invitation link is not valid (any more)."),
    "invitation_used": _("This invitation has been accepted already."),
    "invitation_expired": _("This invitation has expired: please ask for a new one."),
    "invitation_signed_in": _(
        "You are signed in: the invitation is accepted for your account, without a new name "
        "and password."
    ),
    "username_invalid": _(
        "A user name has letters, digits and @ . + - _ only, at most 150 characters."
    ),
    "username_taken": _("The user name “%(name)s” is taken: please choose another one."),
    "password_invalid": _("Please choose another password: %(reasons)s"),
    "unknown_user": _("There is no user named “%(name)s”."),
}


def problem_message(problem: Problem) -> str:
    """The translated sentence for ``problem`` in the active language (its code, should a
    message be missing: a test keeps that from happening, a user never sees a crash for it)."""
    template = MESSAGES.get(problem.code)
    if template is None:
        return problem.code
    return str(template) % dict(problem.params) if problem.params else str(template)


def problem_errors(problems: Iterable[Problem]) -> list[dict[str, str]]:
    """Engine problems in the API's error format, messages in the active language."""
    return [
        {"field": problem.field, "code": problem.code, "message": problem_message(problem)}
        for problem in problems
    ]


def refusal_text(refusal: Refused) -> str:
    """Every problem of a refusal as one sentence list, for places that show a single text."""
    return " ".join(problem_message(problem) for problem in refusal.problems)
