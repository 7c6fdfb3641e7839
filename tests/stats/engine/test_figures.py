"""The statistics engine: worked examples, the edges, and every figure of random histories
against a second computation written from docs/STATISTICS.md (straight loops over the deals)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stats.engine.figures import DealFacts, PairStats, compute

pytestmark = pytest.mark.unit


def dk(players, re, points, *, kind="normal", series=(1, 1), winner="re", **deal):
    return DealFacts(
        game="doppelkopf",
        quick=False,
        kind=kind,
        players=dict(enumerate(players, start=1)) if isinstance(players, list) else players,
        deal={"contract": "normal", "re": re, **deal},
        points=points,
        series=series,
        winner=winner,
    )


def sk(deal, points, *, winner="declarer", lines=(), series=(1, 1)):
    return DealFacts(
        game="schafkopf",
        quick=False,
        kind="normal",
        players={1: 11, 2: 12, 3: 13, 4: 14},
        deal=deal,
        points=points,
        series=series,
        winner=winner,
        lines=tuple(lines),
    )


def test_a_normal_deal_with_announcements_and_extras():
    deal = dk(
        [11, 12, 13, 14],
        [1, 3],
        {1: 4, 2: -4, 3: 4, 4: -4},
        announcements={"re": "no90", "kontra": "kontra"},
        extras=[{"type": "fox", "party": "kontra"}, {"type": "fox_last_trick", "party": "re"}],
    )
    figures = compute([deal])
    re, kontra = figures.players[11].as_json(), figures.players[12].as_json()
    assert re["deals"] == re["won"] == 1
    assert re["lost"] == 0
    assert re["points"] == 4
    assert re["parties"] == {"re": {"played": 1, "won": 1}}
    assert kontra["parties"] == {"kontra": {"played": 1, "won": 0}}
    assert re["announcements"] == {"re:no90": {"played": 1, "won": 1}}
    assert kontra["announcements"] == {"kontra:announced": {"played": 1, "won": 0}}
    assert re["extras_won"] == {"fox_caught_in_last_trick": 1}
    assert re["extras_lost"] == {"fox": 1}
    assert kontra["extras_won"] == {"fox": 1}
    assert re["best_series"] == {"tournament": 1, "series": 1, "points": 4}
    assert figures.head_to_head(11, 13) == {
        "other": 13,
        "together": 1,
        "won_together": 1,
        "against": 0,
        "won_against": 0,
        "lost_against": 0,
    }
    assert figures.head_to_head(12, 11)["lost_against"] == 1
    assert figures.head_to_head(11, 12)["won_against"] == 1


def test_solos_by_kind_and_type():
    lust = dk(
        [11, 12, 13, 14],
        [2],
        {1: -2, 2: 6, 3: -2, 4: -2},
        kind="voluntary_solo",
        contract="solo",
        solo="queens",
    )
    silent = dk(
        [11, 12, 13, 14],
        [3],
        {1: 1, 2: 1, 3: -3, 4: 1},
        kind="forced_solo",
        contract="silent_wedding",
        winner="kontra",
    )
    not_a_solo_kind = dk(
        [11, 12, 13, 14],
        [4],
        {1: -1, 2: -1, 3: -1, 4: 3},
        kind="silent_wedding",
        contract="silent_wedding",
    )
    figures = compute([lust, silent, not_a_solo_kind])
    assert figures.players[12].solos_by_kind["voluntary_solo"].won == 1
    assert figures.players[12].as_json()["solos_by_type"] == {"queens": {"played": 1, "won": 1}}
    assert figures.players[13].as_json()["solos_by_type"] == {
        "silent_wedding": {"played": 1, "won": 0}
    }
    assert figures.players[14].solos_by_kind == {}


def test_a_five_table_dealer_who_sat_out_is_not_counted():
    deal = dk({1: 11, 2: 12, 4: 14, 5: 15}, [1, 4], {1: 1, 2: -1, 4: 1, 5: -1})
    figures = compute([deal])
    assert set(figures.players) == {11, 12, 14, 15}
    assert figures.players[14].parties == figures.players[11].parties
    assert figures.players[15].as_json()["parties"] == {"kontra": {"played": 1, "won": 0}}


def test_one_players_figures_leave_out_a_deal_they_did_not_sit_at():
    theirs = dk([11, 12, 13, 14], [1, 3], {1: 3, 2: -3, 3: 3, 4: -3})
    elsewhere = dk([15, 16, 17, 18], [1, 2], {1: 1, 2: 1, 3: -1, 4: -1})
    alone = compute([theirs, elsewhere], player=11)
    assert alone.players == compute([theirs], player=11).players
    assert alone.pairs == compute([theirs], player=11).pairs
    assert compute([elsewhere], player=11).pairs == {}


def test_averages_and_the_best_series():
    deals = [
        dk([11, 12, 13, 14], [1, 3], {1: 3, 2: -3, 3: 3, 4: -3}, series=(1, 2)),
        dk([11, 12, 13, 14], [1, 3], {1: 3, 2: -3, 3: 3, 4: -3}, series=(1, 1)),
        dk([11, 12, 13, 14], [2, 3], {1: -1, 2: 1, 3: 1, 4: -1}, series=(1, 1)),
    ]
    stats = compute(deals).players[11]
    assert (stats.points, stats.deals, stats.average_per_deal) == (5, 3, 5 / 3)
    assert stats.average_per_series == 2.5
    assert stats.best_series == ((1, 2), 3)
    tied = compute(deals[:2]).players[11]
    assert tied.best_series == ((1, 1), 3)  # the earliest of equals
    json = stats.as_json()
    assert json["average_per_deal"] == 1.67
    assert json["series"] == 2


def test_a_player_with_no_deals_has_no_averages():
    from stats.engine.figures import PlayerStats

    empty = PlayerStats(7)
    assert empty.average_per_deal is None
    assert empty.average_per_series is None
    assert empty.as_json()["best_series"] is None


def test_a_rufer_with_knocks_kontra_and_re():
    deal = {
        "contract": "rufer",
        "suit": "acorns",
        "declarer": 2,
        "partner": 4,
        "declarer_points": 95,
        "knocked": [1, 2],
        "kontra": 1,
        "re": 4,
        "laufende": 3,
    }
    lines = ("base_rufer", "schneider", "laufende")
    figures = compute([sk(deal, {1: -40, 2: 40, 3: -40, 4: 40}, lines=lines)])
    declarer, partner, knocker = (figures.players[n] for n in (12, 14, 11))
    assert declarer.as_json()["contracts"] == {"declarer:rufer": {"played": 1, "won": 1}}
    assert partner.as_json()["contracts"] == {"partner:rufer": {"played": 1, "won": 1}}
    assert knocker.as_json()["contracts"] == {"defender:rufer": {"played": 1, "won": 0}}
    assert (declarer.schneider_won, knocker.schneider_lost, knocker.schwarz_lost) == (1, 1, 0)
    assert partner.as_json()["laufende"] == {"won": 3, "lost": 0}  # the winners' three
    assert knocker.as_json()["laufende"] == {"won": 0, "lost": 3}
    assert knocker.as_json()["knocked"] == {"played": 1, "won": 0}
    assert declarer.as_json()["knocked"] == {"played": 1, "won": 1}
    assert knocker.as_json()["kontra_given"] == {"played": 1, "won": 0}
    assert partner.as_json()["re_given"] == {"played": 1, "won": 1}
    assert figures.head_to_head(12, 14)["together"] == 1


def test_a_solo_lost_schwarz():
    deal = {"contract": "solo", "suit": "hearts", "declarer": 3, "declarer_points": 0}
    lines = ("base_solo", "schneider", "schwarz")
    figures = compute([sk(deal, {1: 30, 2: 30, 3: -90, 4: 30}, winner="defenders", lines=lines)])
    assert (figures.players[13].schwarz_lost, figures.players[11].schwarz_won) == (1, 1)
    assert figures.players[13].as_json()["laufende"] == {"won": 0, "lost": 0}  # none recorded
    assert figures.players[13].contracts["declarer:solo"].won == 0


def test_a_ramsch_and_a_leaster_have_no_declarer():
    ramsch = sk(
        {"contract": "ramsch", "knocked": [3], "ramsch_points": {"1": 30, "2": 45, "3": 20}},
        {1: 10, 2: -30, 3: 10, 4: 10},
        winner="ramsch_winners",
        lines=("base_ramsch",),
    )
    leaster = sk({"contract": "leaster", "declarer": None}, {1: 0, 2: 0, 3: 0, 4: 0}, winner=None)
    figures = compute([ramsch, leaster])
    assert figures.players[11].as_json()["contracts"] == {
        "none:leaster": {"played": 1, "won": 0},
        "none:ramsch": {"played": 1, "won": 1},
    }
    assert figures.players[13].knocked.won == 1
    pair = figures.head_to_head(11, 12)
    assert (pair["together"], pair["against"], pair["won_against"]) == (0, 2, 1)
    assert figures.head_to_head(11, 13)["won_against"] == 0  # both won the Ramsch


def test_a_rufer_without_a_known_partner_and_an_open_outcome():
    deal = {"contract": "rufer", "declarer": 1, "partner": None}
    figures = compute([sk(deal, {1: 0, 2: 0, 3: 0, 4: 0}, winner=None, lines=("schneider",))])
    assert figures.players[12].contracts == {
        "defender:rufer": figures.players[12].contracts["defender:rufer"]
    }
    assert figures.players[11].schneider_won == figures.players[12].schneider_lost == 0


def quick(entered, points, *, kind="normal", game="doppelkopf", players=(11, 12, 13, 14)):
    return DealFacts(
        game=game,
        quick=True,
        kind=kind,
        players=dict(enumerate(players, start=1)),
        deal=entered,
        points=points,
        series=(2, 1),
        winner="winners",
    )


def test_quick_deals_count_for_what_they_carry():
    solo = quick(
        {"entry": "value", "value": 2, "winners": [2], "contract": "solo", "soloist": 2},
        {1: -2, 2: 6, 3: -2, 4: -2},
        kind="compulsory_solo",
    )
    normal = quick({"entry": "value", "value": 1, "winners": [1, 3]}, {1: 1, 2: -1, 3: 1, 4: -1})
    unknown_soloist = quick(
        {"entry": "points", "points": {}}, {1: 3, 2: -1, 3: -1, 4: -1}, kind="voluntary_solo"
    )
    level = quick({"entry": "value", "value": 0, "winners": []}, {1: 0, 2: 0, 3: 0, 4: 0})
    schafkopf = quick(
        {"entry": "value", "value": 5, "winners": [4], "contract": "solo", "soloist": 4},
        {1: -5, 2: -5, 3: -5, 4: 15},
        kind="voluntary_solo",
        game="schafkopf",
    )
    figures = compute([solo, normal, unknown_soloist, level, schafkopf])
    soloist = figures.players[12].as_json()
    assert soloist["quick_deals"] == soloist["deals"] == 5
    assert soloist["solos_by_kind"] == {"compulsory_solo": {"played": 1, "won": 1}}
    assert soloist["parties"] == {}
    assert soloist["announcements"] == {}
    assert figures.players[11].solos_by_kind == {}
    assert figures.players[14].as_json()["contracts"] == {"declarer:solo": {"played": 1, "won": 1}}
    assert figures.head_to_head(11, 13)["together"] == 3  # solo, normal game, Schafkopf solo
    assert figures.head_to_head(11, 12)["against"] == 4  # alone in the level deal


def test_partners_are_ordered_and_a_pair_that_never_met_is_empty():
    deals = [
        dk([11, 12, 13, 14], [1, 3], {1: 1, 2: -1, 3: 1, 4: -1}),
        dk([11, 12, 13, 14], [1, 2], {1: 1, 2: 1, 3: -1, 4: -1}),
        dk([11, 12, 13, 15], [1, 2], {1: -1, 2: -1, 3: 1, 4: 1}, winner="kontra"),
    ]
    figures = compute(deals)
    assert [row["other"] for row in figures.partners(11)] == [12, 13, 14, 15]
    assert figures.partners(12)[0] == {
        "other": 11,
        "together": 2,
        "won_together": 1,
        "against": 1,
        "won_against": 0,
        "lost_against": 1,
    }
    assert figures.head_to_head(14, 15) == PairStats(14, 15).seen_from(14)
    assert figures.head_to_head(14, 15)["together"] == 0


# Random histories against a second computation -------------------------------------------

EXTRAS = ("fox", "doppelkopf", "karlchen", "fox_last_trick", "dulle_caught")
KINDS = (
    "normal",
    "wedding",
    "silent_wedding",
    "poverty",
    "compulsory_solo",
    "voluntary_solo",
    "forced_solo",
)


@st.composite
def table(draw):
    """The positions that played (four of 1..5) and who sat there."""
    positions = draw(st.sampled_from([(1, 2, 3, 4), (1, 2, 3, 5), (2, 3, 4, 5), (1, 3, 4, 5)]))
    players = draw(st.lists(st.integers(1, 7), min_size=4, max_size=4, unique=True))
    return dict(zip(positions, players, strict=True))


@st.composite
def doppelkopf_deal(draw):
    players = draw(table())
    positions = sorted(players)
    kind = draw(st.sampled_from(KINDS))
    re = draw(st.lists(st.sampled_from(positions), min_size=1, max_size=2, unique=True))
    contract = draw(st.sampled_from(["normal", "solo", "silent_wedding", "wedding"]))
    level = st.none() | st.sampled_from(["no90", "no60", "no30", "schwarz"])
    deal = {
        "contract": contract,
        "solo": draw(st.sampled_from(["queens", "jacks", "hearts"]))
        if contract == "solo"
        else None,
        "re": re,
        "announcements": {
            "re": draw(st.none() | st.just("re") | level),
            "kontra": draw(st.none() | st.just("kontra") | level),
        },
        "extras": draw(
            st.lists(
                st.fixed_dictionaries(
                    {"type": st.sampled_from(EXTRAS), "party": st.sampled_from(["re", "kontra"])}
                ),
                max_size=3,
            )
        ),
    }
    return DealFacts(
        game="doppelkopf",
        quick=False,
        kind=kind,
        players=players,
        deal=deal,
        points={position: draw(st.integers(-6, 6)) for position in positions},
        series=(draw(st.integers(1, 3)), draw(st.integers(1, 2))),
        winner=draw(st.sampled_from(["re", "kontra", None])),
    )


@st.composite
def schafkopf_deal(draw):
    players = draw(table())
    positions = sorted(players)
    contract = draw(st.sampled_from(["rufer", "hochzeit", "wenz", "solo", "ramsch", "leaster"]))
    declarer = None if contract in ("ramsch", "leaster") else draw(st.sampled_from(positions))
    partner = None
    if contract in ("rufer", "hochzeit"):
        partner = draw(st.none() | st.sampled_from([p for p in positions if p != declarer]))
    deal = {
        "contract": contract,
        "declarer": declarer,
        "partner": partner,
        "knocked": draw(st.lists(st.sampled_from(positions), unique=True, max_size=2)),
        "kontra": draw(st.none() | st.sampled_from(positions)),
        "re": draw(st.none() | st.sampled_from(positions)),
    }
    if draw(st.booleans()):  # recorded where the game has them (older deals: not at all)
        deal["laufende"] = draw(st.integers(0, 8))
    return DealFacts(
        game="schafkopf",
        quick=False,
        kind="normal",
        players=players,
        deal=deal,
        points={position: draw(st.integers(-30, 30)) for position in positions},
        series=(draw(st.integers(1, 3)), 1),
        winner=draw(st.sampled_from(["declarer", "defenders", "ramsch_winners", None])),
        lines=tuple(draw(st.lists(st.sampled_from(["schneider", "schwarz", "laufende"])))),
    )


@st.composite
def quick_deal(draw):
    players = draw(table())
    positions = sorted(players)
    soloist = draw(st.none() | st.sampled_from([*positions, 9]))
    return DealFacts(
        game=draw(st.sampled_from(["doppelkopf", "schafkopf"])),
        quick=True,
        kind=draw(st.sampled_from(KINDS)),
        players=players,
        deal={"entry": "value", "contract": "solo" if soloist else None, "soloist": soloist},
        points={position: draw(st.sampled_from([-3, -1, 0, 1, 3])) for position in positions},
        series=(draw(st.integers(1, 3)), 2),
        winner="winners",
    )


history = st.lists(doppelkopf_deal() | schafkopf_deal() | quick_deal(), max_size=12)


def expected_player(deals, player):
    """Every figure of one player, straight from the deals as docs/STATISTICS.md words them."""
    figures = {
        "player": player, "deals": 0, "quick_deals": 0, "won": 0, "lost": 0, "points": 0,
        "parties": {}, "solos_by_kind": {}, "solos_by_type": {}, "announcements": {},
        "extras_won": {}, "extras_lost": {}, "contracts": {},
        "schneider": {"won": 0, "lost": 0}, "schwarz": {"won": 0, "lost": 0},
        "laufende": {"won": 0, "lost": 0},
        "knocked": {"played": 0, "won": 0}, "kontra_given": {"played": 0, "won": 0},
        "re_given": {"played": 0, "won": 0},
    }  # fmt: skip
    per_series = {}

    def count(table, key, won):
        entry = table.setdefault(key, {"played": 0, "won": 0})
        entry["played"] += 1
        entry["won"] += 1 if won else 0

    for deal in deals:
        mine = [position for position, who in deal.players.items() if who == player]
        if not mine:
            continue
        position = mine[0]
        points = deal.points[position]
        won = points > 0
        figures["deals"] += 1
        figures["quick_deals"] += 1 if deal.quick else 0
        figures["won" if won else "lost"] += 1
        figures["points"] += points
        per_series[deal.series] = per_series.get(deal.series, 0) + points
        entered = deal.deal
        solo_kind = deal.kind in ("compulsory_solo", "voluntary_solo", "forced_solo")
        if deal.quick:
            if solo_kind and entered["soloist"] == position:
                count(figures["solos_by_kind"], deal.kind, won)
                if deal.game == "schafkopf":
                    count(figures["contracts"], "declarer:solo", won)
        elif deal.game == "doppelkopf":
            party = "re" if position in entered["re"] else "kontra"
            count(figures["parties"], party, won)
            level = entered["announcements"][party]
            if level == party:
                count(figures["announcements"], f"{party}:announced", deal.winner == party)
            elif level:
                count(figures["announcements"], f"{party}:{level}", deal.winner == party)
            for extra in entered["extras"]:
                name = (
                    "fox_caught_in_last_trick"
                    if extra["type"] == "fox_last_trick"
                    else extra["type"]
                )
                side = "extras_won" if extra["party"] == party else "extras_lost"
                figures[side][name] = figures[side].get(name, 0) + 1
            if solo_kind and entered["re"] == [position]:
                count(figures["solos_by_kind"], deal.kind, won)
                name = entered["solo"] if entered["contract"] == "solo" else entered["contract"]
                count(figures["solos_by_type"], name, won)
        else:
            contract = entered["contract"]
            if entered["declarer"] is None:
                role = "none"
            elif position == entered["declarer"]:
                role = "declarer"
            elif contract in ("rufer", "hochzeit") and position == entered["partner"]:
                role = "partner"
            else:
                role = "defender"
            count(figures["contracts"], f"{role}:{contract}", won)
            on_declarer_side = role in ("declarer", "partner")
            if deal.winner in ("declarer", "defenders"):
                with_winner = on_declarer_side == (deal.winner == "declarer")
                for line in ("schneider", "schwarz"):
                    if line in deal.lines:
                        figures[line]["won" if with_winner else "lost"] += 1
                # the deal's Laufende, for the side that won (the holder is not recorded)
                figures["laufende"]["won" if with_winner else "lost"] += entered.get("laufende", 0)
            if position in entered["knocked"]:
                count({"x": figures["knocked"]}, "x", won)
            if entered["kontra"] == position:
                count({"x": figures["kontra_given"]}, "x", won)
            if entered["re"] == position:
                count({"x": figures["re_given"]}, "x", won)
    figures["average_per_deal"] = round(figures["points"] / figures["deals"], 2)
    figures["series"] = len(per_series)
    figures["average_per_series"] = round(figures["points"] / len(per_series), 2)
    best = max(per_series.values())
    tournament, series = min(key for key, value in per_series.items() if value == best)
    figures["best_series"] = {"tournament": tournament, "series": series, "points": best}
    return figures


def same_party(deal, one, two):
    """Whether two positions played in one party, from the docs: Re/Kontra, the declarer's
    side, the quick deal's two groups of equal points; a Ramsch or Leaster has none."""
    if deal.quick:
        groups = {deal.points[position] for position in deal.players}
        return len(groups) == 2 and deal.points[one] == deal.points[two]
    if deal.game == "doppelkopf":
        return (one in deal.deal["re"]) == (two in deal.deal["re"])
    entered = deal.deal
    if entered["declarer"] is None:
        return False
    side = [entered["declarer"]]
    if entered["contract"] in ("rufer", "hochzeit") and entered["partner"] is not None:
        side.append(entered["partner"])
    return (one in side) == (two in side)


def expected_pair(deals, first, second):
    row = {"other": second, "together": 0, "won_together": 0, "against": 0, "won_against": 0,
           "lost_against": 0}  # fmt: skip
    for deal in deals:
        at = {who: position for position, who in deal.players.items()}
        if first not in at or second not in at:
            continue
        mine, theirs = deal.points[at[first]] > 0, deal.points[at[second]] > 0
        if same_party(deal, at[first], at[second]):
            row["together"] += 1
            row["won_together"] += 1 if mine and theirs else 0
        else:
            row["against"] += 1
            row["won_against"] += 1 if mine and not theirs else 0
            row["lost_against"] += 1 if theirs and not mine else 0
    return row


@settings(max_examples=120)
@given(history)
def test_every_figure_agrees_with_a_second_computation(deals):
    figures = compute(deals)
    players = {who for deal in deals for who in deal.players.values()}
    assert set(figures.players) == players
    for player in players:
        assert figures.players[player].as_json() == expected_player(deals, player)
        for other in range(1, 8):
            if other != player:
                assert figures.head_to_head(player, other) == expected_pair(deals, player, other)
        met = [row["other"] for row in figures.partners(player)]
        assert met == sorted(met, key=lambda other: (
            -expected_pair(deals, player, other)["together"],
            -expected_pair(deals, player, other)["against"],
            other,
        ))  # fmt: skip
        assert set(met) == {
            who
            for deal in deals
            if player in deal.players.values()
            for who in deal.players.values()
        } - {player}


@given(history, history)
def test_figures_add_up_over_histories(first, second):
    """Counting two histories at once adds each player's deals, wins and points."""
    both, one, two = compute(first + second), compute(first), compute(second)
    for player, stats in both.players.items():
        parts = [part.players[player] for part in (one, two) if player in part.players]
        assert stats.deals == sum(part.deals for part in parts)
        assert stats.points == sum(part.points for part in parts)
        assert stats.won + stats.lost == stats.deals


@given(history, st.integers(1, 7))
def test_one_players_figures_alone_are_the_same(deals, player):
    """Counting one player only gives that player's figures and pairs as counting everyone."""
    everyone, alone = compute(deals), compute(deals, player=player)
    assert set(alone.players) <= {player}
    if player in everyone.players:
        assert alone.players[player].as_json() == everyone.players[player].as_json()
    assert alone.partners(player) == everyone.partners(player)
    assert set(alone.pairs) == {key for key in everyone.pairs if player in key}


@given(st.lists(history, max_size=4))
def test_merged_histories_are_counted_as_one(parts):
    """Each part counted alone and merged gives every figure of counting all deals at once."""
    from stats.engine.figures import merge

    whole = compute([deal for part in parts for deal in part])
    merged = merge(compute(part) for part in parts)
    assert {p: s.as_json() for p, s in merged.players.items()} == {
        p: s.as_json() for p, s in whole.players.items()
    }
    assert merged.pairs == whole.pairs
    assert merged.totals == whole.totals


def expected_totals(deals):
    """The deals counted once each, as docs/STATISTICS.md ("The evening in figures") words it."""
    totals = {
        "deals": 0, "quick_deals": 0, "solos": {"played": 0, "won": 0},
        "announcements": {"played": 0, "won": 0}, "extras": {}, "contracts": {},
    }  # fmt: skip
    for deal in deals:
        totals["deals"] += 1
        totals["quick_deals"] += int(deal.quick)
        entered = deal.deal
        if deal.kind in ("compulsory_solo", "voluntary_solo", "forced_solo"):
            if deal.quick:
                soloist = entered["soloist"] if entered["soloist"] in deal.players else None
            else:
                re = list(entered.get("re") or ())
                soloist = re[0] if len(re) == 1 and re[0] in deal.players else None
            if soloist is not None:
                totals["solos"]["played"] += 1
                totals["solos"]["won"] += int(deal.points[soloist] > 0)
        if deal.quick:
            continue
        if deal.game == "schafkopf":
            tally = totals["contracts"].setdefault(entered["contract"], {"played": 0, "won": 0})
            tally["played"] += 1
            tally["won"] += int(deal.winner == "declarer")
            continue
        for party in ("re", "kontra"):
            if entered["announcements"].get(party):
                totals["announcements"]["played"] += 1
                totals["announcements"]["won"] += int(deal.winner == party)
        for extra in entered["extras"]:
            kind = (
                "fox_caught_in_last_trick" if extra["type"] == "fox_last_trick" else extra["type"]
            )
            totals["extras"][kind] = totals["extras"].get(kind, 0) + 1
    return totals


@given(history)
def test_the_totals_count_each_deal_once(deals):
    totals = compute(deals).totals.as_json()
    expected = expected_totals(deals)
    assert totals["contracts"] == dict(sorted(expected["contracts"].items()))
    assert totals == {
        **expected,
        "extras": dict(sorted(expected["extras"].items())),
        "contracts": totals["contracts"],
    }


@given(history)
def test_stored_figures_read_back_the_same(deals):
    """``dump`` is plain JSON and ``load`` gives every count back, players, pairs and totals."""
    import json

    from stats.engine.figures import dump, load, load_totals

    figures = compute(deals)
    stored = json.loads(json.dumps(dump(figures)))
    assert load(stored) == figures
    assert load_totals(stored["totals"]) == figures.totals
