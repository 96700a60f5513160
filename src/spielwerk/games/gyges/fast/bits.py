"""Bit counts as single machine instructions inside compiled code (LLVM's ctpop, cttz and ctlz)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import types  # type: ignore[import-not-found,unused-ignore]
from numba.extending import intrinsic  # type: ignore[import-not-found,unused-ignore]


def _unary(name: str) -> Any:
    """An intrinsic taking and giving an int64, built by `name`: "ctpop", "cttz" or "ctlz"."""

    def typer(context: Any, value: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            if name == "ctpop":
                return builder.ctpop(args[0])
            flag = context.get_constant(types.boolean, False)
            return getattr(builder, name)(args[0], flag)

        return types.int64(types.int64), codegen

    typer.__name__ = name
    return intrinsic(typer)


popcount: Callable[[int], int] = _unary("ctpop")
"""The number of set bits of an int64."""
lowest: Callable[[int], int] = _unary("cttz")
"""The index of the lowest set bit (64 for 0)."""
leading: Callable[[int], int] = _unary("ctlz")
"""The number of zero bits above the highest set bit (64 for 0)."""
