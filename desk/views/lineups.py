"""A fixture's line-ups at the desk, the same on a league's match day page and a cup match's
page: each team's roster, "Out"/"In" to swap a squad's player in, "Prepare from the squads"
where a team has no roster yet (``competitions.domain.lineups``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.utils.translation import gettext as _

from competitions.domain.lineups import prepare_fixture, swap_player
from competitions.models import Fixture, FixtureTeam, SquadMember
from desk.league_forms import SwapForm
from desk.views.base import form_refused
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from people.models import Player
from teams.models import TeamMember


def swap_form(side: FixtureTeam, data: Any = None) -> SwapForm | None:
    """Who of the roster plays (out) and who of the squad does not (in); None without a roster
    or a squad to swap with."""
    if side.team_id is None:
        return None
    playing_ids = set(
        TeamMember.objects.filter(team_id=side.team_id, entry__withdrawn=False).values_list(
            "entry__player_id", flat=True
        )
    )
    members = SquadMember.objects.filter(team_id=side.entrant_id).select_related("player")
    playing = Player.objects.filter(pk__in=playing_ids).order_by("name")
    bench = [
        m.player
        for m in members.order_by("substitute", "position")
        if m.player_id not in playing_ids
    ]
    if not bench or not playing:
        return None
    return SwapForm(data, prefix=f"s{side.entrant_id}", playing=playing, bench=bench)


def swap(request: Any, side: FixtureTeam, form: SwapForm) -> bool:
    """Swap as the valid ``form`` says; a refusal shown on the form. Whether it was done."""
    players = Player.objects.in_bulk([form.cleaned_data["out"], form.cleaned_data["replacement"]])
    out = players[form.cleaned_data["out"]]
    replacement = players[form.cleaned_data["replacement"]]
    try:
        swap_player(side, by=Actor.of_user(request.user), out=out, replacement=replacement)
    except Refused as refusal:
        form_refused(form, refusal)
        return False
    messages.success(
        request,
        _("%(replacement)s plays for %(team)s instead of %(out)s.")
        % {"replacement": replacement.name, "team": side.entrant.name, "out": out.name},
    )
    return True


def prepare(request: Any, fixture: Fixture) -> bool:
    """Prepare the fixture from the squads; a refusal as the page's messages. Whether done."""
    try:
        built = prepare_fixture(fixture, by=Actor.of_user(request.user))
    except Refused as refusal:
        for problem in refusal.problems:
            messages.error(request, problem_message(problem))
        return False
    if built:
        messages.success(
            request,
            _("The match day is prepared from the squads: its teams are ready to be seated.")
            if fixture.number is not None
            else _("The match is prepared from the squads: its teams are ready to be seated."),
        )
    else:
        messages.info(request, _("Every team with a squad has its roster already."))
    return True


def roster_of(side: FixtureTeam) -> Any:
    """The side's roster there, by start number (empty without one)."""
    if side.team_id is None:
        return []
    return (
        TeamMember.objects.filter(team_id=side.team_id)
        .select_related("entry__player")
        .order_by("entry__start_number")
    )


def unprepared(fixture: Fixture) -> bool:
    """Whether a team of the fixture without a roster has regulars to build one from."""
    return (
        not fixture.final
        and FixtureTeam.objects.filter(
            fixture=fixture, team__isnull=True, entrant__players__substitute=False
        ).exists()
    )
