"""The docs hold in the repository alone.

Every file and module the docs name exists: docs/*.md, README.md, the apps' module docstrings
and the contract examples' sources. A reader follows ``tournaments/domain/final.py`` or
``results.parts`` into the repository; a name that moved or never was here sends them nowhere.
And they explain the project in its own terms: no file cites a numbered issue or work session,
which a reader of the repository cannot open.

Strict for what reads as a path of this repository (a first part that names one of its
directories, a file name with an extension, a migration as Django names it), tolerant of what
clearly is not: web addresses and their paths, the site's routes (``/t/<id>/``), what git
ignores (generated output), fractions and pairs ("Re/Kontra", "2/3")."""

from __future__ import annotations

import ast
import fnmatch
import functools
import importlib
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest
from django.apps import apps as django_apps

REPO = Path(__file__).resolve().parent.parent


def _repository_files() -> set[str]:
    """The repository's files (committed, or new and not ignored), relative to its root."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(listed.stdout.splitlines())


FILES = _repository_files()
DIRECTORIES = {str(parent) for path in FILES for parent in PurePosixPath(path).parents}
TOP_LEVEL = {PurePosixPath(path).parts[0] for path in FILES}
DIRECTORY_NAMES = {PurePosixPath(directory).name for directory in DIRECTORIES} - {""}
APPS = sorted(
    entry.name
    for entry in REPO.iterdir()
    if (entry / "__init__.py").exists() and entry.name not in ("tests", "bench")
)
EXTENSIONS = (
    "py|md|json|html|js|css|toml|yml|yaml|txt|po|sh|conf|ini|cfg|jsonc|svg|png|ico|xml|csv|xlsx"
)
# A run of path characters; <>{}$ are kept so that routes and variables can be told apart.
TOKEN = re.compile(r"[\w.*/<>{}$~:@%+-]+")
FILE_NAME = re.compile(rf"^[\w.*-]+\.(?:{EXTENSIONS})$")
DOTTED = re.compile(rf"(?<![\w./@])(?:{'|'.join(APPS)})(?:\.\w+)+")
# The API's bodies have fields named like two apps (a tournament's "rules", a list of "teams"):
# ``rules.stoss`` or ``teams.0.name`` is a field's path, ``rules.quick`` the module.
FIELDS_NAMED_LIKE_APPS = ("rules", "teams")
TOP_LEVEL_DOMAINS = "de|com|org|net|io|eu|at|ch|it|se|info|dev"
WEB_ADDRESS = re.compile(rf"^[\w-]+(\.[\w-]+)*\.({TOP_LEVEL_DOMAINS})\b")


@dataclass(frozen=True)
class Document:
    """Where names are read: a file's text, and the directories its relative names start in."""

    name: str
    text: str
    bases: tuple[Path, ...]


def _documents() -> list[Document]:
    documents = [
        Document(str(path.relative_to(REPO)), path.read_text(encoding="utf-8"), (REPO, path.parent))
        for path in [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    ]
    for example in sorted((REPO / "docs" / "contract" / "examples").glob("*.json")):
        source = json.loads(example.read_text(encoding="utf-8")).get("source", "")
        documents.append(Document(str(example.relative_to(REPO)), source, (REPO,)))
    for app in APPS:
        for module in sorted((REPO / app).rglob("*.py")):
            if "migrations" in module.parts:
                continue
            docstring = ast.get_docstring(ast.parse(module.read_text(encoding="utf-8")))
            if docstring:
                bases = (REPO, module.parent, REPO / app)
                documents.append(Document(str(module.relative_to(REPO)), docstring, bases))
    return documents


DOCUMENTS = _documents()


def _is_ignored(path: str) -> bool:
    """Generated places (test output, node_modules, media) are named but not committed."""
    done = subprocess.run(["git", "check-ignore", "-q", path], cwd=REPO, check=False)
    return done.returncode == 0


def _exists(name: str, bases: tuple[Path, ...]) -> bool:
    name = name.split("#", 1)[0].rstrip(".,;:)")
    for base in bases:
        candidate = (base / name).resolve()
        if not candidate.is_relative_to(REPO):
            continue
        relative = candidate.relative_to(REPO).as_posix()
        if "*" in name:
            if fnmatch.filter(FILES | DIRECTORIES, relative):
                return True
        elif relative in FILES or relative in DIRECTORIES:
            return True
    return False


def _is_migration(name: str) -> bool:
    """A migration named as Django names it: ``tournaments/0013_clubs_associations_roles``."""
    named = re.fullmatch(r"(\w+)/(\d{4}_\w+)", name)
    return bool(named) and f"{named[1]}/migrations/{named[2]}.py" in FILES


def _file_anywhere(name: str) -> bool:
    """A bare file name (``schafkopf.py``, ``sk-ramsch-tie-*.json``) names a file somewhere."""
    return bool(fnmatch.filter((PurePosixPath(path).name for path in FILES), name))


def broken_paths(document: Document) -> list[str]:
    broken = []
    for line in document.text.splitlines():
        bases = document.bases
        row = re.match(r"\| `(\w+)/` \|", line)  # a table of apps names files from each app
        if row and row.group(1) in APPS:
            bases = (*bases, REPO / row.group(1))
        broken += [name for name in _path_names(line) if not _found(name, bases)]
    return broken


def _path_names(text: str) -> list[str]:
    """What reads as a path of this repository: a first part that names one of its directories
    (not an address's path, like a site's "allgemeines/regeln.html"), or a file's name."""
    names = []
    for token in TOKEN.findall(text):
        name = token.strip(".,;:()'\"`*").removeprefix("./")
        if re.search(r"[<>{}$~@%+]|://", name) or name.startswith("/") or WEB_ADDRESS.match(name):
            continue  # a route, a variable, a web address
        name = name.split(":", 1)[0]  # path:line
        if "/" in name:
            first = name.split("/", 1)[0]
            if first in TOP_LEVEL or first in DIRECTORY_NAMES:
                names.append(name)
        elif FILE_NAME.match(name) and not name.startswith("."):
            names.append(name)
    return names


def _found(name: str, bases: tuple[Path, ...]) -> bool:
    if name.endswith("/") and name.count("/") == 1:  # every app's `domain/`
        return name[:-1] in DIRECTORY_NAMES
    if "/" in name:
        return _exists(name, bases) or _is_ignored(name) or _is_migration(name)
    return _exists(name, bases) or _file_anywhere(name)


def _resolves(dotted: str) -> bool:
    """A module, optionally followed by attributes; an app's model by its label
    (``seasons.SeasonJob``), optionally followed by attributes; or a Celery task's name."""
    if dotted in _task_names():
        return True
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:end]))
        except ModuleNotFoundError:
            continue
        rest = parts[end:]
        if end == 1 and rest and rest[0][:1].isupper():
            try:
                found = django_apps.get_model(parts[0], rest[0])
                rest = rest[1:]
            except LookupError:
                pass
        for attribute in rest:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


@functools.cache
def _task_names() -> frozenset[str]:
    """Asked once: loading the tasks runs Django's system checks (Celery's Django fix-up)."""
    from karlchen.celery import app

    app.loader.import_default_modules()  # every app's tasks module, as a worker loads them
    return frozenset(app.tasks)


def _is_field_path(dotted: str) -> bool:
    parts = dotted.split(".")
    if any(part.isdigit() for part in parts):
        return True  # a list's place: teams.0.members.1
    return parts[0] in FIELDS_NAMED_LIKE_APPS and not _is_module(".".join(parts[:2]))


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError:
        return False
    return True


def broken_modules(document: Document) -> list[str]:
    return [
        dotted
        for dotted in DOTTED.findall(document.text)
        if not re.search(rf"\.(?:{EXTENSIONS}|{TOP_LEVEL_DOMAINS})$", dotted)
        and not _is_field_path(dotted)
        and not _resolves(dotted)
    ]


@pytest.mark.parametrize(
    "document",
    [document for document in DOCUMENTS if document.name.endswith(".md")],
    ids=lambda document: document.name,
)
def test_every_file_and_module_a_document_names_exists(document):
    assert broken_paths(document) + broken_modules(document) == []


@pytest.mark.parametrize(
    "kind", [".py", ".json"], ids=["module docstrings", "contract examples' sources"]
)
def test_every_file_and_module_a_docstring_or_example_names_exists(kind):
    missing = {
        document.name: broken_paths(document) + broken_modules(document)
        for document in DOCUMENTS
        if document.name.endswith(kind)
    }
    assert {name: names for name, names in missing.items() if names} == {}


def test_the_check_finds_what_is_not_there():
    document = Document(
        "example",
        "See `rules/research.md` §3, `tournaments.domain.final.nothing_here`, "
        "`scoring/api/fields.py` and `clubs/0099_nothing`; also research.md. Found: "
        "`people.Player`, `seasons.SeasonJob`, `docs/DESIGN.md`, `clubs/0001_initial`, "
        "`docs/contract/examples/bock-points-*.json`, `tournaments.domain.frozen.check_not_final`. "
        "Not paths: Re/Kontra, 2/3, /t/<id>/, https://example.org/a/b.md, lokalkompass.de/moers, "
        'its page ("allgemeines/regeln.html"), `test-output/`.',
        (REPO,),
    )
    assert broken_paths(document) == [
        "rules/research.md",
        "scoring/api/fields.py",
        "clubs/0099_nothing",
        "research.md",
    ]
    assert broken_modules(document) == ["tournaments.domain.final.nothing_here"]


# A numbered issue or work session (an issue's number with or without "#"; "issues" only with
# it, since a thing also issues tokens): places outside the repository
OUTSIDE_REFERENCE = re.compile(r"\b[Ii]ssue #?\d+|\b[Ii]ssues #\d+|\b[Ss]essions? #?\d+")
TEXT_FILES = re.compile(rf"\.(?:{EXTENSIONS}|jsonc)$|^bin/|^\.ci/")


def outside_references(text: str) -> list[str]:
    return OUTSIDE_REFERENCE.findall(text)


def test_no_file_cites_a_numbered_issue_or_session():
    cited = {}
    for path in sorted(FILES):
        if TEXT_FILES.search(path) and (REPO / path).is_file():
            found = outside_references((REPO / path).read_text(encoding="utf-8", errors="replace"))
            if found:
                cited[path] = found
    assert cited == {}


def test_the_citation_check_finds_them():
    issue, session = "issue", "session"  # spelled apart, or this file would cite them itself
    text = f"point 1 of {issue} #19; {issue.title()} 21, {issue}s #18; {session} 14; it issues 3"
    assert outside_references(text) == [
        f"{issue} #19",
        f"{issue.title()} 21",
        f"{issue}s #18",
        f"{session} 14",
    ]
