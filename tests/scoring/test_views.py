"""The captain's pages as the server renders them: sign-in by link, the table, revocation."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from seating.domain.seating import reissue_captain_token
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table

pytestmark = pytest.mark.django_db

NORMAL = {"contract": "normal", "re": [1, 3], "re_points": 131}


def signed_in(table) -> Client:
    client = Client()
    response = client.get(table.captain_path())
    assert (response.status_code, response.url) == (302, "/captain/")
    return client


def page_data(response) -> dict:
    html = response.content.decode()
    start = html.index('id="captain-data"')
    start = html.index(">", start) + 1
    return json.loads(html[start : html.index("</script>", start)])


def test_the_link_signs_the_phone_in_for_its_table():
    table = seated_table(4)
    response = signed_in(table).get("/captain/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Serie 1 · Tisch 1" in page
    assert "Spiel 1 von 24" in page
    assert page.count('name="re"') == 4
    data = page_data(response)
    assert (data["table"], data["token"]) == (table.pk, table.captain_token())
    assert data["series"] == {
        "table_size": 4,
        "compulsory_solos": True,
        "normal_limit": 20,
        "deals_played": 0,
        "rotation_dealer": 1,
        "normal_played": 0,
        "compulsory_done": [],
        "bock": None,  # the DDV rules play no Bock rounds
        "bock_rounds": [],
        "bock_triggers": [],
        "tricks": 12,
    }


def test_a_wrong_link_or_no_sign_in_is_refused():
    assert Client().get("/captain/0123456789abcdef/").status_code == 403
    refused = Client().get("/captain/")
    assert refused.status_code == 403
    assert "Tisch-Link" in refused.content.decode()


def test_a_reissued_link_signs_the_old_phones_out():
    table = seated_table(4)
    phone = signed_in(table)
    reissue_captain_token(table, by=ORGA)
    assert phone.get("/captain/").status_code == 403
    assert phone.get("/captain/").status_code == 403  # and it stays signed out
    assert signed_in(table).get("/captain/").status_code == 200  # the new link works


def test_signing_out_forgets_the_table():
    table = seated_table(4)
    phone = signed_in(table)
    assert phone.post("/captain/sign-out/").status_code == 302
    assert phone.get("/captain/").status_code == 403


def test_the_live_part_holds_the_sheet_and_the_state():
    table = seated_table(5)
    record_deal(table, deal={**NORMAL, "re": [2, 4]}, by=CAPTAIN)
    response = signed_in(table).get("/captain/?part=live")
    page = response.content.decode()
    assert 'id="deal-form"' not in page
    assert 'data-deal="1"' in page
    assert "setzt aus: Spieler 2" in page  # deal 2: position 2 deals and sits out
    assert page_data(response)["deals"]["1"]["deal"]["re"] == [2, 4]


def test_a_closed_series_shows_the_sheet_without_the_form():
    table = seated_table(4, normal_deals=1, compulsory_solos=False)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    close_series(table.series, by=ORGA)
    page = signed_in(table).get("/captain/").content.decode()
    assert 'id="deal-form"' not in page
    assert "Diese Serie ist abgeschlossen" in page
    assert "data-correct" not in page


def test_the_page_speaks_english_when_asked():
    table = seated_table(4)
    phone = signed_in(table)
    response = phone.post("/i18n/setlang/", {"language": "en", "next": "/captain/"})
    assert response.url == "/captain/"
    page = phone.get("/captain/").content.decode()
    assert "Series 1 · table 1" in page
    assert '<html lang="en">' in page


def test_a_schafkopf_table_gets_the_schafkopf_form():
    table = seated_table(4, game="schafkopf")
    page = signed_in(table).get("/captain/").content.decode()
    assert 'name="declarer"' in page
    assert 'value="wenz"' in page
    assert 'name="re"' not in page


def test_a_quick_entry_evening_gets_the_quick_form():
    table = seated_table(4, entry_mode="value")
    response = signed_in(table).get("/captain/")
    page = response.content.decode()
    assert 'name="winners"' in page
    assert 'name="quick_value"' in page
    assert 'name="re"' not in page
    assert page_data(response)["entry"] == "value"
    points = seated_table(5, entry_mode="points", name="Punkte")
    page = signed_in(points).get("/captain/").content.decode()
    assert page.count("data-quick-points=") == 5
    assert "data-zero-sum" in page


def worker_precache(client) -> dict:
    response = client.get("/captain/sw.js")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"  # the browser looks for a new version
    first_line = response.content.decode().split("\n", 1)[0]
    assert first_line.startswith("self.KARLCHEN_PRECACHE = ")
    return json.loads(first_line.removeprefix("self.KARLCHEN_PRECACHE = ").rstrip(";"))


def test_the_service_worker_keeps_every_file_the_page_loads():
    table = seated_table(4)
    client = signed_in(table)
    page = client.get("/captain/").content.decode()
    loaded = set(re.findall(r'<(?:script|link)[^>]* (?:src|href)="(/static/[^"]+)"', page))
    assert "/static/karlchen/texts.js" in loaded
    assert "/static/karlchen/favicon.svg" in loaded
    assert "/static/captain/captain.css" in loaded
    assert set(worker_precache(client)["urls"]) == loaded


def test_the_service_worker_version_follows_the_files(tmp_path, settings):
    before = worker_precache(Client())["version"]
    assert worker_precache(Client())["version"] == before  # the same files, the same version
    # A deploy with a changed script: the worker's version (its cache's name) changes.
    changed = tmp_path / "captain" / "captain.js"
    changed.parent.mkdir()
    original = finders.find("captain/captain.js")
    changed.write_text(Path(original).read_text() + "\n// the next deploy\n")
    settings.STATICFILES_DIRS = [tmp_path]
    after = worker_precache(Client())["version"]
    assert after != before


def test_a_bock_round_shows_on_the_card_the_sheet_and_in_the_page_data():
    table = seated_table(4, rules={"bock_triggers": ["tie_120"]})
    record_deal(table, deal={**NORMAL, "re_points": 120}, by=CAPTAIN)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    phone = signed_in(table)
    phone.post("/i18n/setlang/", {"language": "en", "next": "/captain/"})
    response = phone.get("/captain/")
    page = response.content.decode()
    assert "Bock ×2 (3 left)" in page  # the card: deal 3 is Bock, 3 Bock deals to go
    assert "Bock ×2</small>" in page.replace(" · starts a Bock round", "")  # deal 2 on the sheet
    assert "starts a Bock round" in page  # deal 1
    data = page_data(response)
    assert data["series"]["bock"]["length"] == 4
    assert data["series"]["bock_rounds"] == [3]
    assert data["series"]["bock_triggers"] == ["tie_120"]
    assert data["deals"]["2"]["bock_factor"] == 2


def test_without_bock_rules_the_page_shows_no_bock():
    table = seated_table(4)
    record_deal(table, deal={**NORMAL, "re_points": 120}, by=CAPTAIN)
    response = signed_in(table).get("/captain/")
    assert "Bock" not in response.content.decode().split('id="captain-data"')[0]
    assert page_data(response)["series"]["bock"] is None
