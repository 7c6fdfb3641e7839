"""A season's regulars named at the desk with the known-people picker, in a real browser: typed,
picked from the list by keyboard (the form sends the person's id), named, removed again; a name
typed but not picked is refused at the field. No serious or critical accessibility violation
(axe-core). The next evening then enters the named regular."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from seasons.domain.seasons import create_season, new_evening
from seasons.models import SeasonRegular
from tests.browser.axe import described, violations
from tests.browser.test_person_pick import desk, evenings  # noqa: F401 (the desk fixture)
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_regular_is_picked_by_id_named_and_removed(desk, screenshot):  # noqa: F811
    _tonight, (_elder, _younger, kathe, _anna) = evenings()
    season = create_season(by=ORGA, name="Donnerstagsrunde")
    season.organisers.add(get_user_model().objects.get(username="leitung"))
    found = {}
    desk.goto(f"/desk/seasons/{season.pk}/")
    regulars = desk.locator("#regulars")
    expect(regulars).to_contain_text("Noch keine Stammspieler benannt.")
    name = regulars.get_by_role("combobox", name="Stammspieler")
    # typed, not picked: refused at the field, nobody named
    name.fill("Niemand Bekanntes")
    regulars.get_by_role("button", name="Als Stammspieler benennen").click()
    expect(desk.locator("#regulars .error")).to_have_text(
        "Wählen Sie eine bekannte Person aus der Liste, die beim Tippen erscheint."
    )
    assert not SeasonRegular.objects.exists()
    found["refused"] = violations(desk)
    # picked by keyboard: the form sends her id
    name = desk.locator("#regulars").get_by_role("combobox", name="Stammspieler")
    name.fill("")
    name.focus()
    desk.keyboard.type("käthe")
    options = desk.locator("#regulars").get_by_role("listbox", name="Bekannte Personen")
    expect(options.get_by_role("option")).to_have_count(1)
    desk.keyboard.press("ArrowDown")
    found["list open"] = violations(desk)
    desk.keyboard.press("Enter")  # picks
    expect(name).to_have_value("Käthe Kühn")
    assert desk.locator("#regulars input[name=regular-player]").input_value() == str(kathe.pk)
    desk.keyboard.press("Enter")  # saves
    expect(desk.locator(".message.success")).to_contain_text("Käthe Kühn")
    expect(desk.locator("#regulars li")).to_have_count(1)
    expect(desk.locator("#regulars li")).to_contain_text("Käthe Kühn")
    assert list(SeasonRegular.objects.values_list("player", flat=True)) == [kathe.pk]
    screenshot(desk.locator("#regulars"), "desk-season-regulars")
    evening = new_evening(season, by=ORGA)
    assert [entry.player_id for entry in evening.entries.all()] == [kathe.pk]
    # removed again
    desk.locator("#regulars").get_by_role(
        "button", name="Käthe Kühn: kein Stammspieler mehr"
    ).click()
    expect(desk.locator(".message.success")).to_contain_text("Käthe Kühn")
    expect(desk.locator("#regulars li")).to_have_count(0)
    assert not SeasonRegular.objects.exists()
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
