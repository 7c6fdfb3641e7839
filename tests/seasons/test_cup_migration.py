"""The migration that gives a season's individual cup a row of its own moves each season's
qualifying places, final and seeding there and back, and nothing else: a season with places or a
final gets a cup (a final without places as many places as seeds, at least one), a season with
neither gets none."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories.tournaments import tournament_with_players
from tests.migrations.executor import StateKeepingExecutor, forget_states

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("seasons", "0009_log_about_evening")
AFTER = ("seasons", "0010_individual_cup")
SEEDS = [
    {"seed": 1, "player": 11, "rank": 1, "score": 12.5},
    {"seed": 2, "player": 12, "rank": 2, "score": 7},
    {"seed": 3, "player": 13, "rank": 2, "score": 7},
]


def migrate(target: tuple[str, str] | None = None):
    """Migrate the seasons to ``target`` (or every app to its latest); the models as they are
    there."""
    executor = StateKeepingExecutor(connection)
    targets = [target] if target else executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    ContentType.objects.clear_cache()
    return MigrationExecutor(connection).loader.project_state(targets).apps


def test_places_final_and_seeds_move_to_the_cup_and_back():
    finals = [tournament_with_players(0, name=f"Finale {n}")[0].pk for n in range(3)]
    try:
        old = migrate(BEFORE)
        Season = old.get_model("seasons", "Season")
        made = {
            "cup with final": Season.objects.create(
                name="A", cup_places=4, final_id=finals[0], final_seeds=SEEDS[:2]
            ),
            "final, places gone": Season.objects.create(
                name="B", final_id=finals[1], final_seeds=SEEDS
            ),
            "final, no seeds": Season.objects.create(name="C", final_id=finals[2]),
            "cup, no final yet": Season.objects.create(name="D", cup_places=8),
            "no cup": Season.objects.create(name="E", final_seeds=SEEDS),
        }
        seasons = {case: season.pk for case, season in made.items()}

        new = migrate(AFTER)
        IndividualCup = new.get_model("seasons", "IndividualCup")
        cups = {
            cup.season_id: (cup.places, cup.final_id, cup.seeds)
            for cup in IndividualCup.objects.all()
        }
        assert cups == {
            seasons["cup with final"]: (4, finals[0], SEEDS[:2]),
            seasons["final, places gone"]: (3, finals[1], SEEDS),
            seasons["final, no seeds"]: (1, finals[2], []),
            seasons["cup, no final yet"]: (8, None, []),
        }
        names = new.get_model("seasons", "Season").objects.values_list("name", flat=True)
        assert sorted(names) == ["A", "B", "C", "D", "E"]

        back = migrate(BEFORE)
        rows = back.get_model("seasons", "Season").objects.values_list(
            "pk", "cup_places", "final_id", "final_seeds"
        )
        assert {pk: rest for pk, *rest in rows} == {
            seasons["cup with final"]: [4, finals[0], SEEDS[:2]],
            seasons["final, places gone"]: [3, finals[1], SEEDS],  # the places it was given
            seasons["final, no seeds"]: [1, finals[2], []],
            seasons["cup, no final yet"]: [8, None, []],
            seasons["no cup"]: [None, None, []],  # seeds of no cup and no final are not kept
        }
    finally:
        migrate()  # whatever failed: the schema the other tests expect
        forget_states()
