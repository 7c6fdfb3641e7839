"""The season's regulars at the desk without a browser: a person picked by id is named, an id
of somebody the user may not manage is refused at the field, a bad id to remove answers 400."""

import pytest

from people.models import Player
from seasons.domain.seasons import create_season, named_regulars
from tests.factories.tournaments import ORGA, organiser, tournament_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    client.force_login(organiser())
    return client


def test_a_regular_picked_by_id_is_named_and_a_stranger_is_refused(desk):
    season = create_season(by=ORGA, name="Runde")
    season.organisers.add(organiser())
    _tournament, entries = tournament_with_players(2)  # the user's: their people
    known = entries[0].player
    page = f"/desk/seasons/{season.pk}/"
    named = desk.post(
        page, {"action": "regular", "regular-name": known.name, "regular-player": known.pk}
    )
    assert named.status_code == 302
    assert named_regulars(season) == [known]
    stranger = Player.objects.create(name="Fremd")
    refused = desk.post(
        page, {"action": "regular", "regular-name": "Fremd", "regular-player": stranger.pk}
    )
    assert refused.status_code == 400
    assert refused.context["regular_form"].errors["name"]
    assert named_regulars(season) == [known]
    typed = desk.post(page, {"action": "regular", "regular-name": "Irgendwer"})
    assert typed.status_code == 400
    assert "bekannte Person" in str(typed.context["regular_form"].errors["name"])
    for bad in ("x", "-1", "99999999999999999999"):
        assert desk.post(page, {"action": "drop-regular", "player": bad}).status_code == 400
    assert desk.post(page, {"action": "drop-regular", "player": known.pk}).status_code == 302
    assert named_regulars(season) == []
