"""Positions and boards as data (layouts, their files, JSON); every room may import it."""
