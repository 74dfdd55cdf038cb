"""A club with many tables: every table publishes its journal to the club's MQTT broker
(:mod:`~companion.hub.publisher`), and ``companion hub`` keeps every table's games and
shows them on one page (:mod:`~companion.hub.store`, :mod:`~companion.hub.listener`,
:mod:`~companion.hub.web`). docs/hub.md tells the design and its figures.

On the top floor (docs/architecture.md): imported only by the command line.
"""
