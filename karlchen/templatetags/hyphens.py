"""``{{ name|soft_hyphens }}``: long words with soft hyphens (U+00AD) where the page's language
may break them, so that a long German name ("Vereinsmeisterschaftswertung") in a phone's
heading breaks at a syllable with a hyphen, in every browser, and not anywhere at all. The
hyphenation patterns are pyphen's (LibreOffice's dictionaries); short words stay as they are."""

from __future__ import annotations

import re
from functools import cache

import pyphen
from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

LONG = 12  # letters: a word this long may not fit a phone's heading
SOFT_HYPHEN = "\u00ad"
WORD = re.compile(rf"\w{{{LONG},}}")
DICTIONARIES = {"de": "de_DE", "en": "en_GB"}


@cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=DICTIONARIES.get(language, "de_DE"))


def hyphenated(text: str, language: str) -> str:
    """``text`` with soft hyphens in its words of ``LONG`` letters or more."""
    dictionary = _dictionary(language)
    return WORD.sub(lambda word: dictionary.inserted(word.group(), hyphen=SOFT_HYPHEN), text)


@register.filter
def soft_hyphens(text: str) -> SafeString:
    language = (get_language() or "de").split("-")[0]
    return mark_safe(hyphenated(str(conditional_escape(text)), language))  # escaped first
