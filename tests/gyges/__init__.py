"""Gygès rule tests, golden counts, and a simple reference move generator to compare against."""
