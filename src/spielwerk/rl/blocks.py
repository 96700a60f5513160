"""Named blocks laid end to end in one flat range: action index spaces and observation layouts."""

from __future__ import annotations

from math import prod


class Blocks:
    """Named blocks, each of a fixed shape, laid end to end in the order given.

    An action index space is one (`index("move", start, end, put)`, `locate(i)`); so is an observation
    vector (`offset`, `shape` say where each named part lies).
    """

    def __init__(self, *blocks: tuple[str, tuple[int, ...]]) -> None:
        self._shapes: dict[str, tuple[int, ...]] = {}
        self._offsets: dict[str, int] = {}
        self._sizes: dict[str, int] = {}
        offset = 0
        for name, shape in blocks:
            self._shapes[name], self._offsets[name], self._sizes[name] = shape, offset, prod(shape)
            offset += self._sizes[name]
        self.size = offset

    def offset(self, name: str) -> int:
        """Where block `name` begins."""
        return self._offsets[name]

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of block `name`."""
        return self._shapes[name]

    def span(self, name: str) -> slice:
        """The range block `name` covers."""
        start = self._offsets[name]
        return slice(start, start + self._sizes[name])

    def index(self, name: str, *coords: int) -> int:
        """The flat index of `coords` within block `name` (row-major); ValueError outside it."""
        shape = self._shapes[name]
        if len(coords) != len(shape) or not all(0 <= c < n for c, n in zip(coords, shape, strict=True)):
            raise ValueError(f"{coords} lies outside block {name!r} of shape {shape}")
        flat = 0
        for coord, size in zip(coords, shape, strict=True):
            flat = flat * size + coord
        return self._offsets[name] + flat

    def locate(self, index: int) -> tuple[str, tuple[int, ...]]:
        """The block and coordinates of a flat index; IndexError outside the range."""
        if isinstance(index, bool) or not 0 <= index < self.size:
            raise IndexError(f"index {index!r} lies outside 0..{self.size - 1}")
        for name, start in reversed(self._offsets.items()):
            if index >= start and self._sizes[name]:
                flat, coords = index - start, []
                for size in reversed(self._shapes[name]):
                    flat, coord = divmod(flat, size)
                    coords.append(coord)
                return name, tuple(reversed(coords))
        raise IndexError(index)  # pragma: no cover - every index in range lies in a block

    def describe(self) -> dict[str, dict[str, object]]:
        """Every block's offset and shape, in order (for documentation and users' reshaping)."""
        return {name: {"offset": self._offsets[name], "shape": shape} for name, shape in self._shapes.items()}
