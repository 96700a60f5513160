"""The `spielwerk` command: play in a terminal, replay saved games, render pictures, list games.

A thin adapter over the public contract: it holds no rules, only asks states for their views,
legal actions and pictures, and applies what people and agents choose.
"""
