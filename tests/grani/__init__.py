"""Grani rule tests, a simple reference move generator to compare against, and the board and pictures."""
