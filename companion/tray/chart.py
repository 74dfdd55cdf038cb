"""The per-face counts of one group of dice as a bar chart in SVG, drawn here (no chart
library on the page): one bar per face with its count above it, the face below, and a
dashed line at the count a fair die is expected to show. A suspect group's bars are drawn
in the warning colour, the face named by the test darkest."""

from __future__ import annotations

from html import escape

from companion.tray.tally import Group

__all__ = ["bar_chart"]

WIDTH, HEIGHT = 300, 160
TOP, BOTTOM, SIDE = 18, 22, 8


def bar_chart(group: Group, title: str = "") -> str:
    """The SVG (a string, to be put into the page as it is) of ``group``'s counts."""
    fair = group.fairness
    faces = sorted(fair.counts)
    expected = fair.rolls / len(faces) if faces else 0.0
    highest = max([*fair.counts.values(), expected, 1.0])
    step = (WIDTH - 2 * SIDE) / max(1, len(faces))
    room = HEIGHT - TOP - BOTTOM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tray-chart" viewBox="0 0 {WIDTH} '
        f'{HEIGHT}" role="img" aria-label="{escape(title)}" data-kind="{escape(group.kind)}" '
        f'data-colour="{escape(group.colour)}" data-rolls="{fair.rolls}">',
        f"<title>{escape(title)}</title>",
    ]
    for i, face in enumerate(faces):
        count = fair.counts[face]
        h = room * count / highest
        x = SIDE + i * step + step * 0.15
        y = TOP + room - h
        cls = "bar"
        if fair.suspect:
            cls += " suspect" + (" named" if face == fair.face else "")
        parts.append(
            f'<rect class="{cls}" data-face="{face}" data-count="{count}" x="{x:.1f}" '
            f'y="{y:.1f}" width="{step * 0.7:.1f}" height="{h:.1f}"/>'
        )
        middle = x + step * 0.35
        parts.append(f'<text class="count" x="{middle:.1f}" y="{y - 3:.1f}">{count}</text>')
        parts.append(f'<text class="face" x="{middle:.1f}" y="{HEIGHT - 6}">{face}</text>')
    if fair.rolls:
        y = TOP + room - room * expected / highest
        parts.append(
            f'<line class="expected" x1="{SIDE}" x2="{WIDTH - SIDE}" y1="{y:.1f}" y2="{y:.1f}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
