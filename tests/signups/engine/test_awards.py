"""One prize per player, the higher one: the overall table and the categories' side prizes
together (docs/OPEN_TOURNAMENTS.md, “One prize each”), checked against a re-computation
written from the docs, slot by slot, over random rankings with ties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from signups.engine.payout import Award, PayoutMode, PayoutRules, awards

pytestmark = [pytest.mark.unit]


def test_a_player_passed_over_in_his_category_is_not_left_without_a_prize():
    # fixed 50, 30, 20 from a pot of 90 €, Damen 20: the third (a Dame) would get 10 € overall
    # from the whole pot, and nothing once the side prize is paid first; he takes the higher
    rules = PayoutRules(PayoutMode.FIXED, (50, 30, 20))
    ranking = [[""], [""], ["Damen"], [""], ["Damen"]]
    result = awards(9_000, rules, {"Damen": [20]}, ranking)
    assert result.awards == (
        Award("", 50, 1),
        Award("", 20, 2),  # 90 − 20 reserved: 50, 20, 0
        Award("Damen", 20, 1),  # 20 > 0: the category's prize
        Award("", 0, 4),  # the third overall place moved up to him (the pot is short)
        Award(None),
    )
    assert result.overall.shortfall == 30
    assert result.side["Damen"].paid == 20


def test_the_higher_overall_prize_passes_the_category_prize_on():
    rules = PayoutRules(PayoutMode.PERCENT, (50, 30))
    ranking = [["Damen"], [""], ["Damen"]]
    result = awards(10_000, rules, {"Damen": [10]}, ranking)  # 90 € for the table
    assert [a.table for a in result.awards] == ["", "", "Damen"]
    assert [a.euros for a in result.awards] == [45, 27, 10]
    assert result.awards[2].place == 2  # the second Dame, the first took her overall prize


def test_tied_players_share_and_equal_prizes_go_to_the_overall_table():
    rules = PayoutRules(PayoutMode.FIXED, (40, 20, 10))
    ranking = [["Jugend", ""], ["Jugend"]]
    result = awards(20_000, rules, {"Jugend": [30, 30]}, ranking)  # 140 € for the table
    # the group's overall share is 30 = Jugend's 30: both tied take the overall places
    assert [a.table for a in result.awards] == ["", "", "Jugend"]
    assert [a.euros for a in result.awards] == [30, 30, 30]
    assert result.awards[0].shared == 2


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="a pot is not negative"):
        awards(-1, PayoutRules(PayoutMode.FIXED, ()), {}, [])
    with pytest.raises(ValueError, match="a pot is not negative"):
        awards(0, PayoutRules(PayoutMode.FIXED, ()), {}, [[]])


# --- a re-computation from the docs ----------------------------------------------------------


def reference(pot, rules, category_prizes, ranking):
    """Written from docs/OPEN_TOURNAMENTS.md alone, a table as a list of slots."""
    money = max(0, pot - rules.costs)
    players = [category for group in ranking for category in group]
    slots = {}
    for name in sorted(category_prizes):
        places = list(category_prizes[name])[: players.count(name)]
        funded = []
        for amount in places:
            funded.append(min(amount, money // 100))
            money -= 100 * funded[-1]
        slots[name] = funded
    table_money = pot - 100 * sum(sum(v) for v in slots.values()) - rules.costs
    table_money = max(0, table_money)
    if rules.mode is PayoutMode.PERCENT:
        overall = [table_money * share // 10_000 for share in rules.shares]
        for i in range(table_money * sum(rules.shares) // 10_000 - sum(overall)):
            overall[i] += 1
    else:
        overall, left = [], table_money // 100
        for amount in rules.shares:
            overall.append(min(amount, left))
            left -= overall[-1]
    slots[""] = overall
    used = dict.fromkeys(slots, 0)
    out = []
    for group in ranking:
        n = len(group)
        rest = slots[""][used[""] :]
        whole = sum(rest[:n]) // n if rest else None
        goes = {}
        for name in group:
            mine = slots.get(name, [])[used.get(name, 0) :] if name else []
            k = group.count(name)
            own = sum(mine[:k]) // k if mine else None
            goes[name] = name if own is not None and (whole is None or own > whole) else ""
        into_table = [name for name in group if goes[name] == "" and whole is not None]
        share = sum(rest[: len(into_table)]) // len(into_table) if into_table else 0
        for name in group:
            if goes[name]:
                k = group.count(name)
                mine = slots[name][used[name] : used[name] + k]
                out.append((name, sum(mine) // k))
            elif whole is not None:
                out.append(("", share))
            else:
                out.append((None, 0))
        used[""] += len(into_table)
        for name in set(goes.values()) - {""}:
            used[name] += group.count(name)
    return out


groups = st.lists(
    st.lists(st.sampled_from(["", "", "Damen", "Jugend", "Gäste"]), min_size=1, max_size=3),
    max_size=10,
)
tables = st.lists(st.integers(0, 60), max_size=6)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 40_000),
    st.integers(0, 3_000),
    st.sampled_from([PayoutMode.PERCENT, PayoutMode.FIXED]),
    tables,
    st.dictionaries(st.sampled_from(["Damen", "Jugend", "Senioren"]), tables, max_size=3),
    groups,
)
def test_the_awards_agree_with_the_docs_and_never_pay_more_than_the_pot(
    pot, costs, mode, shares, category_prizes, ranking
):
    if mode is PayoutMode.PERCENT:
        shares = [share % 35 for share in shares][:3]
    rules = PayoutRules(mode, tuple(shares), costs)
    result = awards(pot, rules, category_prizes, ranking)
    assert [(a.table, a.euros) for a in result.awards] == reference(
        pot, rules, category_prizes, ranking
    )
    paid = sum(a.euros for a in result.awards)
    assert paid == result.overall.paid + sum(part.paid for part in result.side.values())
    assert paid * 100 + result.overall.kept == pot
    assert result.overall.kept >= min(pot, costs)
    flat = [name for group in ranking for name in group]
    for name, award in zip(flat, result.awards, strict=True):
        assert award.table in (None, "", name)  # one prize, of his own category at most
