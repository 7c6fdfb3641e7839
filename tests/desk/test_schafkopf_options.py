"""The set-up's Schafkopf options beside the tariff (RULES.md §2.2): the club games' prices that
follow the tariff while left empty, the colour games' Laufende minimum and whose highest trump
decides a Ramsch tie; each shown and explained, refused at its field when out of range."""

from __future__ import annotations

import pytest

from desk import rule_options
from rules import parse_rules, score_deal
from rules.schafkopf import FOLLOWING_PRICES, SchafkopfDeal
from tests.desk.test_views import DDV_FORM
from tournaments.models import RuleSet, Tournament

pytestmark = pytest.mark.django_db

SCHAFKOPF_FORM = {**DDV_FORM, "game": "schafkopf", "preset": "schafkopf"}
# internet-schafkopf.de's tariff: Rufspiel 20, Solo (Wenz) 50, Schneider, Schwarz, Laufende 10
SOURCE_TARIFF = {"rufer": 20, "wenz": 50, "solo": 50, "schneider": 10, "schwarz": 10}


def tariff_fields(tariff: dict[str, int]) -> dict[str, str]:
    return {f"sk_tariff_{name}": str(value) for name, value in tariff.items()}


def test_the_club_prices_stand_beside_the_tariff_and_say_what_they_follow(desk):
    page = desk.get("/desk/new/")
    names = page.context["form"].option_names("schafkopf")
    prices = [name for name in names if name.startswith("sk_tariff_")]
    assert names[: len(prices)] == prices  # the tariff and the club games' prices, together
    html = page.content.decode()
    assert "Leer: der Preis eines Solos." in html
    assert 'placeholder="wie ein Solo"' in html
    assert "Leer: der Preis eines Rufspiels." in html
    assert "Laufende im Farbwenz und Farbgeier zählen ab" in html
    assert "Ramsch: wessen höchster Trumpf" in html
    assert "der höchste Trumpf, den einer gespielt hat" in html
    fields = page.context["form"].fields
    for name in FOLLOWING_PRICES:
        assert fields[f"sk_tariff_{name}"].initial is None  # empty: it follows the tariff
    assert fields["sk_laufende_min_colour"].initial is None
    assert fields["sk_ramsch_highest_trump"].initial == "taken"


def test_a_club_tariff_leaves_the_following_prices_to_follow_it(desk):
    form = {**SCHAFKOPF_FORM, **tariff_fields({**SOURCE_TARIFF, "laufende": 10})}
    form |= {"sk_geier": "on", "sk_farbwenz": "on", "sk_hochzeit": "on"}
    form |= {f"sk_tariff_{name}": "" for name in FOLLOWING_PRICES}
    form |= {"sk_laufende_min_colour": ""}
    response = desk.post("/desk/new/", form)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "tariff": {**SOURCE_TARIFF, "laufende": 10},
        "geier": True,
        "farbwenz": True,
        "hochzeit": True,
    }
    rules = parse_rules("schafkopf", tournament.rules)
    geier = SchafkopfDeal("geier", declarer=1, declarer_points=70)
    assert score_deal(rules, geier).points[1] == 150  # a Solo's 50 from each of three


def test_a_named_club_price_and_the_new_choices_are_stored(desk):
    form = {**SCHAFKOPF_FORM, **tariff_fields({**SOURCE_TARIFF, "geier": 5, "hochzeit": 30})}
    form |= {"sk_geier": "on", "sk_laufende_min_colour": "2", "sk_ramsch": "on"}
    form |= {"sk_ramsch_tie": "trump", "sk_ramsch_highest_trump": "played"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "tariff": {**SOURCE_TARIFF, "geier": 5, "hochzeit": 30},
        "geier": True,
        "laufende_min_colour": 2,
        "ramsch": True,
        "ramsch_tie": "trump",
        "ramsch_highest_trump": "played",
    }
    fields = desk.get(f"/desk/{tournament.pk}/setup/").context["form"].fields
    assert (fields["sk_tariff_geier"].initial, fields["sk_tariff_farbwenz"].initial) == (5, None)
    assert fields["sk_laufende_min_colour"].initial == 2
    assert fields["sk_ramsch_highest_trump"].initial == "played"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("sk_tariff_solo", "0", "Dieser Wert muss größer oder gleich 1 sein."),
        ("sk_tariff_geier", "0", "Dieser Wert muss größer oder gleich 1 sein."),
        ("sk_tariff_rufer", "1001", "Dieser Wert muss kleiner oder gleich 1000 sein."),
        ("sk_laufende_min_colour", "9", "Dieser Wert muss kleiner oder gleich 8 sein."),
        (
            "sk_ramsch_highest_trump",
            "held",
            "Bitte eine gültige Auswahl treffen. held ist keine gültige Auswahl.",
        ),
    ],
)
def test_an_option_out_of_range_is_refused_at_its_field(desk, field, value, message):
    response = desk.post("/desk/new/", {**SCHAFKOPF_FORM, field: value})
    assert response.status_code == 400
    errors = response.context["form"].errors[field]
    assert len(errors) == 1
    assert errors == [message]
    assert not Tournament.objects.exists()


def test_a_saved_club_rule_set_keeps_its_named_prices(desk):
    saved = RuleSet.objects.create(
        name="Stammtisch",
        game="schafkopf",
        rules={"tariff": {"rufer": 20, "solo": 50, "geier": 5}, "geier": True},
    )
    values = desk.get("/desk/new/").context["presets"][str(saved.pk)]["schafkopf"]
    assert (values["tariff_solo"], values["tariff_geier"], values["tariff_farbwenz"]) == (
        50,
        5,
        None,
    )
    assert rule_options.form_values("schafkopf", saved.rules)["tariff_hochzeit"] is None
