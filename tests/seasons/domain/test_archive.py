"""A season's archive: its set-up, evenings (tournament archives) and final, round-tripped."""

import json

import pytest
from django.core.cache import cache

from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from karlchen.actors import Actor
from karlchen.refusals import Refused
from people.models import Player
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.domain.final import create_final
from seasons.domain.seasons import add_evening
from seasons.domain.standings import season_ranking
from seasons.models import Season, SeasonAction, SeasonEvening, individual_cup
from tests.factories.seasons import cup_of_eight, season_with_evenings
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def without_times(archive: dict) -> dict:
    """The archive without the moments of its export (the season's and each tournament's)."""
    text = json.dumps(archive)
    data = json.loads(text)
    data.pop("exported_at")
    for evening in data["evenings"]:
        evening["tournament"].pop("exported_at")
    if data["final"]:
        data["final"]["tournament"].pop("exported_at")
    return data


def ranking_figures(season) -> list[tuple]:
    return [
        (row["rank"], row["player"]["name"], row["score"], row["evenings_played"], row["qualified"])
        for row in season_ranking(season, public=False).rows
    ]


def test_a_season_survives_its_archive_with_evenings_ranking_rule_and_final():
    season, _ranked = cup_of_eight(cup_places=4, ranking_rule={"preset": "placement"})
    more, _entries = tournament_with_players(4, name="Pokalrunde 2")
    add_evening(season, more, by=ORGA, ranking_tournament=True)
    season.refresh_from_db()
    create_final(season, by=ORGA)
    season.refresh_from_db()
    archive = json.loads(json.dumps(export_season_archive(season)))  # as a file carries it
    assert archive["format"] == "karlchen-season"
    assert [row["ranking_tournament"] for row in archive["evenings"]] == [False, True]
    players, tournaments = Player.objects.count(), Tournament.objects.count()

    copy = import_season_archive(archive, by=Actor.of_user(organiser("zweite")))
    assert copy.pk != season.pk
    assert (copy.ranking_rule, copy.individual_cup.places, copy.name) == (
        {"preset": "placement"},
        4,
        "Pokal 2026",
    )
    assert list(copy.organisers.values_list("username", flat=True)) == ["zweite"]
    assert Tournament.objects.count() == tournaments + 3  # two evenings and the final
    assert Player.objects.count() == players + 8 + 4  # one person across the evenings
    assert ranking_figures(copy) == ranking_figures(season)
    assert copy.individual_cup.final is not None
    assert copy.individual_cup.final.pk != season.individual_cup.final.pk
    assert [seed["seed"] for seed in copy.individual_cup.seeds] == [1, 2, 3, 4]
    entered = copy.individual_cup.final.entries.order_by("start_number").values_list(
        "player_id", flat=True
    )
    assert [seed["player"] for seed in copy.individual_cup.seeds] == list(entered)
    assert not SeasonEvening.objects.filter(tournament=copy.individual_cup.final).exists()
    assert without_times(export_season_archive(copy)) == without_times(archive)
    assert SeasonAction.objects.get(season=copy).action == "season_archive_imported"


def test_a_season_without_a_final_or_evenings_round_trips():
    season, _tables, _players = season_with_evenings(0, name="Leer", is_public=False)
    copy = import_season_archive(json.loads(json.dumps(export_season_archive(season))), by=ORGA)
    assert (copy.name, copy.is_public, individual_cup(copy), copy.evenings.count()) == (
        "Leer",
        False,
        None,
        0,
    )


def refusal_of(archive) -> list[tuple[str, str]]:
    seasons, tournaments = Season.objects.count(), Tournament.objects.count()
    with pytest.raises(Refused) as refusal:
        import_season_archive(archive, by=ORGA)
    assert (Season.objects.count(), Tournament.objects.count()) == (seasons, tournaments)
    return [(problem.field, problem.code) for problem in refusal.value.problems]


def test_a_broken_archive_is_refused_whole_naming_each_place():
    season, _tables, _players = season_with_evenings(2)
    archive = json.loads(json.dumps(export_season_archive(season)))
    assert refusal_of({"format": "karlchen-tournament"}) == [("archive", "season_archive_invalid")]
    assert refusal_of({**archive, "version": 2}) == [("archive", "archive_version")]
    broken = json.loads(json.dumps(archive))
    broken["season"]["ranking_rule"] = {"best": 0}
    broken["season"]["is_public"] = "yes"
    broken["evenings"][0]["colour"] = "red"
    broken["final"] = {"tournament": {}, "seeds": [{"seed": 0}]}
    assert refusal_of(broken) == [
        ("season.is_public", "archive_type"),
        ("evenings.0.colour", "archive_unknown_field"),
        ("final.seeds.0.player", "archive_required"),
        ("final.seeds.0.rank", "archive_required"),
        ("final.seeds.0.score", "archive_required"),
        ("final.seeds.0.seed", "archive_type"),
    ]
    broken = json.loads(json.dumps(archive))
    broken["season"]["ranking_rule"] = {"best": 0}
    assert refusal_of(broken) == [("season.ranking_rule.best", "invalid_option")]
    broken = json.loads(json.dumps(archive))
    broken["evenings"][1]["tournament"]["series"][0]["tables"][0]["deals"][0]["kind"] = "solo"
    (field, _code), *_rest = refusal_of(broken)
    assert field.startswith("evenings.1.tournament.series.0.tables.0.deals.0")
    broken = json.loads(json.dumps(archive))
    broken["season"]["name"] = "x" * 200
    assert refusal_of(broken) == [("season", "season_archive_invalid")]


def test_the_entry_mode_survives_the_archive_and_an_archive_without_it_reads_as_full():
    season, _tables, _players = season_with_evenings(0, name="Zettel")
    season.entry_mode = "points"
    season.save(update_fields=["entry_mode"])
    archive = json.loads(json.dumps(export_season_archive(season)))
    assert archive["season"]["entry_mode"] == "points"
    assert import_season_archive(archive, by=ORGA).entry_mode == "points"
    del archive["season"]["entry_mode"]
    assert import_season_archive(archive, by=ORGA).entry_mode == "full"
    archive["season"]["entry_mode"] = "cards"
    assert refusal_of(archive) == [("season.entry_mode", "archive_choice")]


def test_an_archive_never_puts_a_season_into_the_club_it_names():
    """Anyone may import an archive: the club named in it (another club's, say) is where it
    was, never where the copy goes; the importer chooses one of their own, or none."""
    theirs = Club.objects.create(name="Pik Dame Köln")
    season, _tables, _players = season_with_evenings(2, club=theirs)
    archive = json.loads(json.dumps(export_season_archive(season)))
    assert archive["season"]["club"] == "Pik Dame Köln"
    stranger = Actor.of_user(organiser("fremd"))

    copy = import_season_archive(archive, by=stranger)
    assert copy.club is None
    evenings = Tournament.objects.filter(season_evenings__season=copy)
    assert evenings.count() == 2
    assert set(evenings.values_list("club", flat=True)) == {None}

    mine = Club.objects.create(name="Kreuz Bube")
    ClubRole.objects.create(club=mine, user=stranger.user, role=ClubRoleKind.ORGANISER)
    placed = import_season_archive(archive, by=stranger, club=mine)
    assert placed.club == mine
    assert set(
        Tournament.objects.filter(season_evenings__season=placed).values_list("club", flat=True)
    ) == {mine.pk}
    assert Season.objects.filter(club=theirs).count() == 1  # only the original
