"""Tests of the `spielwerk` command: play driven by scripted input, replay, render, games."""
