"""The desk's team cups: set one up from lines of text, start rounds and pairings, mark
results final with a decider, place a tied group, the bracket printed, the archive; a cup
of eight end to end from the desk with a correction in a group round reseeding it."""

import html

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.domain.squads import add_to_squad
from competitions.models import Entrant, Fixture, SquadMember
from cups.domain.cups import start_group_round
from cups.models import Cup
from desk.cup_forms import CupForm
from people.models import Player
from scoring.domain.deals import correct_deal
from seasons.models import SeasonAction
from teams.domain.teams import team_roster
from teams.models import Team
from tests.cups.conftest import (  # noqa: F401
    GROUPS,
    _writes_commit_at_once,
    make_cup,
    play_match,
)
from tests.factories.documents import pdf_pages
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tests.scoring.domain.conftest import normal
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

TEAMS = """Gruppe A
Asse (Herz As): Asse 1, Asse 2
Buben: Buben 1, Buben 2
Damen: Damen 1, Damen 2
Könige: Könige 1, Könige 2

Gruppe B
Zehnen: Zehnen 1, Zehnen 2
Neunen: Neunen 1, Neunen 2
Füchse: Füchse 1, Füchse 2
Karlchen: Karlchen 1, Karlchen 2
"""


@pytest.fixture
def desk():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    return client


def form_fields(**fields):
    return {
        "name": "Pokal 2026",
        "game": "doppelkopf",
        "group_rounds": "2",
        "qualify": "2",
        "ties": "seed",
        "avoid_group_mates": "on",
        "series_count": "1",
        "is_public": "on",
        "teams": TEAMS,
    } | fields


def page(desk, cup):
    cache.clear()  # the test never commits: the writes' turnover of the cache does not run
    return desk.get(f"/desk/cups/{cup.pk}/").content.decode()


def post(desk, cup, **data):
    return desk.post(f"/desk/cups/{cup.pk}/", data)


def test_set_up_a_cup_from_lines_of_text(desk):
    assert desk.get("/desk/cups/").status_code == 200
    answer = desk.post("/desk/cups/", form_fields())
    cup = Cup.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/desk/cups/{cup.pk}/"
    assert cup.rule == {"group_rounds": 2, "qualify": 2, "ties": "seed", "avoid_group_mates": True}
    assert cup.season.series_count == 1
    assert [g.name for g in cup.groups.all()] == ["Gruppe A", "Gruppe B"]
    asse = Entrant.objects.get(name="Asse")
    assert asse.club_name == "Herz As"
    assert [p.player.name for p in asse.players.all()] == ["Asse 1", "Asse 2"]
    assert "Pokal 2026" in desk.get("/desk/cups/").content.decode()


def test_a_refused_cup_names_its_problems_and_makes_nothing(desk):
    teams = TEAMS.replace("Buben: Buben 1", "Asse: Buben 1")
    answer = desk.post("/desk/cups/", form_fields(teams=teams, qualify="0"))
    assert answer.status_code == 400
    assert not Cup.objects.exists()
    answer = desk.post("/desk/cups/", form_fields(teams=teams))
    assert answer.status_code == 400
    assert "A team named “Asse” plays in this cup already." in answer.content.decode()
    answer = desk.post("/desk/cups/", form_fields(teams="Asse: A 1"))
    assert "Start with a group&#x27;s name" in answer.content.decode()


def test_only_the_cup_s_organisers_use_its_page(desk):
    cup = make_cup()
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("fremd"))
    assert stranger.get(f"/desk/cups/{cup.pk}/").status_code == 403
    assert Client().get(f"/desk/cups/{cup.pk}/").status_code == 302  # to the sign-in
    assert desk.get(f"/desk/cups/{cup.pk}/").status_code == 200
    assert post(desk, cup, action="nonsense").status_code == 400
    assert post(desk, cup, action="final", match="x").status_code == 400


def test_a_cup_end_to_end_from_the_desk(desk):
    desk.post("/desk/cups/", form_fields())
    cup = Cup.objects.get()
    wins = {
        1: {
            "Gruppe A": {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0},
            "Gruppe B": {"Zehnen": 3, "Neunen": 0, "Füchse": 0, "Karlchen": 1},
        },
        2: {
            "Gruppe A": {"Asse": 1, "Damen": 0, "Buben": 0, "Könige": 2},
            "Gruppe B": {"Zehnen": 1, "Karlchen": 0, "Neunen": 1, "Füchse": 0},
        },
    }
    tables = {}
    for number in (1, 2):
        answer = post(desk, cup, action="round", number=str(number), date="2026-12-05")
        assert answer.status_code == 302
        for match in Fixture.objects.filter(competition=cup, round=number, group__isnull=False):
            tables[number, match.group.name] = play_match(match, wins[number][match.group.name])
            assert post(desk, cup, action="final", match=str(match.pk)).status_code == 302
    text = page(desk, cup)
    assert "Draw the knock-out and start its first pairings" in text

    # the correction: group A's round 2 taken back, a deal corrected, final again
    round_two = Fixture.objects.get(competition=cup, group__name="Gruppe A", round=2)
    assert post(desk, cup, action="reopen", match=str(round_two.pk)).status_code == 400
    assert Fixture.objects.get(pk=round_two.pk).final  # reopening needs a reason
    post(desk, cup, action="reopen", match=str(round_two.pk), reason="Zettel")
    assert "provisional" in page(desk, cup)
    correct_deal(
        tables[2, "Gruppe A"][1], 1, deal=normal([1, 2], 131), version=1, reason="x", by=ORGA
    )
    post(desk, cup, action="final", match=str(round_two.pk))

    assert post(desk, cup, action="pairings").status_code == 302
    semis = list(Fixture.objects.filter(competition=cup, group__isnull=True).order_by("position"))
    assert [{s.entrant.name for s in m.sides.all()} for m in semis] == [
        {"Zehnen", "Damen"},
        {"Asse", "Karlchen"},
    ]
    for match in semis:
        names = [s.entrant.name for s in match.sides.all()]
        play_match(match, {names[0]: 0, names[1]: 1})
        post(desk, cup, action="final", match=str(match.pk))
    post(desk, cup, action="pairings")
    final = Fixture.objects.get(competition=cup, round=2, group__isnull=True)
    answer = post(
        desk, cup, action="final", match=str(final.pk), winner=str(final.sides.first().entrant_id)
    )
    assert answer.status_code == 400  # 0 to 0 is the better seed's: no decider
    assert "needs no decider" in answer.content.decode()
    assert post(desk, cup, action="final", match=str(final.pk)).status_code == 302
    text = page(desk, cup)
    assert "Cup winner: " in text
    assert "Start this group round" not in text  # drawn: the group stage is closed

    pdf = desk.get(f"/desk/cups/{cup.pk}/print/")
    assert pdf["Content-Type"] == "application/pdf"
    (printed,) = pdf_pages(pdf.content)
    assert "Pokal 2026" in printed
    assert "Semi-finals" in printed
    assert "Cup winner:" in printed
    assert "Group Gruppe A" in printed

    archive = desk.get(f"/desk/cups/{cup.pk}/archive/")
    assert archive["Content-Disposition"] == 'attachment; filename="pokal-2026-archive.json"'
    upload = SimpleUploadedFile("cup.json", archive.content, content_type="application/json")
    answer = desk.post("/desk/cups/import/", {"file": upload})
    assert answer.status_code == 302
    assert Cup.objects.count() == 2


def test_a_tied_group_is_placed_at_the_desk(desk):
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1})
    post(desk, cup, action="round", number="1")
    for match in Fixture.objects.filter(competition=cup):
        play_match(match, dict.fromkeys(GROUPS[match.group.name], 1))  # every team 0
        post(desk, cup, action="final", match=str(match.pk))
    text = page(desk, cup)
    assert "Tied qualifying lines" in text
    for group in cup.groups.all():
        order = [str(pk) for pk in group.teams.order_by("-pk").values_list("pk", flat=True)]
        assert post(desk, cup, action="place", group=str(group.pk), order=order).status_code == 302
    text = page(desk, cup)
    assert "Tied qualifying lines" not in text
    assert "Könige" in text


NAME = (
    st.text(
        alphabet=st.characters(
            whitelist_categories=("L", "N"), whitelist_characters=" -.'", max_codepoint=0x17F
        ),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            NAME,
            st.lists(
                st.tuples(
                    NAME, st.one_of(st.just(""), NAME), st.lists(NAME, min_size=1, max_size=5)
                ),
                min_size=1,
                max_size=5,
            ),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_the_desk_reads_back_any_groups_written_as_lines(groups):
    lines = []
    for group, teams in groups:
        lines.append(group)
        for name, club, players in teams:
            head = f"{name} ({club})" if club else name
            lines.append(f"{head}: {', '.join(players)}")
        lines.append("")
    form = CupForm(form_fields(teams="\n".join(lines)))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["teams"] == [
        {
            "name": group,
            "teams": [
                {"name": name, "club": club, "players": players} for name, club, players in teams
            ],
        }
        for group, teams in groups
    ]


def test_a_cup_s_players_picked_into_its_squads_after_set_up(desk):
    """Teams set up without players; a round refused while a team has no regular, naming it;
    the players picked from the people the organiser knows (a substitute too); then the round
    enters the regulars only."""
    lines = "Gruppe A\nAsse (Herz As):\nBuben:\n"
    answer = desk.post("/desk/cups/", form_fields(teams=lines, group_rounds="1"))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    cup = Cup.objects.get()
    assert not SquadMember.objects.exists()
    assert "/squads/" in page(desk, cup)
    answer = post(desk, cup, action="round", number="1")
    assert answer.status_code == 400
    assert "“Asse” has no regular in its squad yet" in answer.content.decode().replace(
        "&ldquo;", "“"
    ).replace("&rdquo;", "”")
    assert not Fixture.objects.exists()
    club_evening, entries = tournament_with_players(5, name="Clubabend")
    club_evening.organisers.add(organiser())
    people = [entry.player for entry in entries]
    for team, chosen in (("Asse", people[:3]), ("Buben", people[3:])):
        url = f"/desk/seasons/{cup.season.pk}/squads/{Entrant.objects.get(name=team).pk}/"
        for index, person in enumerate(chosen):
            data = {"action": "add", "name": person.name, "player": person.pk}
            answer = desk.post(url, data | {"substitute": "1" if index == 2 else ""})
            assert answer.status_code == 302, answer.content.decode()[:2000]
    assert post(desk, cup, action="round", number="1").status_code == 302
    tournament = Fixture.objects.get().evening.tournament
    entered = set(tournament.entries.values_list("player_id", flat=True))
    assert entered == {people[0].pk, people[1].pk, people[3].pk, people[4].pk}


def test_a_cup_match_s_page_swaps_a_substitute_in_as_a_match_day_does(desk):
    """The cup's list links each tournament's line-ups; there a substitute of the squad comes
    in for a regular ("Out"/"In"), the same swap pressed again is refused at its field; a team
    of another tournament is not found there."""
    cup = make_cup()
    asse = Entrant.objects.get(competition=cup, name="Asse")
    add_to_squad(asse, by=ORGA, player=Player.objects.create(name="Asse Ersatz"), substitute=True)
    match, _other = start_group_round(cup, by=ORGA, number=1)
    url = f"/desk/cups/{cup.pk}/matches/{match.pk}/"
    assert url in page(desk, cup)
    shown = html.unescape(desk.get(url).content.decode())
    assert shown.count('class="swap"') == 1  # only Asse has someone on the bench
    assert "Asse 1" in shown
    assert "Buben 2" in shown
    side = match.sides.get(entrant=asse)
    out = Player.objects.get(name="Asse 1")
    sub = Player.objects.get(name="Asse Ersatz")
    swap = {
        "action": "swap",
        "team": asse.pk,
        f"s{asse.pk}-out": out.pk,
        f"s{asse.pk}-replacement": sub.pk,
    }
    answer = desk.post(url, swap)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    tournament = match.evening.tournament
    assert Entry.objects.get(tournament=tournament, player=out).withdrawn
    entered = Entry.objects.get(tournament=tournament, player=sub)
    assert team_roster(Team.objects.get(pk=side.team_id)).substitutes == (entered.pk,)
    assert "Asse Ersatz plays for Asse instead of Asse 1." in html.unescape(
        desk.get(url).content.decode()
    )
    assert SeasonAction.objects.filter(action="cup_player_swapped").count() == 1
    answer = desk.post(url, swap)  # pressed again: Asse 1 plays no more
    assert answer.status_code == 400
    assert "This player does not play for the team any more" in html.unescape(
        answer.content.decode()
    )
    other = Fixture.objects.exclude(pk=match.pk).get()
    answer = desk.post(url.replace(str(match.pk), str(other.pk)), swap)
    assert answer.status_code == 404  # Asse does not play in group B's tournament
