"""German and English catalogs are complete: every user-facing text of the code is translated."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.utils import translation
from django.utils.translation import pgettext

from karlchen.api.errors import REQUEST_ERROR_CODES
from karlchen.messages import MESSAGES

REPO = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "en")


def catalog(root: Path, language: str):
    with (root / "locale" / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po, locale=language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_not_fuzzy(language):
    entries = [message for message in catalog(REPO, language) if message.id]
    untranslated = [m.id for m in entries if not m.string or m.fuzzy]
    assert entries
    assert untranslated == []


NOT_OURS = ("node_modules", "staticfiles", "media")  # as bin/sync-translations skips them


def test_catalogs_hold_every_message_of_the_code(tmp_path):
    """makemessages on a copy of the tree must find nothing the committed catalogs lack."""
    copy = tmp_path / "tree"
    # Only the code and the catalogs: what makemessages is told to skip is not copied either
    # (the JavaScript tools' node_modules alone are some 200 MB).
    ignore = shutil.ignore_patterns(".*", "__pycache__", "*.mo", *NOT_OURS)
    shutil.copytree(REPO, copy, ignore=ignore)
    skipped = [f"--ignore={name}" for name in NOT_OURS]
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "-l",
            "de",
            "--no-location",
            "-v",
            "0",
            *skipped,
        ],
        cwd=copy,
        check=True,
    )
    found = {m.id for m in catalog(copy, "de") if m.id}
    committed = {m.id for m in catalog(REPO, "de") if m.id}
    assert sorted(found - committed) == []
    assert sorted(committed - found) == []  # obsolete entries are removed too


def test_every_code_speaks_german_and_english():
    messages = {**REQUEST_ERROR_CODES, **MESSAGES}
    with translation.override("en"):
        english = {code: str(text) for code, text in messages.items()}
    with translation.override("de"):
        german = {code: str(text) for code, text in messages.items()}
    assert [code for code in messages if german[code] == english[code]] == []


CODE_PATTERNS = (
    r'problems\.add\(\s*"(\w+)"',
    r'Problem\(\s*"(\w+)"',
    r'\brefused\(\s*"(\w+)"',
    r'\bConflict\(\s*"(\w+)"',
    r'\bClosed\(\s*"(\w+)"',
    r'\bUnavailable\(\s*"(\w+)"',
    r'_give_up\(\s*job,\s*"(\w+)"',
    r'_text\(\s*job,\s*"(\w+)"',
    r'_refusal\(\s*cursor,\s*"(\w+)"',
    r'SeatingRefused\(\s*"(\w+)"',
    r'_refuse_twice\([^,]+,\s*"(\w+)"',
)


def codes_in_sources() -> set[str]:
    """Every refusal code the engines and domain functions can raise, read from their sources."""
    import re

    sources = [REPO / app for app in ("rules", "tournaments", "seating", "scoring", "results")]
    sources += [REPO / app for app in ("seasons", "teams", "leagues", "printing", "desk")]
    found = set()
    for path in (p for root in sources for p in root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern in CODE_PATTERNS:
            found |= set(re.findall(pattern, text))
    return found


def test_every_refusal_code_has_a_message():
    codes = codes_in_sources()
    assert len(codes) > 40
    assert sorted(codes - set(MESSAGES)) == []


# The informal address (du, dich, dir, dein…) and its capitalised forms: the German texts speak
# to everyone as "Sie", on the desk and the public pages alike.
INFORMAL = re.compile(
    r"\b(?:[Dd]u|[Dd]ich|[Dd]ir|[Dd]ein(?:e[mnrs]?)?|[Ee]uch|[Ee]uer|[Ee]ure[mnrs]?)\b"
    # the informal imperative at a sentence's start ("Öffne …", "Gib an …"; formal: "Öffnen Sie …")
    r"|(?:^|[.:!?] )(?:Öffne|Gib|Wähle|Trage|Klicke|Tippe|Melde|Lege|Gehe|Prüfe|Nimm|Sende|Drücke"
    r"|Frag|Füge|Ändere|Lösche|Speichere|Warte|Nutze|Starte|Korrigiere|Bestätige|Ignoriere)\b"
)


def _german_texts():
    for message in catalog(REPO, "de"):
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            yield message, " ".join(strings)


def test_german_speaks_in_one_form_of_address():
    informal = [text for _message, text in _german_texts() if INFORMAL.search(text)]
    assert informal == []


def test_no_word_is_shared_by_a_card_suit_and_a_club():
    """The word "Clubs" is both a suit (Kreuz) and what people belong to (Vereine): each use has its
    context, so one translation can never show up in the other's place."""
    suits = {"Clubs", "Spades", "Hearts", "Diamonds"}
    mixed = [
        (message.context, message.id, text)
        for message, text in _german_texts()
        if message.id in suits
        and (
            message.context is None  # the bare word: which one is meant?
            or (message.context == "card suit") != (message.id != "Clubs" or text == "Kreuz")
        )
    ]
    assert mixed == []
    with translation.override("de"):
        assert pgettext("card suit", "Clubs") == "Kreuz"
        assert pgettext("clubs as homes", "Clubs") == "Vereine"
