"""The club's account: IBANs checked as ISO 13616 says (country, length, mod 97), BICs by form."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from signups.engine.iban import (
    IBAN_LENGTHS,
    AccountError,
    InvalidAccount,
    grouped,
    normal_bic,
    normal_iban,
    with_check_digits,
)

pytestmark = [pytest.mark.unit]
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@st.composite
def ibans(draw):
    country = draw(st.sampled_from(sorted(IBAN_LENGTHS)))
    size = IBAN_LENGTHS[country] - 4
    bban = draw(st.text(alphabet="0123456789", min_size=size, max_size=size))
    return with_check_digits(country, bban)


def mod97(iban: str) -> int:
    """Independent: the standard's digit-by-digit remainder, letters as A=10 … Z=35."""
    remainder = 0
    for char in iban[4:] + iban[:4]:
        for digit in str(ALNUM.index(char) - 26 if char.isdigit() else ALNUM.index(char) + 10):
            remainder = (remainder * 10 + int(digit)) % 97
    return remainder


def refusal(text: str) -> AccountError:
    with pytest.raises(InvalidAccount) as caught:
        normal_iban(text)
    return caught.value.error


def test_known_ibans_of_the_registry_examples():
    assert normal_iban("DE89 3704 0044 0532 0130 00") == "DE89370400440532013000"
    assert normal_iban("gb82 west 1234 5698 7654 32") == "GB82WEST12345698765432"
    assert normal_iban("NO9386011117947") == "NO9386011117947"
    assert refusal("DE88 3704 0044 0532 0130 00") == AccountError.IBAN_CHECKSUM


@given(ibans(), st.lists(st.integers(0, 40), max_size=5))
def test_a_right_iban_is_taken_with_spaces_and_small_letters(iban, cuts):
    assert mod97(iban) == 1
    typed = iban.lower()
    for cut in sorted(cuts, reverse=True):
        typed = typed[:cut] + " " + typed[cut:]
    assert normal_iban(typed) == iban
    assert grouped(iban).replace(" ", "") == iban
    assert all(len(group) == 4 for group in grouped(iban).split()[:-1])


@given(ibans(), st.data())
def test_one_wrong_character_or_two_swapped_are_refused(iban, data):
    place = data.draw(st.integers(2, len(iban) - 1))
    other = data.draw(st.sampled_from("0123456789".replace(iban[place], "")))
    assert refusal(iban[:place] + other + iban[place + 1 :]) == AccountError.IBAN_CHECKSUM
    place = data.draw(st.integers(4, len(iban) - 2))
    swapped = iban[:place] + iban[place + 1] + iban[place] + iban[place + 2 :]
    if swapped != iban:
        assert refusal(swapped) == AccountError.IBAN_CHECKSUM


@given(ibans(), st.integers(1, 3))
def test_a_length_not_the_countrys_is_refused(iban, more):
    assert refusal(iban + "0" * more) in {AccountError.IBAN_LENGTH, AccountError.IBAN_FORM}
    assert refusal(iban[:-more]) in {AccountError.IBAN_LENGTH, AccountError.IBAN_FORM}


def test_forms_and_countries_refused():
    assert refusal("") == AccountError.IBAN_FORM
    assert refusal("DE89-3704-0044-0532-0130-00") == AccountError.IBAN_FORM
    assert refusal("1234567890123456") == AccountError.IBAN_FORM
    with pytest.raises(InvalidAccount) as caught:
        normal_iban("ZZ12 3456 7890 1234 5")
    assert caught.value.error == AccountError.IBAN_COUNTRY
    assert caught.value.params == {"country": "ZZ"}


@given(
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=6, max_size=6),
    st.text(alphabet=ALNUM, min_size=2, max_size=2),
    st.sampled_from(["", "XXX", "500"]),
)
def test_bics_of_8_or_11_characters(bank_and_country, place, branch):
    bic = bank_and_country + place + branch
    assert normal_bic(" " + bic.lower() + " ") == bic


@pytest.mark.parametrize("bic", ["DEUTDEF", "DEUTDEFF5", "DEUTDEFF50", "1EUTDEFF", "DEUTDEFF5000"])
def test_other_bics_refused(bic):
    with pytest.raises(InvalidAccount) as caught:
        normal_bic(bic)
    assert caught.value.error == AccountError.BIC_FORM


def test_no_bic_is_allowed():
    assert normal_bic("  ") == ""
