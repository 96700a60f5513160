"""Avalon tests: the content files and their checker."""
