"""The board companion: a camera referee for tabletop games.

The core (layouts, positions, rules, notation) imports neither Flask nor a camera
nor GPIO; vision, camera, web and panel sit at the edges.
"""

__version__ = "0.1.0"
