"""Small statistics for benchmark tables (they live in the package: `spielwerk.arena.stats`)."""

from __future__ import annotations

from spielwerk.arena.stats import sign_test, wilson

__all__ = ["sign_test", "wilson"]
