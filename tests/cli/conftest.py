"""Every CLI test saves into its own folder: autosaves never reach the real user data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from spielwerk.cli import files


@pytest.fixture(autouse=True)
def autosave_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder autosaves go to in this test (a name with a space, as on many systems)."""
    folder = tmp_path / "user data" / "saves"
    monkeypatch.setattr(files, "autosave_folder", lambda: folder)
    return folder
