"""The API's path pieces, shared by every app's ``<app>/api/urls.py`` (under /api/v1/)."""

from django.urls import register_converter


class IdConverter:
    """A positive number short enough for any database integer; longer ones are a 404."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

TOURNAMENT = "tournaments/<id:tournament_id>/"
SERIES = TOURNAMENT + "series/<id:number>/"
TABLE = "tables/<id:table_id>/"
JOB = "jobs/<id:job_id>/"
SEASON = "seasons/<id:season_id>/"
CLUB = "clubs/<id:club_id>/"
