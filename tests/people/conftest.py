"""Every people test sees its writes turn the cached reads over (as after a commit)."""

from types import SimpleNamespace

import pytest

from karlchen import changes


@pytest.fixture(autouse=True)
def committed(monkeypatch):
    monkeypatch.setattr(changes, "transaction", SimpleNamespace(on_commit=lambda work: work()))
