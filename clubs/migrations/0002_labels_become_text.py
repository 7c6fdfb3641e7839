"""No club is made from typed text any more (docs/CLUBS.md): a club's name typed for a player, a
league team or a cup team is that row's ``club_name`` (filled by ``people`` 0002, ``leagues``
0003 and ``cups`` 0004 from the club it was linked to), and the rows that were only such labels
go. A row stays a club when anything shows it was set up or is used as one: roles, invitations,
a log line, tournaments, seasons, an association or a short name. Its players and teams keep
their link; a label's lose it, and keep its name as their text.

Backwards, each text without a link gets a club row of that exact name again (made as the old
code made them), so the old schema shows every player's and team's club as before."""

from django.db import migrations

TYPED = (("people", "Player"), ("leagues", "LeagueTeam"), ("cups", "CupTeam"))


def labels(apps):
    """The clubs nobody set up: names typed for players and teams, and nothing else."""
    clubs = apps.get_model("clubs", "Club")
    return clubs.objects.filter(
        association__isnull=True,
        short_name="",
        roles__isnull=True,
        invitations__isnull=True,
        actions__isnull=True,
        tournaments__isnull=True,
        seasons__isnull=True,
    )


def labels_to_text(apps, schema_editor):
    ids = list(labels(apps).values_list("pk", flat=True))
    for app, model in TYPED:
        rows = apps.get_model(app, model).objects.filter(club_id__in=ids)
        if rows.filter(club_name="").exists():  # filled by the migrations before: never empty
            raise RuntimeError(f"{app}.{model} linked to a label without its text")
        rows.update(club=None)
    apps.get_model("clubs", "Club").objects.filter(pk__in=ids).delete()


def text_to_labels(apps, schema_editor):
    clubs = apps.get_model("clubs", "Club")
    for app, model in TYPED:
        rows = apps.get_model(app, model).objects.filter(club__isnull=True).exclude(club_name="")
        for name in sorted(set(rows.values_list("club_name", flat=True))):
            club, _created = clubs.objects.get_or_create(name=name)
            rows.filter(club_name=name).update(club=club)


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0001_initial"),
        ("cups", "0004_club_name"),
        ("leagues", "0003_club_name"),
        ("people", "0002_club_name"),
        ("seasons", "0008_clubs_in_clubs"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [migrations.RunPython(labels_to_text, text_to_labels)]
