"""Two organisers putting the same player into two teams at the same moment.

Real transactions in threads, each with its own connection: on PostgreSQL the tournament's row
lock (and, behind it, the unique membership per tournament) lets exactly one of them through; on
a SQLite file the write lock taken at BEGIN does (tests/test_embedded_races.py).
"""

import threading

import pytest
from django.db import connection

from karlchen.refusals import Conflict, Refused
from teams.domain.teams import Roster, create_team
from teams.models import TeamMember
from tests.factories.tournaments import ORGA, tournament_with_players

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.writers_at_once,
]


def test_two_teams_racing_for_one_player_leave_it_in_one():
    tournament, entries = tournament_with_players(4)
    barrier = threading.Barrier(2)
    outcomes = []

    def enter(name):
        try:
            barrier.wait(timeout=10)
            create_team(tournament, by=ORGA, name=name, roster=Roster(members=(entries[0].pk,)))
            outcomes.append("saved")
        except (Refused, Conflict) as refusal:
            outcomes.append(refusal.problems[0].code if isinstance(refusal, Refused) else "409")
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(name,)) for name in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["saved", "team_entry_in_other_team"]
    assert TeamMember.objects.filter(entry=entries[0]).count() == 1
