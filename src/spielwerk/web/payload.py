"""What one seat (or a spectator) is sent of a game: only what `state.view(seat)` and the seat's own
history and narration hold; the seed only in the record of a finished game. The engine's English
stays as it is (`view`, `history`); the narration and `words` are in the language asked for."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from spielwerk.core.state import State
from spielwerk.web import speech

try:
    import orjson
except ImportError:  # pragma: no cover - orjson comes with the web extra
    orjson = None  # type: ignore[assignment]


def payload(state: State, seat: int | None, lang: str = "en",
            narration: list[str] | None = None) -> dict[str, Any]:
    """`{"view", "legal", "to_move", "ply", "is_over", "history", "result", "narration", "words"}` for
    `seat` (None: a spectator) in `lang`; `"record"` (the full one, seed included) once the game is
    over, and `"ended"` where the referee ended it (a resignation, a time-out). `narration`: the seat's
    lines in `lang` where the caller keeps them (else they are told here)."""
    over = state.is_over
    to_move = None if over or state.is_chance else state.to_move
    legal = [str(action) for action in state.legal_actions()] if seat is not None and seat == to_move else []
    view = state.view(seat)
    answer: dict[str, Any] = {
        "view": view,
        "legal": legal,
        "to_move": to_move,
        "ply": len(state.history),
        "is_over": over,
        "history": state.history_for(seat),
        "result": state.returns() if over else None,
        "narration": state.narration(seat, lang) if narration is None else narration,
        "words": speech.words(state, seat, view, legal, lang),
    }
    if over:
        answer["record"] = state.record()
    ending = state.ending
    if ending is not None:
        result = view.get("result")
        reason = result.get("reason") if isinstance(result, dict) else None
        answer["ended"] = {"by": ending.by, "seat": ending.seat, "reason": reason}
    return answer


def encode(answer: dict[str, Any]) -> str:
    """`answer` as compact JSON text (orjson where it imports: several times faster; the standard
    library for what orjson refuses, such as a record's seed past 64 bits)."""
    if orjson is not None:
        with contextlib.suppress(TypeError):
            return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
