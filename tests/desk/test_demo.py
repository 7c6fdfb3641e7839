"""``manage.py demo`` and its deal generator: a realistic, valid and reproducible tournament."""

import random
from collections import Counter
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from desk.management.commands.demo import DEMO_NAME
from people.models import Player
from results.domain.standings import standings
from rules import parse_rules, score_deal
from rules.doppelkopf import deal_from_dict
from scoring import demo
from scoring.domain.series import incomplete_tables
from scoring.enums import AdjustmentKind
from scoring.models import Adjustment, Deal, DealRevision
from seating.models import Table
from tests.factories.once import rolled_back
from tournaments.engine.series import DealKind, SeriesSettings
from tournaments.enums import SeriesStatus, TournamentStatus
from tournaments.models import Tournament

SEED = 7


def run_demo(*args, **options) -> str:
    out = StringIO()
    call_command("demo", *args, stdout=out, **options)
    return out.getvalue()


def terminal_qr_codes(output: str) -> list[str]:
    """What the QR codes drawn in the terminal say: each a block of lines of half blocks (light
    modules drawn, for a dark terminal), two rows of modules a line, decoded by zxing-cpp."""
    import zxingcpp
    from PIL import Image

    halves = {" ": (0, 0), "▀": (255, 0), "▄": (0, 255), "█": (255, 255)}
    blocks, block = [], []
    for line in output.splitlines():
        if line and set(line) <= set(halves):
            block.append(line)
        elif block:
            blocks.append(block)
            block = []
    found = []
    for lines in blocks:
        width = max(len(line) for line in lines)
        picture = Image.new("L", (width, 2 * len(lines)), 0)
        for y, line in enumerate(lines):
            for x, char in enumerate(line):
                top, bottom = halves[char]
                picture.putpixel((x, 2 * y), top)
                picture.putpixel((x, 2 * y + 1), bottom)
        large = picture.resize((width * 8, len(lines) * 16), Image.NEAREST)
        found += [code.text for code in zxingcpp.read_barcodes(large)]
    return found


def ranking(tournament):
    return [
        (row.start_number, row.rank, row.total, row.per_series) for row in standings(tournament)
    ]


@pytest.fixture(scope="class")
def built(django_db_setup, django_db_blocker):
    """The demo of ``SEED``, built once for a class of tests: its output; its rows in a
    transaction around the class's tests, each test's own a savepoint rolled back after it."""
    with rolled_back(django_db_blocker):
        yield run_demo(seed=SEED)


@pytest.mark.django_db
class TestTheDemoBuiltOnce:
    """What the tests read of the demo, and what building on it does: one build for them all
    instead of one each (a build is some ten seconds)."""

    def test_the_demo_tournament(self, built):
        output = built
        tournament = Tournament.objects.get(name=DEMO_NAME)
        assert tournament.status == TournamentStatus.RUNNING
        assert tournament.game == "doppelkopf"
        assert tournament.entries.count() == 22
        assert tournament.entries.filter(checked_in=True).count() == 22
        assert Player.objects.values("club_name").distinct().count() == 3  # typed: no club rows
        series = list(tournament.series.order_by("number"))
        assert [s.number for s in series] == [1, 2, 3]
        assert [s.status for s in series] == [SeriesStatus.CLOSED] * 2 + [SeriesStatus.RUNNING]
        for one in series:
            sizes = sorted(table.seats.count() for table in one.tables.all())
            assert sizes == [4, 4, 4, 5, 5]
        for one in series[:2]:
            assert incomplete_tables(one) == []
            for table in one.tables.all():
                assert table.deals.count() == {4: 24, 5: 30}[table.seats.count()]
        assert incomplete_tables(series[2]) == [1, 2, 3, 4, 5]  # live: under way everywhere
        assert series[2].tables.filter(deals__isnull=False).distinct().count() == 5

        deals = Deal.objects.filter(table__series__tournament=tournament)
        kinds = Counter(deals.values_list("kind", flat=True))
        for kind in ("normal", "compulsory_solo", "voluntary_solo", "forced_solo", "wedding"):
            assert kinds[kind] >= 1, kinds
        assert kinds["normal"] > sum(kinds.values()) / 2
        assert deals.filter(version__gte=2).exists()
        assert deals.filter(version__gte=3).exists()
        assert DealRevision.objects.filter(deal__in=deals).exclude(reason="").count() == 5

        inputs = [deal.current.input for deal in deals.select_related("current")]
        assert any(
            deal["announcements"]["re"] or deal["announcements"]["kontra"] for deal in inputs
        )
        assert {extra["type"] for deal in inputs for extra in deal["extras"]} == {
            "fox",
            "doppelkopf",
            "karlchen",
        }

        (penalty,) = Adjustment.objects.filter(series__tournament=tournament)
        assert penalty.kind == AdjustmentKind.MINOR
        assert sorted(penalty.lines.values_list("points", flat=True)) == [-3, 1, 1, 1]
        rows = standings(tournament)
        assert sum(row.total for row in rows) == 0  # only zero-sum penalty rows
        assert sum(row.deals_played for row in rows) == 4 * deals.count()

        organiser = get_user_model().objects.get(username="orga")
        assert organiser.is_superuser
        assert organiser.check_password("karlchen")
        assert tournament.organisers.filter(pk=organiser.pk).exists()
        for table in series[2].tables.all():
            assert f"/captain/{table.captain_token()}/" in output
        assert rows[0].name in output
        assert "orga" in output

    def test_the_demo_tournament_is_the_third_evening_of_a_club_season(self, built):
        from desk.management.commands.demo import HOME_CLUB, SEASON_NAME
        from seasons.domain.standings import season_ranking
        from seasons.models import Season

        output = built
        season = Season.objects.get(name=SEASON_NAME)
        evenings = [evening.tournament for evening in season.evenings.order_by("tournament__date")]
        assert [evening.name for evening in evenings][-1] == DEMO_NAME
        assert len(evenings) == 3
        assert [evening.status for evening in evenings] == [TournamentStatus.FINISHED] * 2 + [
            TournamentStatus.RUNNING
        ]
        for earlier in evenings[:2]:
            (series,) = earlier.series.all()
            assert series.status == SeriesStatus.CLOSED
            assert incomplete_tables(series) == []
            assert earlier.entries.filter(checked_in=True).count() == 22
        assert Player.objects.count() == 22  # the same players every evening
        # every evening and the season belong to the demo club, whose admin orga is
        assert {evening.club.name for evening in evenings} == {HOME_CLUB}
        assert season.club.name == HOME_CLUB
        assert season.club.roles.get().user.username == "orga"
        assert season.club.roles.get().role == "admin"
        totals: Counter = Counter()
        for evening in evenings:
            totals.update({row.player_id: row.total for row in standings(evening)})
        rows = season_ranking(season, public=False).rows
        assert {row["player"]["id"]: row["score"] for row in rows} == dict(totals)
        assert f"/s/{season.pk}/" in output
        run_demo(seed=SEED, reset=True)
        assert Season.objects.filter(name=SEASON_NAME).count() == 1
        assert Tournament.objects.count() == 3

    def test_the_demo_is_the_same_for_the_same_seed(self, built):
        first = ranking(Tournament.objects.get(name=DEMO_NAME))
        run_demo(seed=SEED, reset=True)
        again = Tournament.objects.get(name=DEMO_NAME)
        assert ranking(again) == first
        assert Tournament.objects.filter(name=DEMO_NAME).count() == 1
        assert Player.objects.count() == 22  # the players are reused, not entered again
        run_demo(seed=SEED + 1, reset=True)
        assert ranking(Tournament.objects.get(name=DEMO_NAME)) != first

    def test_for_a_phone_the_links_are_full_with_their_qr_codes(self, built):
        output = run_demo(seed=SEED, reset=True, base_url="http://192.168.1.20:8000/")
        tournament = Tournament.objects.get(name=DEMO_NAME)
        table = Table.objects.filter(series__tournament=tournament, series__number=3).first()
        link = f"http://192.168.1.20:8000{table.captain_path()}"
        assert f"  {table}: {link}\n" in output
        assert "Startseite: http://192.168.1.20:8000/\n" in output
        assert f"http://192.168.1.20:8000/t/{tournament.pk}/" in output
        codes = terminal_qr_codes(output)
        tables = Table.objects.filter(series__tournament=tournament, series__number=3)
        assert codes == [f"http://192.168.1.20:8000{one.captain_path()}" for one in tables]

    def test_a_base_url_that_is_no_address_is_refused(self, built):
        with pytest.raises(CommandError, match="--base-url"):
            run_demo(seed=SEED, reset=True, base_url="192.168.1.20:8000")

    def test_a_second_run_without_reset_does_nothing(self, built):
        deals = Deal.objects.count()
        output = run_demo(seed=SEED + 1, password="geheim")
        assert DEMO_NAME in output
        assert Deal.objects.count() == deals
        assert get_user_model().objects.get(username="orga").check_password("karlchen")


@pytest.mark.django_db
def test_no_public_password_in_production(settings):
    settings.SECRET_KEY = "a-real-production-secret"
    with pytest.raises(CommandError):
        run_demo(seed=SEED)
    assert not Tournament.objects.exists()
    run_demo(seed=SEED, password="ein langes Passwort")
    assert Tournament.objects.filter(name=DEMO_NAME).exists()


# --- the generator, without a database -------------------------------------------------------

RULES = parse_rules("doppelkopf", {})


@pytest.mark.unit
@pytest.mark.parametrize(("size", "normal"), [(4, 20), (5, 25)])
def test_generated_series_are_complete_and_valid(size, normal):
    settings = SeriesSettings(table_size=size, normal_deals=normal)
    kinds = Counter()
    for seed in range(60):
        rng = random.Random(seed)
        plan = demo.plan_table(rng, settings, lazy=seed % 3)
        deals = demo.generate_series(rng, settings, plan=plan)
        assert len(deals) == settings.planned_total
        assert Counter(d.kind for d in deals)[DealKind.FORCED_SOLO] >= len(plan.lazy())
        for generated in deals:
            kinds[generated.kind] += 1
            deal = generated.deal
            assert sorted(deal["seats"]) == sorted(generated.upcoming.players)
            assert deal["re_points"] not in (1, 239)
            if deal["re_points"] in (0, 240):
                assert deal["re_tricks"] is not None
            assert sum(generated.score.points.values()) == 0
            score_deal(RULES, deal_from_dict(demo.corrected(rng, deal)))  # corrections valid too
    assert set(kinds) == set(DealKind) - {DealKind.POVERTY}


@pytest.mark.unit
def test_the_generator_is_seeded():
    settings = SeriesSettings(table_size=5, normal_deals=25)
    first = [g.deal for g in demo.generate_series(random.Random(3), settings)]
    again = [g.deal for g in demo.generate_series(random.Random(3), settings)]
    assert first == again
    assert len(demo.generate_series(random.Random(3), settings, deals=7)) == 7


@pytest.mark.unit
def test_extras_fit_the_card_points():
    rng = random.Random(11)
    for re_points in (0, 2, 10, 11, 39, 40, 80, 120, 200, 229, 238, 240):
        for _ in range(200):
            tricks = 0 if re_points == 0 else 12 if re_points == 240 else None
            made = demo.extras(rng, re_points, tricks)
            points = {"re": re_points, "kontra": 240 - re_points}
            for extra in made:
                assert points[extra["party"]] > 0
            for kind, need in (("fox", 11), ("doppelkopf", 40), ("karlchen", 2)):
                for party in points:
                    count = sum(1 for e in made if e == {"type": kind, "party": party})
                    assert count * need <= points[party]


def test_the_demo_command_explains_itself_in_german():
    from django.utils import translation

    from desk.management.commands.demo import Command

    with translation.override("de"):
        text = Command().create_parser("manage.py", "demo").format_help()
    assert "Legt das Demo-Turnier „Karlchen-Demo“ an" in " ".join(text.split())
    assert "--seed" in text
