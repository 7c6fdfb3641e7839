"""Which code is running, as a fingerprint of its source: cached reads are kept per release.

A cached body (``karlchen.changes``) is current while nothing it reads changes; a new release
that shapes or words it differently must not serve the old one (a finished tournament changes
no more, so its old body would be served for ever). The fingerprint hashes the code, templates
and catalogs that make the bodies; it is read once per process, the first time it is needed.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

from django.conf import settings

# What shapes or words a body, and what never does (or is not deployed).
MADE_OF = (".py", ".html", ".txt", ".js", ".po")
LEFT_OUT = {"tests", "bench", "docs", "node_modules", "staticfiles", "__pycache__"}


@cache
def release() -> str:
    return fingerprint(Path(settings.BASE_DIR))


def fingerprint(root: Path) -> str:
    digest = hashlib.sha256()
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(
            name for name in subdirectories if name not in LEFT_OUT and not name.startswith(".")
        )
        for name in sorted(files):
            if name.endswith(MADE_OF):
                path = Path(directory, name)
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
