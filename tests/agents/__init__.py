"""Agent tests: the contract, Gygès tactics and heuristics, and a toy game with dice for three players."""
