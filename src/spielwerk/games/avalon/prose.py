"""The words a page shows beside an Avalon view (`Game.prose`): the verse being read, with the labels
of its options for the `choose k` buttons, and the names of the location and quest actions.

Only what the view names is told: the verse of `waiting` (the one the group is resolving, public from
its first node on) and the public action names; never a back the view keeps as `?`. Prose is English,
German or French (the content's `text.<lang>.toml`, in Avalon's catalogue); another language reads
English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.games.avalon.content import CONTENT, ChoiceNode
from spielwerk.games.avalon.say import text as said

ACTIONS = sorted({place.action.slug for place in CONTENT.locations.values() if place.action}
                 | {quest.slug for quest in CONTENT.quests.values() if quest.slug})
"""Every location and quest action's slug (`act <slug>`)."""


def prose(view: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
    """`{"title", "text", "labels"}` for `view` in `language`: the running verse's title, its
    node's text and its options' labels (`choose k`), plus every action's and guardian's name."""
    labels = {f"act {slug}": said(f"action.{slug}", language) for slug in ACTIONS}
    labels |= {f"challenge {slug}": said(f"guardian.{slug}", language) for slug in CONTENT.guardians}
    waiting = view.get("waiting") or {}
    verse = CONTENT.verses.get(str(waiting.get("verse", "")))
    node_name = str(waiting.get("node", ""))
    if verse is None or node_name not in verse.nodes:
        return {"title": "", "text": "", "labels": labels}
    node = verse.nodes[node_name]
    if isinstance(node, ChoiceNode):
        labels |= {f"choose {k}": said(f"verse.{verse.id}.{node_name}.{k}", language)
                   for k in range(1, len(node.options) + 1)}
    return {
        "title": said("prose.title", language, place=said(f"location.{verse.location}", language),
                      verse=verse.id),
        "text": said(f"verse.{verse.id}.{node_name}", language),
        "labels": labels,
    }
