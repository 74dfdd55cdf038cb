"""The dice tray: every roll the camera (or a phone) sees, read, kept and tested for
fairness, for any dice game (docs/tray.md).

Imported by the table, the page and the command line (docs/architecture.md).
"""
