"""The registry's domain: merging with history (entries, team
rosters, sign-ups, cups, frozen rankings, seasons), export and erasure, the public profile."""

import datetime
import json

import pytest
from django.apps import apps

from competitions.models import SquadMember
from cups.domain.cups import create_cup
from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.refusals import Conflict, Refused
from people.domain.players import change_player, record_consent
from people.models import Player, RegistryAction
from registry.domain.merge import merge_players, player_relations
from registry.domain.privacy import erase_player, export_player, placeholder, signups_of
from registry.domain.profile import public_profile
from results.domain.standings import standings
from scoring.domain.deals import record_deal
from seasons.domain.seasons import create_season, name_regular
from seasons.domain.standings import public_season_ranking
from seating.domain.seating import seat_series
from signups.domain.money import set_fee
from signups.domain.signups import Applicant, add_signup
from signups.models import BankTransfer, SignUp
from stats.models import PlayerRating
from teams.domain.teams import Roster, create_team
from teams.models import TeamMember
from tests.factories.api import NORMAL, publish
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, ORGA, tournament_with_players
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Entry, OrganiserAction

pytestmark = pytest.mark.django_db

BY = Actor.of_user


def codes(refusal: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in refusal.value.problems]


def played(name="Vereinsturnier", date=datetime.date(2026, 3, 1)):
    """A public tournament of four at one table with one deal: seats 1 and 3 win."""
    tournament, entries = tournament_with_players(4, name=name, date=date)
    publish(tournament)
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    return tournament, entries


def rename(player, name, **fields):
    Player.objects.filter(pk=player.pk).update(name=name, **fields)
    player.refresh_from_db()
    return player


@pytest.fixture
def history():
    """Hans Müller, entered twice as two players: at a played tournament in a team, and at an
    open tournament through a sign-up with his e-mail and a paid fee."""
    first, entries = played("Frühjahrsturnier", datetime.date(2026, 3, 1))
    hans = rename(entries[0].player, "Hans Müller", birth_year=1970)
    create_team(first, by=ORGA, name="Die Buben", roster=Roster(members=(entries[0].pk,)))
    second, _ = tournament_with_players(2, name="Sommerturnier", date=datetime.date(2026, 6, 1))
    signup = add_signup(
        second,
        Applicant(name="Müller, Hans", email="hans@example.org", member_number="D-4711"),
        by=ORGA,
    )
    set_fee(signup.entry, "paid", by=ORGA)
    return first, second, hans, signup.entry.player, signup


# --- merging -------------------------------------------------------------------------------------


def test_merge_moves_entries_team_rosters_signups_and_fees_to_the_kept_player(history):
    first, second, hans, duplicate, signup = history
    points_before = {row.entry_id: row.total for row in standings(first)}
    kept = merge_players(hans, duplicate, by=ORGA)
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert set(Entry.objects.filter(player=kept).values_list("tournament_id", flat=True)) == {
        first.pk,
        second.pk,
    }
    member = TeamMember.objects.get(entry__player=kept)
    assert member.team.name == "Die Buben"
    signup.refresh_from_db()
    assert signup.entry.player == kept
    assert signup.entry.fee.status == "paid"
    assert {row.entry_id: row.total for row in standings(first)} == points_before
    # empty fields filled from the other, the kept player's own kept
    assert (kept.name, kept.member_number, kept.birth_year) == ("Hans Müller", "D-4711", 1970)
    logged = OrganiserAction.objects.filter(action="player_merged", tournament=second).get()
    assert logged.details == {"name": "Müller, Hans", "into": "Hans Müller"}
    assert RegistryAction.objects.filter(player_id=kept.pk, action="merged_in").exists()
    assert RegistryAction.objects.filter(player_id=duplicate.pk, action="merged_into").exists()


def test_merge_refuses_two_players_of_one_tournament_naming_it(history):
    first, _, hans, _, _ = history
    other = Entry.objects.filter(tournament=first).exclude(player=hans).first().player
    with pytest.raises(Refused) as refusal:
        merge_players(hans, other, by=ORGA)
    assert codes(refusal) == [("other", "player_merge_same_tournament")]
    assert "Frühjahrsturnier" in refusal.value.problem.params["tournaments"]
    assert Player.objects.filter(pk=other.pk).exists()


def test_merge_refuses_different_member_numbers_and_birth_years_and_itself():
    _, (one,) = tournament_with_players(1, name="A")
    _, (two,) = tournament_with_players(1, name="B")
    rename(one.player, "Hans", member_number="1", birth_year=1970)
    rename(two.player, "Hans", member_number="2", birth_year=1971)
    with pytest.raises(Refused) as refusal:
        merge_players(one.player, two.player, by=ORGA)
    assert codes(refusal) == [
        ("member_number", "player_merge_member_numbers"),
        ("birth_year", "player_merge_birth_years"),
    ]
    with pytest.raises(Refused) as refusal:
        merge_players(one.player, one.player, by=ORGA)
    assert codes(refusal) == [("other", "player_merge_self")]


def test_merge_moves_cup_players_and_refuses_two_of_one_cup():
    cup = create_cup(
        by=ORGA,
        season={"name": "Pokal"},
        groups=[
            {
                "name": "A",
                "teams": [
                    {"name": "Eins", "club": "", "players": ["Hans Müller", "Grete"]},
                    {"name": "Zwei", "club": "", "players": ["H. Müller", "Karl"]},
                ],
            }
        ],
    )
    hans, h = (
        SquadMember.objects.get(competition=cup, player__name=name).player
        for name in ("Hans Müller", "H. Müller")
    )
    with pytest.raises(Refused) as refusal:
        merge_players(hans, h, by=ORGA)
    assert codes(refusal) == [("other", "player_merge_same_cup")]
    _, (entry,) = tournament_with_players(1)
    merge_players(hans, entry.player, by=ORGA)
    assert Entry.objects.get(pk=entry.pk).player == hans


def test_merge_takes_the_stricter_privacy_choice_and_a_member_is_no_guest():
    _, (one,) = tournament_with_players(1, name="A")
    _, (two,) = tournament_with_players(1, name="B")
    record_consent(one.player, True, "form", by=ORGA)
    record_consent(two.player, False, "said no", by=ORGA)
    change_player(one.player, {"guest": True}, by=ORGA)
    kept = merge_players(one.player, two.player, by=ORGA)
    assert kept.listing_consent is False
    assert kept.consent_how == "said no"
    assert not kept.guest


def test_merge_gives_a_frozen_ranking_the_kept_players_id_and_name(history):
    _first, _, hans, _, _ = history
    third, entries = played("Herbstturnier", datetime.date(2026, 9, 1))
    update_tournament(third, by=ORGA, standings_frozen=True)
    duplicate = entries[1].player
    merge_players(hans, duplicate, by=ORGA)
    third.refresh_from_db()
    row = next(r for r in third.frozen_standings["overall"] if r["entry"] == entries[1].pk)
    assert row["player"]["id"] == hans.pk
    assert row["player"]["name"] == "Hans Müller"


def test_merge_joins_a_players_season_evenings():
    season, tables, players = season_with_evenings(2)
    # the second evening's first player was entered as a new person of the same name
    evening = tables[1].series.tournament
    entry = Entry.objects.get(tournament=evening, player=players[0])
    twin = Player.objects.create(name=players[0].name)
    Entry.objects.filter(pk=entry.pk).update(player=twin)
    rows = public_season_ranking(season.pk).rows
    assert len(rows) == 5
    merge_players(players[0], twin, by=ORGA)
    rows = public_season_ranking(season.pk).rows
    assert len(rows) == 4
    assert next(r for r in rows if r["player"]["id"] == players[0].pk)["evenings_played"] == 2


def test_every_relation_to_a_player_is_one_merge_moves():
    relations = {f"{rel.related_model._meta.label}.{rel.field.name}" for rel in player_relations()}
    # each has a uniqueness merge_problems checks: two rows of one tournament or cup are two
    # people; a new relation must be looked at (and added here) before a merge moves it
    # (a membership: one per person and association, checked as differing member numbers;
    # a season's regular: one per season and person, a double naming dropped before the move)
    assert relations == {
        "tournaments.Entry.player",
        "competitions.SquadMember.player",
        "people.Membership.player",
        "seasons.SeasonRegular.player",
    }
    assert all(not rel.many_to_many for rel in player_relations())
    assert apps.get_model("people", "Player") is Player


# --- export and erasure --------------------------------------------------------------------------


def test_export_holds_everything_stored_about_the_person(history):
    _first, _second, hans, duplicate, _signup = history
    kept = merge_players(hans, duplicate, by=ORGA)
    data = export_player(kept, by=ORGA)
    assert data["player"]["name"] == "Hans Müller"
    assert data["player"]["member_number"] == "D-4711"
    assert [e["tournament"]["name"] for e in data["entries"]] == [
        "Frühjahrsturnier",
        "Sommerturnier",
    ]
    assert data["entries"][0]["teams"] == ["Die Buben"]
    assert data["entries"][0]["points"] is not None
    assert data["entries"][0]["rank"] >= 1
    assert data["entries"][1]["fee"]["status"] == "paid"
    assert data["signups"][0]["email"] == "hans@example.org"
    assert data["signups"][0]["mails"][0]["kind"] == "accepted"
    assert "player_exported" not in [row["action"] for row in data["registry_log"]]
    assert RegistryAction.objects.filter(player_id=kept.pk, action="player_exported").exists()
    assert (data["season_regulars"], data["rating"]) == ([], None)
    assert data["entries"][1]["bank_transfers"] == []


def test_export_holds_the_bank_lines_the_regular_seasons_and_the_rating_too(history):
    """What later parts store about a person: the bank's line a fee was recorded from (with the
    payer's name as the bank gave it), the seasons naming them a regular, their rating."""
    _first, second, hans, duplicate, _signup = history
    hans = merge_players(hans, duplicate, by=ORGA)
    entry = Entry.objects.get(tournament=second, player=hans)
    BankTransfer.objects.create(
        tournament=second,
        entry=entry,
        fingerprint="f" * 64,
        booked=datetime.date(2026, 11, 30),
        amount=1_000,
        payer="Hans Mueller",
        text=f"T{second.pk}-S1 Startgeld",
    )
    season = create_season(by=ORGA, name="Clubmeisterschaft")
    name_regular(season, hans, by=ORGA)
    PlayerRating.objects.create(player_id=hans.pk, mu=27.0, sigma=3.0, deals=48)
    data = export_player(hans, by=ORGA)
    (line,) = data["entries"][1]["bank_transfers"]
    assert (line["booked"], line["cents"], line["payer"]) == ("2026-11-30", 1_000, "Hans Mueller")
    assert data["season_regulars"] == [{"season": season.pk, "season_name": "Clubmeisterschaft"}]
    assert data["rating"] == {"mu": 27.0, "sigma": 3.0, "shown": 18.0, "deals": 48}


def test_erase_anonymises_the_person_and_keeps_everyones_results(history):
    first, second, hans, duplicate, signup = history
    kept = merge_players(hans, duplicate, by=ORGA)
    update_tournament(first, by=ORGA, standings_frozen=True)
    # a sign-up never accepted, with the same address, is theirs too
    other = SignUp.objects.create(
        tournament=second, name="Hansi", email="HANS@example.org", status="cancelled"
    )
    before = [(row.entry_id, row.total, row.rank) for row in standings(first)]
    with pytest.raises(Refused) as refusal:
        erase_player(kept, confirm="Hans", by=ORGA)
    assert codes(refusal) == [("confirm", "player_erase_confirm")]
    erased = erase_player(kept, confirm=" Hans Müller ", by=ORGA)
    name = placeholder(kept.pk)
    assert name == f"Gelöschte Person {kept.pk}"
    assert (erased.name, erased.member_number, erased.birth_year) == (name, None, None)
    assert erased.erased_at is not None
    assert not erased.profile_public
    assert [(row.entry_id, row.total, row.rank) for row in standings(first)] == before
    for row in SignUp.objects.filter(pk__in=[signup.pk, other.pk]):
        assert (row.name, row.email, row.member_number) == (name, "", "")
    texts = [str(a.details) + a.user_label for a in OrganiserAction.objects.all()]
    assert not [text for text in texts if "Müller" in text or "Hansi" in text]
    first.refresh_from_db()
    frozen = [row["player"]["name"] for row in first.frozen_standings["overall"]]
    assert name in frozen
    assert "Hans Müller" not in frozen
    with pytest.raises(Refused) as refusal:
        erase_player(erased, confirm=name, by=ORGA)
    assert codes(refusal) == [("player", "player_erased")]
    with pytest.raises(Refused):
        change_player(erased, {"name": "Hans"}, by=ORGA)
    with pytest.raises(Refused) as refusal:
        merge_players(erased, Player.objects.create(name="x"), by=ORGA)
    assert codes(refusal) == [("other", "player_erased")]
    assert signups_of(erased).count() == 1  # the accepted one, by its entry


# --- the public profile --------------------------------------------------------------------------


def test_profile_lists_public_tournaments_and_seasons_only_with_consent():
    season, _tables, players = season_with_evenings(2)
    player = players[0]
    draft, _ = tournament_with_players(0, name="Entwurf")
    add_entry(draft, name="x", by=ORGA)
    Entry.objects.create(tournament=draft, player=player, start_number=9)
    assert public_profile(player.pk) is None  # not asked
    record_consent(player, True, "form", by=ORGA)
    body = public_profile(player.pk)
    data = json.loads(body.content)
    assert data["player"]["name"] == player.name
    assert [t["name"] for t in data["tournaments"]] == ["Clubabend 2", "Clubabend 1"]
    assert data["tournaments"][0]["rank"] == 1
    assert data["tournaments"][0]["points"] == 1
    assert data["seasons"] == [
        {"id": season.pk, "name": season.name, "rank": 1, "score": data["seasons"][0]["score"]}
    ]
    change_player(player, {"profile_hidden": True}, by=ORGA)
    assert public_profile(player.pk) is None
    assert public_profile(999_999) is None


def test_profile_leaves_out_hidden_entries_and_places_of_hidden_standings():
    tournament, entries = played()
    player = entries[0].player
    record_consent(player, True, "form", by=ORGA)
    update_tournament(tournament, by=ORGA, standings_public=False)
    data = json.loads(public_profile(player.pk).content)
    assert data["tournaments"][0]["rank"] is None
    Entry.objects.filter(pk=entries[0].pk).update(hidden=True)
    tournament_changed(tournament.pk)  # as hiding an entry at the desk does
    data = json.loads(public_profile(player.pk).content)
    assert data["tournaments"] == []


def test_erase_scrubs_the_spelling_merged_away_from_the_tournaments_log():
    _, (one,) = tournament_with_players(1, name="A")
    _, (two,) = tournament_with_players(1, name="B")
    kept = rename(one.player, "Hans Müller")
    rename(two.player, "H. Müller")
    merge_players(kept, two.player, by=ORGA)
    erase_player(kept, confirm="Hans Müller", by=ORGA)
    texts = [str(a.details) + a.user_label for a in OrganiserAction.objects.all()]
    assert not [text for text in texts if "Müller" in text]


def test_a_deal_at_one_of_the_tournaments_turns_the_cached_profile_over():
    tournament, entries = tournament_with_players(4)
    publish(tournament)
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    player = entries[0].player
    record_consent(player, True, "form", by=ORGA)
    first = public_profile(player.pk)
    assert json.loads(first.content)["tournaments"][0]["points"] == 0
    assert public_profile(player.pk).etag == first.etag  # cached
    record_deal(table, deal=NORMAL, by=CAPTAIN)  # seats 1 and 3 win
    assert json.loads(public_profile(player.pk).content)["tournaments"][0]["points"] == 1
    change_player(player, {"name": "Hans Neu"}, by=ORGA)
    assert json.loads(public_profile(player.pk).content)["player"]["name"] == "Hans Neu"


def test_a_player_merged_away_meanwhile_is_a_conflict():
    _, (one, two) = tournament_with_players(2)
    _, (three,) = tournament_with_players(1, name="B")
    stale = Player.objects.get(pk=three.player_id)
    merge_players(one.player, three.player, by=ORGA)
    for write in (
        lambda: merge_players(two.player, stale, by=ORGA),
        lambda: change_player(stale, {"name": "x"}, by=ORGA),
        lambda: record_consent(stale, True, "form", by=ORGA),
        lambda: erase_player(stale, confirm=stale.name, by=ORGA),
    ):
        with pytest.raises(Conflict) as conflict:
            write()
        assert conflict.value.problem.code == "player_gone"


def test_a_family_address_does_not_make_anothers_entry_theirs(history):
    first, _, _, duplicate, signup = history
    sister = add_signup(first, Applicant(name="Grete Müller", email="HANS@example.org"), by=ORGA)
    assert list(signups_of(duplicate)) == [signup]
    erase_player(duplicate, confirm=duplicate.name, by=ORGA)
    sister.refresh_from_db()
    assert (sister.name, sister.email) == ("Grete Müller", "HANS@example.org")


def test_merge_moves_a_season_final_s_seed_to_the_kept_player():
    from seasons.domain.final import create_final
    from seasons.models import IndividualCup
    from tests.factories.seasons import cup_of_eight

    season, ranked = cup_of_eight(cup_places=4)
    create_final(season, by=ORGA)
    seeded = ranked[1]
    kept = Player.objects.create(name=seeded.name)  # the same person, typed again elsewhere
    merge_players(kept, seeded, by=ORGA)
    seeds = IndividualCup.objects.get(season=season).seeds
    assert [seed["player"] for seed in seeds] == [ranked[0].pk, kept.pk, ranked[2].pk, ranked[3].pk]
