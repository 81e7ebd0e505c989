"""Each player's rating over time, as one SVG line chart drawn on the server (no script): a line per
player, told apart by colour and by dash pattern and named in a legend beside its last point."""

from __future__ import annotations

from .html import esc

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 150, 16, 32
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
SHOWN_MAX = 16
"""The most players one chart draws (the league's standings list everyone)."""


def rating_chart(series: dict[str, list[float]], title: str) -> str:
    """``series``: player name -> the rating shown after each of their rated games, oldest first."""
    drawn = {name: points for name, points in list(series.items())[:SHOWN_MAX] if points}
    if not drawn:
        return "<p>No rated game yet.</p>"
    values = [v for points in drawn.values() for v in points]
    low, high = min(values + [0.0]), max(values + [1.0])
    span = (high - low) or 1.0
    games = max(len(points) for points in drawn.values())
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / (games - 1) if games > 1 else inner_w / 2)

    def y(v: float) -> float:
        return TOP + inner_h * (1 - (v - low) / span)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title">',
        f'<title id="chart-title">{esc(title)}</title>',
        f'<line x1="{LEFT}" y1="{TOP + inner_h}" x2="{LEFT + inner_w}" y2="{TOP + inner_h}" class="axis"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + inner_h}" class="axis"/>',
        f'<text x="{LEFT - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high:.1f}</text>',
        f'<text x="{LEFT - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low:.1f}</text>',
        f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">rated games</text>',
    ]
    for n, (name, points) in enumerate(drawn.items()):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[(n // len(COLOURS) + n) % len(DASHES)]
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dashed}>'
            f"<title>{esc(name)}: {points[-1]:.1f}</title></polyline>"
        )
        last_x, last_y = x(len(points) - 1), y(points[-1])
        parts.append(f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3.5" fill="{colour}"/>')
        legend_y = TOP + 14 + 18 * n
        parts.append(
            f'<line x1="{WIDTH - RIGHT + 12}" y1="{legend_y - 4}" x2="{WIDTH - RIGHT + 32}" '
            f'y2="{legend_y - 4}" stroke="{colour}" stroke-width="2.5"{dashed}/>'
            f'<text x="{WIDTH - RIGHT + 38}" y="{legend_y}">{esc(name[:16])} {points[-1]:.1f}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["rating_chart"]
