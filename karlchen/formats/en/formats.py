"""English pages for European clubs: British dates ("5 December 2026", "05/12/2026") and a
24-hour clock, not Django's US defaults ("Dec. 5, 2026", "12/05/2026", "p.m.")."""

from django.conf.locale.en_GB.formats import (
    DATE_INPUT_FORMATS,
    DATETIME_INPUT_FORMATS,
    DECIMAL_SEPARATOR,
    FIRST_DAY_OF_WEEK,
    MONTH_DAY_FORMAT,
    NUMBER_GROUPING,
    SHORT_DATE_FORMAT,
    THOUSAND_SEPARATOR,
    YEAR_MONTH_FORMAT,
)

DATE_FORMAT = "j F Y"  # the month in full, as the German pages write it
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"

__all__ = [
    "DATETIME_FORMAT",
    "DATETIME_INPUT_FORMATS",
    "DATE_FORMAT",
    "DATE_INPUT_FORMATS",
    "DECIMAL_SEPARATOR",
    "FIRST_DAY_OF_WEEK",
    "MONTH_DAY_FORMAT",
    "NUMBER_GROUPING",
    "SHORT_DATETIME_FORMAT",
    "SHORT_DATE_FORMAT",
    "THOUSAND_SEPARATOR",
    "TIME_FORMAT",
    "YEAR_MONTH_FORMAT",
]
