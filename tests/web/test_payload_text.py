"""A payload's JSON text: what the answer to an action and every push of that ply send."""

from __future__ import annotations

import json

from spielwerk.web.payload import encode


def test_encode_is_compact_json_and_takes_what_orjson_refuses() -> None:
    answer = {"view": {"cells": [1, 2]}, "name": "Gygès", "seed": 2**70, "result": None}
    text = encode(answer)
    assert json.loads(text) == answer
    assert ", " not in text and ": " not in text
    assert json.loads(encode({"a": [1.5, True]})) == {"a": [1.5, True]}
