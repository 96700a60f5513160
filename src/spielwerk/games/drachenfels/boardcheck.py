"""Checks a Drachenfels board file against the requirements of rules/drachenfels.md ("Board").

`validate(data)` takes the data of a board file (as `tomllib` reads it) and returns every problem,
each naming the field and the requirement; `python -m spielwerk.games.drachenfels.boardcheck FILE`
prints them, or "ok" with a summary. A transcription of the printed board must pass it too.
"""

from __future__ import annotations

import math
import sys
import tomllib
from collections import Counter, deque
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from spielwerk.core import wording

KINDS = (
    "castle",
    "start",
    "rainbow-rock",
    "rock-castle",
    "crossing",
    "hole",
    "star",
    "dragon-rock",
    "green",
    "land",
)
NAMED = {
    "castle": ("K",),
    "start": ("S1", "S2", "S3", "S4"),
    "rainbow-rock": ("R1", "R2", "R3", "R4"),
    "rock-castle": ("C1", "C2", "C3", "C4"),
    "crossing": ("X1", "X2", "X3", "X4"),
    "hole": ("H1", "H2", "H3", "H4"),
    "dragon-rock": ("D1", "D2", "D3", "D4"),
}
"""The kinds whose fields have fixed names; stars, green and land fields are numbered 1, 2, …"""
NOT_LAND = frozenset({"castle", "rock-castle", "crossing", "hole"})
"""Every other kind is a land field: knights walk over it without a bridge or rainbow."""
STARS, MIN_GREEN = 4, 8
MIN_FIELDS, MAX_FIELDS = 70, 110
RAINBOW_STEPS = (6, 10)
"""Steps from each start field to its nearest rainbow rock (no bridges)."""
MIN_CROSSING_STEPS = 12
"""Fewest steps from each start field to its nearest crossing (no bridges)."""
NEAR = 0.5
"""Start fields and rainbow rocks lie within this share of the board's reach (K to its farthest field)."""
Place = tuple[float, float]


def name_key(name: str) -> tuple[int, int, str]:
    """The board's order of names: K, S1–S4, R…, C…, X…, H…, D…, then the numbers in numeric order."""
    if name.isdigit():
        return (len(NAMED), int(name), name)
    for rank, names in enumerate(NAMED.values()):
        if name in names:
            return (rank, names.index(name), name)
    return (len(NAMED) + 1, 0, name)


def steps(neighbours: Mapping[str, Iterable[str]], source: str, closed: Iterable[str] = ()) -> dict[str, int]:
    """Fewest steps from `source` to every field it reaches, never entering a `closed` field."""
    shut = set(closed)
    found = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in found and there not in shut:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def validate(data: Mapping[str, Any]) -> list[str]:
    """Every way a board file's data falls short of the requirements ([] when it meets them all)."""
    kinds, places, problems = _read_fields(data.get("fields"))
    paths, path_problems = _read_paths(data.get("paths"), kinds)
    problems += path_problems
    if problems:
        return problems  # the rest needs well-formed fields and paths
    neighbours: dict[str, list[str]] = {name: [] for name in kinds}
    for a, b in paths:
        neighbours[a].append(b)
        neighbours[b].append(a)
    problems += _check_names(kinds)
    if any(kinds.get(name) != kind for kind, names in NAMED.items() for name in names):
        return problems  # the rest needs every named field
    problems += _check_places(kinds, places, paths)
    problems += _check_sites(kinds, neighbours)
    problems += _check_reach(kinds, neighbours)
    if not problems:
        problems += _check_fairness(kinds, neighbours)
    return problems


def _read_fields(fields: Any) -> tuple[dict[str, str], dict[str, Place], list[str]]:
    if not isinstance(fields, Mapping) or not fields:
        return {}, {}, ["the board file needs a [fields] table: name = { kind, x, y }"]
    kinds: dict[str, str] = {}
    places: dict[str, Place] = {}
    problems = []
    for name, entry in fields.items():
        if not isinstance(entry, Mapping):
            problems.append(f"{name} must be a table {{ kind, x, y }}")
            continue
        kind = entry.get("kind")
        if kind not in KINDS:
            problems.append(f"{name} has an unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
        x, y = _number(entry.get("x")), _number(entry.get("y"))
        if x is None or y is None:
            problems.append(f"{name} needs numbers x and y (its place on the drawing)")
        else:
            places[name] = (x, y)
        kinds[name] = str(kind)
        if "-" in name or not name.strip() or name != name.strip():
            problems.append(f"{name!r} is not a field name: names have no spaces and no '-'")
    return kinds, places, problems


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _read_paths(paths: Any, kinds: Mapping[str, str]) -> tuple[list[tuple[str, str]], list[str]]:
    if not isinstance(paths, list):
        return [], ['the board file needs a list paths = ["a-b", …]']
    found: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    problems = []
    for text in paths:
        a, dash, b = text.partition("-") if isinstance(text, str) else ("", "", "")
        if not dash or not a or not b:
            problems.append(f"path {text!r} is not two field names joined by '-'")
            continue
        missing = [name for name in (a, b) if name not in kinds]
        if missing:
            problems.append(f"path {text} names {' and '.join(missing)}, which is no field")
        elif a == b:
            problems.append(f"path {text} joins {a} to itself")
        elif frozenset((a, b)) in seen:
            problems.append(f"path {text} is listed twice")
        else:
            seen.add(frozenset((a, b)))
            found.append((a, b))
    return found, problems


def _check_names(kinds: Mapping[str, str]) -> list[str]:
    problems = []
    if not MIN_FIELDS <= len(kinds) <= MAX_FIELDS:
        problems.append(f"the board has {len(kinds)} fields; it needs {MIN_FIELDS}–{MAX_FIELDS}")
    for kind, names in NAMED.items():
        for name in names:
            if name not in kinds:
                problems.append(f"{name} is missing: the {kind} fields are {', '.join(names)}")
            elif kinds[name] != kind:
                problems.append(f"{name} must be a {kind} field, not {kinds[name]}")
    numbers = []
    for name, kind in kinds.items():
        if kind in NAMED and name not in NAMED[kind]:
            problems.append(
                f"{name} cannot be a {kind} field: the {kind} fields are {', '.join(NAMED[kind])}"
            )
        if kind not in NAMED and not (name.isdigit() and name.isascii() and not name.startswith("0")):
            problems.append(f"{name} is a {kind} field, so its name must be a number (1, 2, …)")
        elif kind not in NAMED:
            numbers.append(int(name))
    gaps = sorted(set(range(1, len(numbers) + 1)) - set(numbers))
    if gaps:
        shown = ", ".join(map(str, gaps[:8]))
        problems.append(f"the numbered fields must be 1–{len(numbers)} without gaps; missing: {shown}")
    counts = Counter(kinds.values())
    if counts["star"] != STARS:
        problems.append(f"the board has {counts['star']} star fields; it needs exactly {STARS}")
    if counts["green"] < MIN_GREEN:
        problems.append(f"the board has {counts['green']} green fields; it needs at least {MIN_GREEN}")
    return problems


def _check_places(
    kinds: Mapping[str, str], places: Mapping[str, Place], paths: list[tuple[str, str]]
) -> list[str]:
    problems = []
    by_place: dict[Place, str] = {}
    for name, place in places.items():
        if place in by_place:
            problems.append(f"{by_place[place]} and {name} share the place {place}: places must differ")
        by_place.setdefault(place, name)
    xs, ys = [x for x, _ in places.values()], [y for _, y in places.values()]
    centre, (kx, ky) = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), places["K"]
    reach = max(math.dist(places["K"], place) for place in places.values())
    if math.dist(centre, (kx, ky)) > 0.05 * reach:
        problems.append("K must be in the middle of the board (the centre of all fields' places)")
    others = max(math.dist(places["K"], p) for n, p in places.items() if kinds[n] != "rock-castle")
    for name in NAMED["rock-castle"]:
        if math.dist(places["K"], places[name]) <= others:
            problems.append(f"{name} must be in a corner: no field may be farther from K than a rock castle")
    for kind in ("rock-castle", "star", "green"):  # four rock castles and stars: one in each quarter
        quarters = {_quarter(places[n], (kx, ky)) for n, k in kinds.items() if k == kind}
        if len(quarters) != 4:
            problems.append(f"the {kind} fields must be spread over all four quarters of the board around K")
    for name, kind in kinds.items():
        if kind in ("start", "rainbow-rock") and math.dist(places["K"], places[name]) > NEAR * reach:
            problems.append(
                f"{name} must be near the castle: {kind} fields lie within half the board's reach of K"
            )
    problems += _check_drawing(places, paths)
    return problems


def _quarter(place: Place, centre: Place) -> int:
    return math.floor(math.atan2(place[1] - centre[1], place[0] - centre[0]) / (math.pi / 2)) % 4


def _check_drawing(places: Mapping[str, Place], paths: list[tuple[str, str]]) -> list[str]:
    """Paths drawn as straight lines between their fields may not cross or run over a field."""
    problems = []
    for i, (a, b) in enumerate(paths):
        pa, pb = places[a], places[b]
        for name, place in places.items():
            if name not in (a, b) and _turn(pa, pb, place) == 0 and _within(pa, pb, place):
                problems.append(f"path {a}-{b} runs over {name}: draw it around the field")
        for c, d in paths[i + 1 :]:
            if {a, b} & {c, d}:
                continue
            pc, pd = places[c], places[d]
            if _turn(pa, pb, pc) * _turn(pa, pb, pd) < 0 and _turn(pc, pd, pa) * _turn(pc, pd, pb) < 0:
                problems.append(
                    f"paths {a}-{b} and {c}-{d} cross: the board must be drawable without crossings"
                )
    return problems


def _turn(a: Place, b: Place, c: Place) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _within(a: Place, b: Place, c: Place) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def _check_sites(kinds: Mapping[str, str], neighbours: Mapping[str, list[str]]) -> list[str]:
    problems = []

    def has(name: str) -> str:
        ways = neighbours[name]
        return f"it has {len(ways)}" + (f": {', '.join(sorted(ways, key=name_key))}" if ways else "")

    if neighbours["K"]:
        problems.append(f"K must have no paths (the castle is reached only over rainbows); {has('K')}")
    for castle, crossing in zip(NAMED["rock-castle"], NAMED["crossing"], strict=True):
        if neighbours[castle] != [crossing]:
            problems.append(f"{castle} must have exactly one path, to {crossing}; {has(castle)}")
        land = [n for n in neighbours[crossing] if kinds[n] not in NOT_LAND]
        if sorted(neighbours[crossing]) != sorted([castle, *land]) or len(land) != 1:
            problems.append(
                f"{crossing} must have exactly two paths, to {castle} and to one land field; {has(crossing)}"
            )
    for hole in NAMED["hole"]:
        if len(neighbours[hole]) != 2 or any(kinds[n] in NOT_LAND for n in neighbours[hole]):
            problems.append(f"{hole} must have exactly two paths, both to land fields; {has(hole)}")
    return problems


def _check_reach(kinds: Mapping[str, str], neighbours: Mapping[str, list[str]]) -> list[str]:
    problems = []
    land = sorted((n for n, k in kinds.items() if k not in NOT_LAND), key=name_key)
    closed = [n for n, k in kinds.items() if k in ("hole", "crossing")]
    start = NAMED["start"][0]  # paths go both ways: what S1 reaches reaches every start field
    bridged = steps(neighbours, start)
    lost = [n for n in sorted(kinds, key=name_key) if n != "K" and n not in bridged]
    if lost:
        problems.append(
            f"{', '.join(lost[:6])} cannot be reached from {start} even with every hole and crossing bridged"
        )
    unbridged = steps(neighbours, start, closed)
    lost = [n for n in land if n not in unbridged and n in bridged]
    if lost:
        problems.append(
            f"with every hole and crossing unbridged, {', '.join(lost[:6])} cannot be reached "
            f"from {start}: holes must be shortcuts, the land must hang together without them"
        )
    for name in land:
        if len(neighbours[name]) < 2:
            problems.append(f"{name} is a dead end (one path or none): land fields need two paths or more")
    return problems


def start_distances(
    kinds: Mapping[str, str], neighbours: Mapping[str, list[str]], start: str
) -> dict[str, list[int]]:
    """Sorted steps (no bridges, rainbows or star flights) from a start field to each kind of goal."""
    holes = [n for n, k in kinds.items() if k == "hole"]
    land = steps(neighbours, start, [*holes, *NAMED["crossing"]])
    to_crossings = steps(neighbours, start, holes)  # a crossing's step is the one onto it
    found = {
        kind: sorted(land.get(n, -1) for n, k in kinds.items() if k == kind)
        for kind in ("rainbow-rock", "star")
    }
    found["crossing"] = sorted(to_crossings.get(n, -1) for n in NAMED["crossing"])
    return found


def _check_fairness(kinds: Mapping[str, str], neighbours: Mapping[str, list[str]]) -> list[str]:
    problems = []
    first = NAMED["start"][0]
    reference = start_distances(kinds, neighbours, first)
    for start in NAMED["start"]:
        found = start_distances(kinds, neighbours, start)
        for kind, distances in found.items():
            if distances != reference[kind]:
                problems.append(
                    f"{start} is not as far from the {kind} fields as {first} ({distances} against "
                    f"{reference[kind]}): the board must be fair to every start field"
                )
        low, high = RAINBOW_STEPS
        nearest = found["rainbow-rock"][0]
        if not low <= nearest <= high:
            problems.append(
                f"{start} is {wording.counted(nearest, 'step')} from its nearest rainbow rock; "
                f"it must be {low}–{high}"
            )
        nearest = found["crossing"][0]
        if nearest < MIN_CROSSING_STEPS:
            problems.append(
                f"{start} is {wording.counted(nearest, 'step')} from its nearest crossing; "
                "it must be at least "
                f"{MIN_CROSSING_STEPS}"
            )
    return problems


def summary(data: Mapping[str, Any]) -> list[str]:
    """A valid board's fields per kind and the distances from the first start field."""
    kinds = {name: str(entry["kind"]) for name, entry in data["fields"].items()}
    neighbours: dict[str, list[str]] = {name: [] for name in kinds}
    for text in data["paths"]:
        a, _, b = text.partition("-")
        neighbours[a].append(b)
        neighbours[b].append(a)
    counts = Counter(kinds.values())
    found = start_distances(kinds, neighbours, "S1")
    rocks = [
        steps(neighbours, "S1", [n for n, k in kinds.items() if k == "hole"]).get(n, -1)
        for n in NAMED["rock-castle"]
    ]
    return [
        f"{len(kinds)} fields, {len(data['paths'])} paths: "
        + ", ".join(f"{kind} {counts[kind]}" for kind in KINDS),
        "steps from every start field (no bridges, rainbows or star flights; each start alike):",
        f"  to the rainbow rocks {found['rainbow-rock']}; to the castle {found['rainbow-rock'][0] + 1} "
        "(one step more, over a rainbow)",
        f"  to the stars {found['star']}",
        f"  to the crossings {found['crossing']} and the rock castles {sorted(rocks)} (crossings bridged)",
    ]


def main(argv: list[str]) -> int:
    """Check the board file named in `argv`; 0 when it is fine, 1 on problems, 2 when unreadable."""
    if len(argv) != 1:
        print("usage: python -m spielwerk.games.drachenfels.boardcheck FILE")
        return 2
    try:
        data = tomllib.loads(Path(argv[0]).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        print(f"cannot read the board: {error}")
        return 2
    problems = validate(data)
    for problem in problems:
        print(problem)
    if not problems:
        print("ok")
        for line in summary(data):
            print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
