"""Seasons: set-up, evenings in and out, the next evening with the regulars, the logs."""

import datetime

import pytest

from clubs.models import Association
from karlchen.refusals import Refused
from seasons.domain.seasons import (
    add_evening,
    create_season,
    home_evening,
    new_evening,
    next_evening_date,
    open_for_season,
    remove_evening,
    season_regulars,
    update_season,
)
from seasons.models import SeasonAction, SeasonEvening
from tests.factories.seasons import FIRST_EVENING, season_with_evenings
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.domain.entries import withdraw
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db


def test_create_season_makes_the_acting_user_an_organiser_and_logs_it():
    user = organiser("vorstand")
    from karlchen.actors import Actor

    season = create_season(by=Actor.of_user(user), name="Vereinsmeisterschaft", ranking_rule={})
    assert list(season.organisers.all()) == [user]
    assert season.rule.aggregate == "total"
    assert SeasonAction.objects.get(season=season).action == "season_created"


def test_a_bad_ranking_rule_or_rule_set_is_refused_naming_each_option():
    with pytest.raises(Refused) as refusal:
        create_season(by=ORGA, name="X", ranking_rule={"preset": "ddv", "best": 0})
    assert [(p.field, p.code) for p in refusal.value.problems] == [
        ("ranking_rule.best", "invalid_option")
    ]
    with pytest.raises(Refused) as refusal:
        create_season(by=ORGA, name="X", rules={"colour": "red"})
    assert refusal.value.field.startswith("rules")


def test_update_season_logs_what_changed():
    season = create_season(by=ORGA, name="X")
    update_season(season, by=ORGA, ranking_rule={"preset": "average"}, name="X")
    entry = SeasonAction.objects.filter(season=season).first()
    assert (entry.action, entry.details) == ("season_changed", {"fields": ["ranking_rule"]})
    with pytest.raises(Refused):
        update_season(season, by=ORGA, ranking_rule={"unit": "week"})


def test_an_evening_belongs_to_one_club_season_of_its_game():
    first, second = create_season(by=ORGA, name="A"), create_season(by=ORGA, name="B")
    tournament, _ = tournament_with_players(4)
    add_evening(first, tournament, by=ORGA, ranking_tournament=True)
    assert SeasonEvening.objects.get(tournament=tournament).ranking_tournament
    add_evening(first, tournament, by=ORGA)  # again: only the flag changes
    assert not SeasonEvening.objects.get(tournament=tournament).ranking_tournament
    with pytest.raises(Refused) as refusal:
        add_evening(second, tournament, by=ORGA)
    assert (refusal.value.code, refusal.value.params) == (
        "evening_in_other_season",
        {"season": "A"},
    )
    schafkopf, _ = tournament_with_players(4, game="schafkopf")
    with pytest.raises(Refused) as refusal:
        add_evening(first, schafkopf, by=ORGA)
    assert refusal.value.code == "season_game_differs"
    logged = tournament.season_actions.filter(action="season_evening_added")
    assert logged.first().details == {"ranking": False, "name": tournament.name, "season": "A"}


def test_an_associations_lists_take_a_club_evening_besides_its_club_season():
    club_season = create_season(by=ORGA, name="Vereinsmeisterschaft")
    other_club_season = create_season(by=ORGA, name="Pokal")
    northern = Association.objects.create(name="Nord")
    ranking_list = create_season(by=ORGA, name="Rangliste Nord", association=northern)
    league = create_season(by=ORGA, name="Liga Nord", association=northern)
    tournament, _ = tournament_with_players(4)
    add_evening(club_season, tournament, by=ORGA)
    add_evening(ranking_list, tournament, by=ORGA, ranking_tournament=True)
    add_evening(league, tournament, by=ORGA)
    add_evening(ranking_list, tournament, by=ORGA, ranking_tournament=True)  # again: no second
    assert set(
        SeasonEvening.objects.filter(tournament=tournament).values_list(
            "season__name", "ranking_tournament"
        )
    ) == {
        ("Vereinsmeisterschaft", False),
        ("Rangliste Nord", True),
        ("Liga Nord", False),
    }
    with pytest.raises(Refused) as refusal:
        add_evening(other_club_season, tournament, by=ORGA)
    assert refusal.value.params == {"season": "Vereinsmeisterschaft"}
    assert home_evening(tournament).season == club_season
    everyone = Tournament.objects.all()
    assert tournament not in open_for_season(other_club_season, everyone)
    assert tournament not in open_for_season(ranking_list, everyone)
    later_list = create_season(by=ORGA, name="Rangliste Süd", association=northern)
    assert tournament in open_for_season(later_list, everyone)
    remove_evening(club_season, tournament, by=ORGA)
    assert tournament in open_for_season(other_club_season, everyone)
    assert SeasonEvening.objects.filter(tournament=tournament).count() == 2


def test_remove_evening():
    season, tables, _players = season_with_evenings(2)
    tournament = tables[0].series.tournament
    remove_evening(season, tournament, by=ORGA)
    assert not SeasonEvening.objects.filter(tournament=tournament).exists()
    with pytest.raises(Refused) as refusal:
        remove_evening(season, tournament, by=ORGA)
    assert refusal.value.code == "not_an_evening"
    assert SeasonAction.objects.filter(action="season_evening_removed").count() == 1


def test_new_evening_prefills_date_rules_organisers_and_the_regulars():
    season, tables, players = season_with_evenings(3, series_count=2, normal_deals=8)
    last = tables[-1].series.tournament
    withdraw(last.entries.get(player=players[3]), by=ORGA)  # only at 1 of the last 3: still 2
    evening = new_evening(season, by=ORGA, date=datetime.date(2026, 2, 1))
    assert evening.date == datetime.date(2026, 2, 1)
    assert (evening.series_count, evening.normal_deals, evening.game) == (2, 8, "doppelkopf")
    assert evening.series.count() == 2
    assert evening.name == "Jahreswertung 2026 01.02.2026"
    assert set(evening.organisers.all()) >= set(season.organisers.all())
    assert [entry.player for entry in evening.entries.order_by("start_number")] == sorted(
        players, key=lambda player: player.name
    )
    assert SeasonEvening.objects.get(tournament=evening).season == season
    assert evening.season_actions.filter(action="season_evening_started").count() == 1
    assert not OrganiserAction.objects.filter(action="season_evening_started").exists()


def test_regulars_are_those_at_two_of_the_last_three_evenings():
    season, tables, players = season_with_evenings(3)
    for table in tables[1:]:
        withdraw(table.series.tournament.entries.get(player=players[0]), by=ORGA)
    assert players[0] not in season_regulars(season)
    assert len(season_regulars(season)) == 3


def test_the_next_evening_is_a_week_after_the_last_but_not_in_the_past():
    season, _tables, _players = season_with_evenings(2)
    last = FIRST_EVENING + datetime.timedelta(weeks=1)
    assert next_evening_date(season, today=FIRST_EVENING) == last + datetime.timedelta(days=7)
    assert next_evening_date(season, today=datetime.date(2027, 1, 1)) == datetime.date(2027, 1, 1)
    empty = create_season(by=ORGA, name="Leer")
    assert next_evening_date(empty, today=FIRST_EVENING) == FIRST_EVENING
    assert new_evening(empty, by=ORGA).entries.count() == 0
