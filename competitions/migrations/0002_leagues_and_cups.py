"""Every league and team cup becomes a competition of its kind, rows copied as they are.

A cup's rows keep their ids (its id, its groups', teams' and matches' are in the API's paths
and in its stored placings and draw). A league's rows come after the cups' (each table's ids
shifted past the cups' highest, in their old order), its divisions and teams keeping the ids
clubs know as their ``shown_id``. Every id sequence is then set after its table's highest id,
so a new row's id is above every id shown before. The old tables stay until the apps stop
reading them (a later migration removes them).
"""

from django.core.management.color import no_style
from django.db import migrations


def copy_forward(apps, schema_editor):
    connection = schema_editor.connection
    table = {
        name: apps.get_model(*name.split("."))._meta.db_table
        for name in [
            "leagues.League",
            "leagues.Division",
            "leagues.LeagueTeam",
            "leagues.MatchDay",
            "leagues.MatchDayTeam",
            "cups.Cup",
            "cups.CupGroup",
            "cups.CupTeam",
            "cups.CupPlayer",
            "cups.CupMatch",
            "cups.CupMatchTeam",
        ]
    }
    new = [
        apps.get_model("competitions", name)
        for name in ["Competition", "Group", "Entrant", "SquadMember", "Fixture", "FixtureTeam"]
    ]
    competition, group, entrant, squad, fixture, side = (m._meta.db_table for m in new)

    with connection.cursor() as cursor:

        def highest(name: str) -> int:
            cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table[name]}")  # noqa: S608
            return int(cursor.fetchone()[0])

        c, g, e = highest("cups.Cup"), highest("cups.CupGroup"), highest("cups.CupTeam")
        f, t = highest("cups.CupMatch"), highest("cups.CupMatchTeam")
        statements = [
            # The cups, ids kept.
            f"""INSERT INTO {competition}
                (id, season_id, kind, rule, placings, seeds, drawn_at, created_at)
                SELECT id, season_id, 'cup', rule, placings, seeds, drawn_at, created_at
                FROM {table["cups.Cup"]}""",
            f"""INSERT INTO {group} (id, competition_id, name, position, rule, shown_id)
                SELECT id, cup_id, name, position, '{{}}', NULL FROM {table["cups.CupGroup"]}""",
            f"""INSERT INTO {entrant}
                (id, competition_id, group_id, name, club_name, club_id, shown_id)
                SELECT id, cup_id, group_id, name, club_name, club_id, NULL
                FROM {table["cups.CupTeam"]}""",
            f"""INSERT INTO {squad} (id, competition_id, team_id, player_id, position)
                SELECT id, cup_id, team_id, player_id, position FROM {table["cups.CupPlayer"]}""",
            f"""INSERT INTO {fixture}
                (id, competition_id, evening_id, number, group_id, round, position, winner_id)
                SELECT id, cup_id, evening_id, NULL, group_id, round, position, winner_id
                FROM {table["cups.CupMatch"]}""",
            f"""INSERT INTO {side}
                (id, fixture_id, entrant_id, "group", position, team_id, score)
                SELECT id, match_id, cup_team_id, NULL, position, team_id, NULL
                FROM {table["cups.CupMatchTeam"]}""",
            # The leagues, after them.
            f"""INSERT INTO {competition}
                (id, season_id, kind, rule, placings, seeds, drawn_at, created_at)
                SELECT id + {c}, season_id, 'league', '{{}}', '{{}}', '[]', NULL, created_at
                FROM {table["leagues.League"]}""",
            f"""INSERT INTO {group} (id, competition_id, name, position, rule, shown_id)
                SELECT id + {g}, league_id + {c}, name, position, rule, id
                FROM {table["leagues.Division"]}""",
            f"""INSERT INTO {entrant}
                (id, competition_id, group_id, name, club_name, club_id, shown_id)
                SELECT id + {e}, league_id + {c}, division_id + {g}, name, club_name, club_id, id
                FROM {table["leagues.LeagueTeam"]}""",
            f"""INSERT INTO {fixture}
                (id, competition_id, evening_id, number, group_id, round, position, winner_id)
                SELECT id + {f}, league_id + {c}, evening_id, number, NULL, NULL, NULL, NULL
                FROM {table["leagues.MatchDay"]}""",
            f"""INSERT INTO {side}
                (id, fixture_id, entrant_id, "group", position, team_id, score)
                SELECT id + {t}, match_day_id + {f}, league_team_id + {e}, "group", NULL,
                    team_id, score
                FROM {table["leagues.MatchDayTeam"]}""",
        ]
        for statement in statements:
            cursor.execute(statement)
        for statement in connection.ops.sequence_reset_sql(no_style(), new):
            cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0001_initial"),
        ("leagues", "0005_remove_matchday_final"),
        ("cups", "0006_remove_cupmatch_final"),
    ]

    operations = [migrations.RunPython(copy_forward, migrations.RunPython.noop, elidable=False)]
