"""Positions and boards as data (layouts, files, JSON); the rules and rooms above import it."""
