"""The captain's page: a phone signed in for one table by its secret link enters that table's deals.

Opening ``/captain/<token>/`` keeps the token in the server-side session and leads to
``/captain/`` (so the secret leaves the address bar and the history). The page is rendered
here; its script talks to the table API with the same token, so every check (who may write,
the engines, versions, idempotency) is the API's. A reissued link signs every phone of the old
one out at its next request.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views import View
from django.views.decorators.gzip import gzip_page

from rules import parse_rules, ramsch, schafkopf
from rules.doppelkopf import ABSAGE_NAMES, POINT_BANDS, DoppelkopfRules
from rules.schafkopf import SchafkopfRules
from rules.schafkopf import contract_allowed as schafkopf_allows
from scoring import labels
from scoring.domain.queries import TableState, table_state
from scoring.enums import DEAL_KIND_CHOICES
from scoring.templatetags.captain import short_name
from seating.domain.seating import table_for_token
from seating.models import Table
from tournaments.enums import EntryMode, Game, SeriesStatus

SESSION_KEY = "captain"
# Deals waiting on a captain's phone are sent again this often (``retry_seconds()``).
RETRY_SECONDS = 5

# The page script's words (it fills in the %(name)s parts).
TEXTS = {
    "enter_deal": _("Deal %(number)s · dealer: %(dealer)s"),
    "correcting": _("Correcting deal %(number)s"),
    "series_complete": _("The series is complete at this table."),
    "next_unknown": _("The next deal is known once the waiting deals are sent."),
    "re_players": _("Re players (tap the names)"),
    "soloist": _("Soloist (tap the name)"),
    "other_side_points": _("the other side: %(points)s"),
    "breakdown_winner": _("%(party)s wins, game value %(value)s"),
    # one line of the breakdown: "Re announced: +2 for Kontra" (Re lost its announcement)
    "breakdown_line": _("%(line)s: %(points)s for %(party)s"),
    # a line of the winning party, named in the heading: "won +1"
    "breakdown_own_line": _("%(line)s %(points)s"),
    "breakdown_nobody": _("Nobody wins, game value %(value)s"),
    "preview_offline": _("No connection: the deal is checked when it is sent."),
    "saving": _("Saving …"),
    "saved": _("Deal %(number)s is saved."),
    "refused": _("Not saved: please check the marked entries."),
    "offline_kept": _("No connection: the deal is kept on this phone and sent later."),
    "offline_waiting": _("Still no connection; the waiting deals are sent as soon as it is back."),
    "server_trouble": _("The server did not answer properly; the deal waits and is sent again."),
    "waiting_one": _("1 deal waits to be sent"),
    "waiting_many": _("%(count)s deals wait to be sent"),
    "waiting_refused": _("A waiting deal was refused: please edit or discard it."),
    "sent_one": _("1 waiting deal was sent."),
    "sent_many": _("%(count)s waiting deals were sent."),
    "deal_number": _("Deal %(number)s"),
    "correction_of": _("Correction of deal %(number)s"),
    "edit": _("Edit"),
    "discard": _("Discard"),
    "discard_confirm": _("Discard this deal? It has not been saved."),
    "confirmed": _("Deal %(number)s is confirmed."),
    "confirm_offline": _("Confirming needs a connection."),
    # the table card as this phone works it out while deals wait (the same words as now.html)
    "not_sent_one": _("Not sent yet: worked out on this phone, with the waiting deal."),
    "not_sent_many": _("Not sent yet: worked out on this phone, with the %(count)s waiting deals."),
    "points_unknown": _("The points of %(deals)s are counted once they are sent."),
    "deal_of": _("Deal %(number)s of %(total)s"),
    "dealer": _("dealer: %(name)s"),
    "sits_out": _("sits out: %(name)s"),
    "forced": _("Vorführung: %(name)s must play their compulsory solo now."),
    "bock": _("Bock ×%(factor)s (%(left)s left)"),
    "bock_add": _("Bock +%(points)s (%(left)s left)"),
    "all_played": _(
        "All %(total)s deals are played. Corrections are possible until the series is closed."
    ),
    "players_caption": _("Players and their points"),
    "column_solo": _("Solo"),
    "solo_open": _("open"),
    "deals_tag": pgettext_lazy("the dealer", "deals"),
    "keeper_tag": _("keeps the list"),
    "wedding_players": _("Wedding: tap who had it, then the partner"),
    "wedding_first": _(
        "Tap who had the wedding first, then who took the first trick won by another player."
    ),
    "wedding_alone": _(
        "Without a partner (nobody else took one of the first three tricks) the wedding is "
        "played alone and scored as a solo: no extra points."
    ),
    "band_sides": _("Re %(re)s · Kontra %(kontra)s"),
    "undo": _("Undo"),
    "cleared": _("The form was cleared."),
    "totals_now": _("Totals now"),
    # quick entry (RULES.md §11.8)
    "breakdown_quick": _("Game value %(value)s"),
    "quick_sum": _("Sum %(sum)s: the points must add up to 0."),
    "quick_sum_ok": _("Sum 0 ✓"),
}


class CaptainSignInView(View):
    def get(self, request, token: str):
        table = table_for_token(token)
        if table is None:
            return refused(request)
        request.session.cycle_key()  # a new session id for a new sign-in
        request.session[SESSION_KEY] = {"table": table.pk, "token": token}
        return redirect("captain")


# The page is the biggest thing a phone loads at the table (chips, the score sheet, the page's
# data); compressed here, as gunicorn alone would not. Django's gzip adds random bytes against
# BREACH; the live reads with their ETags (the API) are left alone.
@method_decorator(gzip_page, name="get")
class CaptainTableView(View):
    """The table screen, the entry form and the list; ``?part=live`` only what deals change."""

    def get(self, request):
        signed_in = signed_in_table(request)
        if signed_in is None:
            return refused(request)
        table, token = signed_in
        exact = request.COOKIES.get("karlchen_exact") == "1"
        context = captain_context(table_state(table), token, exact_points=exact)
        live_only = request.GET.get("part") == "live"
        return render(request, "captain/live.html" if live_only else "captain/table.html", context)


# The static files the captain's page loads (captain/table.html and base.html): the service
# worker keeps them at install, so that the page works offline once their HTTP cache has expired.
CAPTAIN_ASSETS = (
    "captain/captain.css",
    "karlchen/texts.js",
    "captain/series.js",
    "captain/captain.js",
    "karlchen/favicon.svg",
)


def _static_file(name: str) -> bytes:
    path = finders.find(name)
    assert isinstance(path, str), name  # shipped in the apps' static folders
    return Path(path).read_bytes()


class CaptainServiceWorkerView(View):
    """The offline helper of the captain's page, served under /captain/ so that it may look
    after the pages there (a service worker only controls pages under its own path).

    The script starts with what to keep at install: the page's static addresses, and a version
    made of their content and the script's own. A deploy that changes any of them changes the
    script, so the browser installs the new worker, which keeps the new files in a new cache and
    drops the old one."""

    def get(self, request):
        script = _static_file("captain/sw.js")
        digest = hashlib.sha256(script)
        for name in CAPTAIN_ASSETS:
            digest.update(_static_file(name))
        precache = {"version": digest.hexdigest()[:16], "urls": [static(n) for n in CAPTAIN_ASSETS]}
        content = f"self.KARLCHEN_PRECACHE = {json.dumps(precache)};\n".encode() + script
        headers = {"Cache-Control": "no-cache"}
        return HttpResponse(content, content_type="text/javascript", headers=headers)


class CaptainSignOutView(View):
    def post(self, request):
        request.session.pop(SESSION_KEY, None)
        return redirect("home")


def signed_in_table(request) -> tuple[Table, str] | None:
    """The table this browser is signed in for, while its link is still the current one."""
    signed_in = request.session.get(SESSION_KEY) or {}
    token = signed_in.get("token")
    table = table_for_token(token) if isinstance(token, str) else None
    if table is None or not isinstance(token, str) or table.pk != signed_in.get("table"):
        request.session.pop(SESSION_KEY, None)
        return None
    return table, token


def refused(request):
    message = _(
        "This table link is not valid (any more). Please ask the organisers for the current "
        "link or QR code of your table."
    )
    return render(request, "captain/refused.html", {"message": message}, status=403)


def captain_context(
    state: TableState, token: str | None, *, desk: dict | None = None, exact_points: bool = False
) -> dict:
    """The captain's page of ``state``'s table; ``desk``: the same page at the organiser's
    desk (signed in by session, not by the table's token), with its own ``live`` address and
    CSRF token, correcting closed series too."""
    tournament = state.series.tournament
    names: dict[int | None, str] = {seat.position: seat.name for seat in state.seats}
    next_deal = state.next_deal
    form = _form_options(tournament)
    return {
        "state": state,
        "tournament": tournament,
        "schafkopf": tournament.game == Game.SCHAFKOPF,
        "quick": "" if tournament.entry_mode == EntryMode.FULL else tournament.entry_mode,
        "closed": state.series.status == SeriesStatus.CLOSED,
        "players": [_player_row(state, seat) for seat in state.seats],
        "next_deal": next_deal,
        "dealer_name": names.get(next_deal.dealer) if next_deal else None,
        "sitting_out_name": names.get(next_deal.sitting_out) if next_deal else None,
        "forced_name": names.get(next_deal.forced_soloist) if next_deal else None,
        "rows": [_deal_row(state, deal) for deal in state.deals],
        "form": form,
        # What the script will show first (a due compulsory solo is preselected), so the page
        # is drawn that way before the script runs.
        "initial_contract": "solo"
        if next_deal and next_deal.forced_soloist is not None
        else next(iter(form.get("contracts", ())), None),  # a quick entry's form has none
        "kinds": dict(DEAL_KIND_CHOICES),
        "parties": PARTY_CHOICES,
        "page_data": _page_data(state, token, names, desk),
        "exact_points": exact_points,
        "desk": desk is not None,
    }


def _player_row(state: TableState, seat) -> dict:
    return {
        "position": seat.position,
        "name": seat.name,
        "club": seat.club,
        "total": state.totals.get(seat.position, 0),
        "compulsory": state.compulsory_solos.get(seat.position),
        "keeper": seat.position == state.keeper,
    }


def _deal_row(state: TableState, deal) -> dict:
    return {
        "deal": deal,
        "cells": [
            {"points": deal.points[seat.position], "total": deal.totals[seat.position]}
            for seat in state.seats
        ],
    }


def _form_options(tournament) -> dict:
    """What the entry form offers: only what the tournament's rule set allows."""
    rules = parse_rules(tournament.game, tournament.rules)
    if tournament.entry_mode != EntryMode.FULL:
        return {"quick_values": QUICK_VALUES, "reasons": CORRECTION_REASONS}
    if tournament.game == Game.SCHAFKOPF:
        assert isinstance(rules, SchafkopfRules)
        return {
            "contracts": _schafkopf_contracts(rules),
            "suits": labels.SUITS,
            "bands": [(code, _band_label(code)) for code in schafkopf.POINT_BANDS],
            "trick_counts": range(rules.cards.tricks + 1),
            "tricks_total": rules.cards.tricks,
            "laufende": range(9),  # none (or fewer than the minimum), then the count: one tap
            "ramsch": rules.ramsch,
            "leaster": rules.leaster,
            "ramsch_tie": rules.ramsch_tie,
            "ramsch_top_trump": rules.ramsch_tie in ramsch.TIES_BY_TRUMP,
            "ramsch_highest_trump": rules.ramsch_highest_trump,  # taken or played: the legend
            "klopfen": rules.klopfen,
            "stoss": rules.stoss,
            "reasons": CORRECTION_REASONS,
        }
    assert isinstance(rules, DoppelkopfRules)
    contracts = dict(labels.DOPPELKOPF_CONTRACTS) | {"normal": _("Normal")}  # four fit a row
    if not rules.poverty:
        contracts.pop("poverty")
    solos = dict(labels.SOLO_CHIPS)
    if not rules.queens_jacks_solo:
        solos.pop("queens_jacks")
    absagen = {level: labels.ANNOUNCEMENT_CHIPS[level] for level in ABSAGE_NAMES}
    return {
        "contracts": contracts,
        "solos": solos,
        "bands": [(code, _band_label(code)) for code in POINT_BANDS],
        "trick_counts": range(rules.tricks + 1),
        "tricks_total": rules.tricks,
        "zero_tricks": rules.zero_point_tricks_possible,
        "announcements": [
            ("re", {"re": labels.ANNOUNCEMENT_CHIPS["re"]} | absagen),
            ("kontra", {"kontra": labels.ANNOUNCEMENT_CHIPS["kontra"]} | absagen),
        ],
        "extras": {code: labels.EXTRAS[code] for code in labels.EXTRAS if code in rules.extras},
        "reasons": CORRECTION_REASONS,
    }


def _schafkopf_contracts(rules: SchafkopfRules) -> dict:
    """The games of Bavarian tournaments, and those the rule set's club options allow."""
    return {
        code: label
        for code, label in labels.SCHAFKOPF_CONTRACTS.items()
        if schafkopf_allows(rules, code)
    }


QUICK_VALUES = range(10)  # one tap for the usual game values; others are typed

# What corrections are mostly for: one tap fills the reason in (it can still be typed).
CORRECTION_REASONS = (
    _("Card points miscounted"),
    _("Wrong players"),
    _("Announcement forgotten"),
    _("Extra point forgotten"),
    _("Wrong game"),
    _("Typing error"),
)


def _band_label(code: str) -> str:
    return code.replace("-", "–")  # an en dash between the numbers of a range


PARTY_CHOICES = (("re", labels.PARTIES["re"]), ("kontra", labels.PARTIES["kontra"]))


def _bock_data(tournament, settings, state: TableState) -> dict:
    """The Bock rounds for series.js (RULES.md §2.3): how they are played, where they stand,
    and what the script needs to tell which deals entered offline start one."""
    bock = settings.bock
    rules = parse_rules(tournament.game, tournament.rules)
    return {
        "bock": None if bock is None else asdict(bock),
        "bock_rounds": list(state.bock_rounds),
        "bock_triggers": sorted(getattr(rules, "bock_triggers", ())),
        "tricks": getattr(rules, "tricks", 12),
    }


def retry_seconds() -> float:
    """The seconds between two tries of the captain's page to send the deals waiting on the
    phone: RETRY_SECONDS unless the setting ``CAPTAIN_RETRY_SECONDS`` says otherwise (the browser
    tests try more often)."""
    return getattr(django_settings, "CAPTAIN_RETRY_SECONDS", RETRY_SECONDS)


def _page_data(state: TableState, token: str | None, names: dict[int | None, str], desk) -> dict:
    """What the page's script needs: where to send deals, and where the series stands."""
    table = state.table
    settings = state.series.tournament.series_settings(len(state.seats))
    return {
        "table": table.pk,
        "token": token,
        "csrf": desk["csrf"] if desk else None,
        "game": state.series.tournament.game,
        "entry": state.series.tournament.entry_mode,
        "urls": {
            "live": desk["live"] if desk else reverse("captain") + "?part=live",
            "service_worker": None if desk else reverse("captain-service-worker"),
            "preview": reverse("deal-preview", kwargs={"table_id": table.pk}),
            "record": reverse("deals", kwargs={"table_id": table.pk}),
            "deal": reverse("deal", kwargs={"table_id": table.pk, "number": 0}),
        },
        "names": {str(position): name for position, name in names.items()},
        "totals": {str(seat.position): state.totals.get(seat.position, 0) for seat in state.seats},
        "deals_total": state.deals_total,
        "keeper": state.keeper,
        "closed": state.series.status == SeriesStatus.CLOSED,
        "retry_seconds": retry_seconds(),
        "series": {
            "table_size": settings.table_size,
            "compulsory_solos": settings.compulsory_solos,
            "normal_limit": state.deals_total - settings.compulsory_solo_count,
            "deals_played": state.deals_played,
            "rotation_dealer": state.rotation_dealer,
            "normal_played": state.normal_played,
            "compulsory_done": sorted(p for p, s in state.compulsory_solos.items() if s == "done"),
            **_bock_data(state.series.tournament, settings, state),
        },
        "deals": {
            str(deal.number): {
                "version": deal.version,
                "deal": deal.entered,
                "kind": deal.kind,
                "bock_factor": deal.bock_factor,
                "bock_points": deal.bock_points,
            }
            for deal in state.deals
        },
        "lines": {code: str(label) for code, label in labels.LINES.items()},
        "parties": {code: str(label) for code, label in labels.PARTIES.items()},
        "kinds": {code: str(label) for code, label in DEAL_KIND_CHOICES},
        "solos": {code: str(label) for code, label in labels.SOLO_TYPES.items()},
        "short_names": {str(seat.position): short_name(seat.name) for seat in state.seats},
        "texts": {name: str(message) for name, message in TEXTS.items()},
    }
