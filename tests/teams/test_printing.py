"""The printed standings rank the teams and the clubs beside the players."""

import re

import pytest
from django.core.files.storage import default_storage
from django.utils import translation

from printing.domain.documents import check_documents, document_path, generate_documents
from teams.domain.teams import Roster, create_team
from tests.factories.documents import pdf_pages
from tests.factories.tournaments import ORGA

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def standings_pdf(tournament) -> str:
    with translation.override("en"):
        params = check_documents(tournament, {"kind": "standings"})
        generate_documents(tournament, params, base_url="https://k.example.org", progress=print)
    with default_storage.open(document_path(tournament.pk, "standings.pdf")) as file:
        pages = pdf_pages(file.read())
    return re.sub(r"\s+", " ", " ".join(pages))


def test_the_standings_pdf_has_the_teams_and_clubs_rankings(played):
    tournament, entries = played
    create_team(
        tournament,
        by=ORGA,
        name="Die Asse",
        roster=Roster(members=(entries[0].pk, entries[4].pk), captain=entries[0].pk),
    )
    text = standings_pdf(tournament)
    assert "Provisional team ranking" in text
    assert "1. Die Asse 3 Spieler 1 (captain) 2, Spieler 5 1" in text
    assert "Provisional club ranking" in text
    assert "1. Pik Dame 2" in text
    # after the players' overall and per-series standings
    assert text.index("overall standings") < text.index("Series 1") < text.index("Die Asse")
