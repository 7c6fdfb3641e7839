"""A draft whose tables play: the desk asks its organisers to start it, with one button that
sets it running through the domain operation (and the log says so)."""

import pytest

from tests.factories.tournaments import tournament_with_players
from tournaments.enums import TournamentStatus
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db
PROMPT = "An den Tischen wird gespielt, aber das Turnier ist noch ein Entwurf."


def test_a_seated_draft_prompts_on_every_desk_page_and_the_button_starts_it(seated, desk):
    tournament, _tables = seated
    for path in ("", "entries/", "series/1/", "results/"):
        html = desk.get(f"/desk/{tournament.pk}/{path}").content.decode()
        assert PROMPT in html, path
        assert "Turnier jetzt starten" in html, path

    back = f"/desk/{tournament.pk}/series/1/"
    response = desk.post(f"/desk/{tournament.pk}/", {"status": "running", "next": back})
    assert (response.status_code, response["Location"]) == (302, back)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    action = OrganiserAction.objects.filter(tournament=tournament).latest("pk")
    assert (action.action, action.details) == ("status_changed", {"status": "running"})
    assert PROMPT not in desk.get(back).content.decode()


def test_a_draft_in_preparation_and_a_running_tournament_are_not_prompted(seated, desk, orga):
    draft, _entries = tournament_with_players(4)
    assert PROMPT not in desk.get(f"/desk/{draft.pk}/").content.decode()
    tournament, _tables = seated
    tournament.status = TournamentStatus.OPEN
    tournament.save(update_fields=["status"])
    assert PROMPT not in desk.get(f"/desk/{tournament.pk}/").content.decode()


def test_the_button_never_sends_the_organiser_to_another_site(seated, desk):
    tournament, _tables = seated
    response = desk.post(
        f"/desk/{tournament.pk}/", {"status": "running", "next": "https://example.com/"}
    )
    assert response["Location"] == f"/desk/{tournament.pk}/"


def test_the_prompt_speaks_english_when_asked(seated, orga):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(orga)
    tournament, _tables = seated
    html = client.get(f"/desk/{tournament.pk}/").content.decode()
    assert "The tables are playing, but the tournament is still a draft." in html
    assert "Start the tournament now" in html
