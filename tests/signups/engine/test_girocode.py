"""The GiroCode's text, field by field as EPC069-12 (version 002) lays it out."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from signups.engine.girocode import (
    MAX_CENTS,
    Transfer,
    euros,
    find_reference,
    payload,
    reference,
    remittance,
)

pytestmark = [pytest.mark.unit]
IBAN = "DE89370400440532013000"
names = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=70
).filter(lambda name: name.strip())


def test_the_lines_in_the_standards_order():
    code = payload(Transfer("Doko-Club Ärger e.V.", IBAN, 1250, "T7-S42 Open", "COBADEFFXXX"))
    assert code.split("\n") == [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        "Doko-Club Ärger e.V.",
        IBAN,
        "EUR12.50",
        "",
        "",
        "T7-S42 Open",
    ]
    assert not code.endswith("\n")


@given(st.integers(1, MAX_CENTS))
def test_amounts_with_two_decimals(cents):
    text = euros(cents)
    assert text.startswith("EUR")
    assert Decimal(text[3:]) * 100 == cents
    assert len(text.partition(".")[2]) == 2


@given(names, st.integers(1, MAX_CENTS), st.integers(1, 10**9 - 1), st.integers(1, 10**12 - 1))
def test_any_name_and_reference_fit_and_are_found_again(name, cents, tournament, signup):
    text = remittance(reference(tournament, signup), "Doppelkopf-Open " * 12, name)
    assert len(text) <= 140
    assert find_reference(text) == (tournament, signup)
    if len(name.encode()) + len(text.encode()) > 331 - 60:  # the byte limit may bite
        return
    lines = payload(Transfer(name, IBAN, cents, text)).split("\n")
    assert lines[5] == " ".join(name.split())
    assert lines[7] == euros(cents)
    assert find_reference(lines[10]) == (tournament, signup)


@given(st.integers(1, 999), st.integers(1, 99999), st.sampled_from([" ", "", "\n", "  "]))
def test_references_broken_by_the_bank_are_still_found(tournament, signup, gap):
    text = f"Startgeld t{gap}{tournament}{gap}-{gap}s{gap}{signup}{gap}Name"
    assert find_reference(text) == (tournament, signup)


@pytest.mark.parametrize(
    "text", ["", "Spende", "ST12-S3", "T12-S", "T-S3", "Kassette12-S3", "T12-S1234567890123"]
)
def test_texts_without_a_reference(text):
    assert find_reference(text) is None


@pytest.mark.parametrize(
    ("transfer", "says"),
    [
        (Transfer(" ", IBAN, 100, "T1-S1"), "name"),
        (Transfer("x" * 71, IBAN, 100, "T1-S1"), "name"),
        (Transfer("Club", IBAN, 0, "T1-S1"), "amount"),
        (Transfer("Club", IBAN, MAX_CENTS + 1, "T1-S1"), "amount"),
        (Transfer("Club", IBAN, 100, "x" * 141), "remittance"),
        (Transfer("𝔄" * 70, IBAN, 100, "𝔄" * 20), "331"),
    ],
)
def test_fields_out_of_bounds_are_refused(transfer, says):
    with pytest.raises(ValueError, match=says):
        payload(transfer)
