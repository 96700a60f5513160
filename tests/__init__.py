"""spielwerk tests: the conformance suite over every game, and one folder per game."""
