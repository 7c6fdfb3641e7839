"""The printed prize list: the places, players and prizes of the payout table, as PDF."""

import pytest
from django.core.files.storage import default_storage
from django.utils import translation

from karlchen.refusals import Refused
from printing.domain.documents import check_documents, document_path, generate_documents
from signups.domain.categories import set_category
from signups.domain.money import set_fee
from signups.domain.settings import set_announcement, set_payout
from tests.factories.documents import pdf_lines
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.teams.conftest import played_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def test_the_prize_list_prints_places_names_and_euros():
    tournament, entries = played_tournament()
    set_announcement(tournament, by=ORGA, fee=1_000)
    for entry in entries:
        set_fee(entry, "paid", by=ORGA)
    set_payout(tournament, by=ORGA, mode="percent", shares=[50, 30, 20])
    with translation.override("en"):
        params = check_documents(tournament, {"kind": "prizes"})
        result = generate_documents(tournament, params, base_url="", progress=lambda *_: None)
    (file,) = result["files"]
    with default_storage.open(document_path(tournament.pk, file["name"])) as stored:
        content = stored.read()
    assert content.startswith(b"%PDF")
    text = " ".join(" ".join(page) for page in pdf_lines(content))
    assert "Prize list" in text
    assert "Spieler 1" in text
    assert "32 €" in text
    assert "shared by 2" in text


def test_the_prize_list_prints_the_side_prizes_of_each_category():
    tournament, entries = played_tournament()
    set_announcement(tournament, by=ORGA, fee=1_000, category_fees={"Damen": 1_000})
    set_category(entries[4], "Damen", by=ORGA)
    for entry in entries:
        set_fee(entry, "paid", by=ORGA)
    set_payout(tournament, by=ORGA, mode="fixed", shares=[40], category_prizes={"Damen": [15]})
    with translation.override("en"):
        params = check_documents(tournament, {"kind": "prizes"})
        result = generate_documents(tournament, params, base_url="", progress=lambda *_: None)
    (file,) = result["files"]
    with default_storage.open(document_path(tournament.pk, file["name"])) as stored:
        text = " ".join(" ".join(page) for page in pdf_lines(stored.read()))
    assert "Side prizes: Damen" in text
    assert "Of them 15 € side prizes, paid first." in text
    assert "15 €" in text


def test_no_prize_list_before_any_result():
    tournament, _ = tournament_with_players(4)
    with pytest.raises(Refused) as refusal:
        check_documents(tournament, {"kind": "prizes"})
    assert refusal.value.code == "no_results"
