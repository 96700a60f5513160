"""numba's cached machine code for Gygès is dropped when any file it is made from changes, not only
the file of the function it was compiled for (numba's own check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spielwerk.games.gyges import fast

needs_numba = pytest.mark.skipif(fast.compiled() is None, reason="no compiled generator: numba is missing")


def _cache_with_sources(folder: Path) -> tuple[Path, list[Path]]:
    sources = [folder / "walks.py", folder / "count.py"]
    for source in sources:
        source.write_text(f"# {source.name}\n")
    cache = folder / "__pycache__"
    cache.mkdir()
    names = ("count.count_batch-96.py311.nbi", "count.count_batch-96.py311.1.nbc", "count.cpython-311.pyc")
    for name in names:
        (cache / name).write_bytes(b"machine code")
    return cache, sources


@needs_numba
def test_gyges_fast_cache__a_change_to_a_called_file_drops_every_cached_function(tmp_path: Path) -> None:
    from spielwerk.games.gyges.fast.base import drop_stale_cache

    cache, sources = _cache_with_sources(tmp_path)
    assert drop_stale_cache(cache, sources)  # no stamp yet: made from unknown sources
    assert sorted(path.name for path in cache.iterdir()) == ["count.cpython-311.pyc", "sources.sha256"]

    (cache / "count.count_batch-96.py311.nbi").write_bytes(b"machine code")
    assert not drop_stale_cache(cache, sources)  # the same sources: kept
    assert (cache / "count.count_batch-96.py311.nbi").exists()

    sources[0].write_text("# walks.py, changed\n")  # count.py itself unchanged
    assert drop_stale_cache(cache, sources)
    assert not (cache / "count.count_batch-96.py311.nbi").exists()
    assert (cache / "count.cpython-311.pyc").exists()


@needs_numba
def test_gyges_fast_cache__the_sources_are_every_compiled_module_and_the_board() -> None:
    from spielwerk.games.gyges.fast.base import SOURCES

    names = {path.name for path in SOURCES}
    assert {"walks.py", "count.py", "kernels.py", "leaves.py", "twoply.py", "base.py", "board.py"} <= names
    assert all(path.is_file() for path in SOURCES)


@needs_numba
def test_gyges_fast_cache__sources_it_cannot_read_leave_the_cache_alone(tmp_path: Path) -> None:
    from spielwerk.games.gyges.fast.base import drop_stale_cache

    cache, sources = _cache_with_sources(tmp_path)
    assert not drop_stale_cache(cache, [*sources, tmp_path / "missing.py"])  # say, inside a zip file
    assert (cache / "count.count_batch-96.py311.nbi").exists()
