"""Avalon: the day cycle of Tainted Grail as a co-operative game for 1–4 players (rules/avalon.md)."""
