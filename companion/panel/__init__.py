"""LEDs and buttons on the GPIO header, through gpiozero, on real pins or mock pins.

The panel only shows what the referee tells it and reports what the players press; it
knows no rules. Off the Pi it runs on gpiozero's MockFactory, and :meth:`Panel.state`
gives the page a virtual panel to draw.

Imported by listen, the table, the page and the command line (docs/architecture.md).
"""

from companion.panel.factory import make_pin_factory, mock_factory
from companion.panel.panel import BUTTONS, Panel, PanelEvent, PanelState, Verdict

__all__ = [
    "BUTTONS",
    "Panel",
    "PanelEvent",
    "PanelState",
    "Verdict",
    "make_pin_factory",
    "mock_factory",
]
