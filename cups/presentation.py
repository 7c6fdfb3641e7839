"""The cup's body (``cups.domain.state.cup_body``) as pages and documents show it: names in
place of ids, each knock-out round's name, who advanced and by what, in the reader's language.
Shared by the public page, the desk and the printed bracket."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def round_name(number: int, rounds: int) -> str:
    """The final, the semi-finals, the quarter-finals; earlier: "Round of 16" and so on."""
    left = rounds - number  # rounds after this one
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round of %(teams)s") % {"teams": 2 ** (left + 1)}


def decided_words(decided_by: str | None) -> str:
    return {
        "score": _("by score"),
        "seed": _("tie: the better seed"),
        "best_player": _("tie: the better best player"),
        "decider": _("tie: by decider"),
        "bye": _("bye"),
    }.get(decided_by or "", "")


def status_words(status: str) -> str:
    return {
        "waiting": _("waiting"),
        "bye": _("bye"),
        "due": _("due"),
        "undecided": _("tie: decider needed"),
        "played": _("played"),
    }.get(status, status)


def cup_view(body: dict[str, Any]) -> dict[str, Any]:
    """The body with names for the templates (ids kept for the desk's forms)."""
    teams = {team["id"]: team for team in body["teams"]}
    groups = {group["id"]: group for group in body["groups"]}

    def name(team: int | None) -> str | None:
        return teams[team]["name"] if team is not None else None

    view_groups = []
    for group in body["groups"]:
        rounds = []
        for match in group["rounds"]:
            scores = sorted(match["scores"], key=lambda side: -side["score"])
            rounds.append(match | {"scores": [s | {"name": name(s["team"])} for s in scores]})
        view_groups.append(group | {"rounds": rounds})
    bracket = None
    if body["bracket"] is not None:
        total = len(body["bracket"]["rounds"])
        bracket = body["bracket"] | {
            "rounds": [
                {
                    "round": round_["round"],
                    "name": round_name(round_["round"], total),
                    "pairings": [
                        _pairing(pairing, name, teams, groups, body["bracket"]["seeds"])
                        for pairing in round_["pairings"]
                    ],
                }
                for round_ in body["bracket"]["rounds"]
            ]
        }
    return body | {
        "groups": view_groups,
        "bracket": bracket,
        "champion_name": name(body["champion"]),
    }


def _pairing(
    pairing: dict[str, Any],
    name: Any,
    teams: dict[int, Any],
    groups: dict[int, Any],
    seeds: list[dict[str, Any]],
) -> dict[str, Any]:
    seed_of = {seed["team"]: seed for seed in seeds}
    live = None
    match = pairing["match"]
    if match is not None and not match["final"] and not match["withheld"]:
        live = {side["team"]: side["score"] for side in match["scores"]}
    sides = []
    for index, team in enumerate((pairing["first"], pairing["second"])):
        seed = seed_of.get(team) if team is not None else None
        score = None
        if pairing["scores"] is not None:
            score = pairing["scores"][index]
        elif live is not None and team is not None:
            score = live.get(team)
        sides.append(
            {
                "team": team,
                "name": name(team),
                "seed": seed["seed"] if seed and pairing["round"] == 1 else None,
                "from": (
                    f"{groups[seed['group']]['name']} {seed['place']}"
                    if seed and seed["group"] in groups and pairing["round"] == 1
                    else ""
                ),
                "score": score,
                "won": team is not None and team == pairing["winner"],
            }
        )
    return pairing | {
        "sides": sides,
        "live": live is not None,
        "status_words": status_words(pairing["status"]),
        "decided_words": decided_words(pairing["decided_by"]),
        "winner_name": name(pairing["winner"]),
    }
