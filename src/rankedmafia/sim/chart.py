"""Charts of a simulation report: a PNG (matplotlib, the optional extra `sim`) or a self-contained HTML page
with inline SVG (no dependency)."""

from __future__ import annotations

import html
import importlib
from pathlib import Path
from typing import Any

WIDTH = 720
BAR = 26
GAP = 10
LABEL = 150
COLORS = {"town": "#2e7d32", "mafia": "#c62828", "maniac": "#6a1b9a", "draw": "#757575", "stalemate": "#9e9e9e"}
OTHER = "#1565c0"


class ChartError(Exception):
    """A chart that cannot be drawn (an unknown format, matplotlib missing)."""


FORMATS = (".png", ".html", ".htm", ".svg")


def check_chart_path(path: Path) -> None:
    """Refuses an unknown format, or a PNG without matplotlib, before any game is played."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ChartError(f"unknown chart format {suffix or path.name!r}: use .png, .html or .svg")
    if suffix == ".png":
        _matplotlib()


def _matplotlib() -> tuple[Any, Any]:
    try:
        figure_module: Any = importlib.import_module("matplotlib.figure")
        agg: Any = importlib.import_module("matplotlib.backends.backend_agg")
    except ImportError:
        raise ChartError("a PNG chart needs matplotlib: pip install 'rankedmafia[sim]' "
                         "(or ask for an .html chart, which needs nothing)") from None
    return figure_module, agg


def write_chart(report: dict[str, Any], path: Path) -> None:
    """PNG for a .png path, an HTML page for .html/.htm, a bare SVG for .svg."""
    suffix = path.suffix.lower()
    if suffix == ".png":
        write_png(report, path)
    elif suffix in (".html", ".htm"):
        path.write_text(html_page(report), encoding="utf-8")
    elif suffix == ".svg":
        path.write_text(svg(report), encoding="utf-8")
    else:
        raise ChartError(f"unknown chart format {suffix or path.name!r}: use .png, .html or .svg")


def _bars(report: dict[str, Any]) -> tuple[list[tuple[str, float, float, float]], list[tuple[str, float]]]:
    sides = [(side, s["rate"], s["ci95"][0], s["ci95"][1]) for side, s in report["sides"].items()]
    roles = [(role, r["rate"]) for role, r in report["survival"].items()]
    return sides, roles


def _title(report: dict[str, Any]) -> str:
    return (f"{report['setup']}: {report['games']} games, policy {report['policy']}, seed {report['seed']}, "
            f"{report['average_days']:.2f} days on average")


def write_png(report: dict[str, Any], path: Path) -> None:
    figure_module, agg = _matplotlib()
    sides, roles = _bars(report)
    figure = figure_module.Figure(figsize=(9, 4.2 + 0.25 * len(roles)), dpi=110)
    agg.FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
    names = [side for side, *_ in sides]
    rates = [rate for _, rate, _, _ in sides]
    errors = [[rate - low for _, rate, low, _ in sides], [high - rate for _, rate, _, high in sides]]
    left.bar(names, rates, yerr=errors, capsize=5, color=[COLORS.get(n, OTHER) for n in names])
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95% Wilson interval)")
    left.set_title("Wins by side")
    for index, (_, rate, _, high) in enumerate(sides):
        left.text(index, high + 0.02, f"{rate:.1%}", ha="center", fontsize=8)
    right.barh([role for role, _ in roles], [rate for _, rate in roles], color=OTHER)
    right.invert_yaxis()
    right.set_xlim(0, 1)
    right.set_xlabel("survival rate")
    right.set_title("Survival by role")
    figure.suptitle(_title(report), fontsize=9)
    figure.tight_layout()
    figure.savefig(path, format="png")


def _label(y: int, text: str) -> str:
    return f'<text x="{LABEL - 8}" y="{y + BAR * 0.7:.0f}" text-anchor="end">{html.escape(text)}</text>'


def svg(report: dict[str, Any]) -> str:
    """Two bar charts as one inline SVG: wins by side with their 95% intervals, survival by role."""
    sides, roles = _bars(report)
    plot = WIDTH - LABEL - 70
    rows: list[str] = []
    y = 30
    rows.append(f'<text x="10" y="{y - 10}" class="h">Wins by side (95% Wilson interval)</text>')
    for side, rate, low, high in sides:
        color = COLORS.get(side, OTHER)
        rows.append(_label(y, side))
        rows.append(f'<rect x="{LABEL}" y="{y}" width="{plot * rate:.1f}" height="{BAR}" fill="{color}">'
                    f'<title>{html.escape(side)}: {rate:.2%} [{low:.2%}, {high:.2%}]</title></rect>')
        mid = y + BAR / 2
        rows.append(f'<line x1="{LABEL + plot * low:.1f}" x2="{LABEL + plot * high:.1f}" '
                    f'y1="{mid}" y2="{mid}" stroke="#000" stroke-width="2"/>')
        rows.append(f'<text x="{LABEL + plot * high + 6:.1f}" y="{y + BAR * 0.7:.0f}">{rate:.1%}</text>')
        y += BAR + GAP
    y += 30
    rows.append(f'<text x="10" y="{y - 10}" class="h">Survival by role</text>')
    for role, rate in roles:
        rows.append(_label(y, role))
        rows.append(f'<rect x="{LABEL}" y="{y}" width="{plot * rate:.1f}" height="{BAR}" fill="{OTHER}">'
                    f'<title>{html.escape(role)}: {rate:.2%}</title></rect>')
        rows.append(f'<text x="{LABEL + plot * rate + 6:.1f}" y="{y + BAR * 0.7:.0f}">{rate:.1%}</text>')
        y += BAR + GAP
    height = y + 10
    body = "\n".join(rows)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">\n'
            '<style>.h { font-weight: bold; }</style>\n'
            f'<line x1="{LABEL}" x2="{LABEL}" y1="20" y2="{height - 10}" stroke="#999"/>\n{body}\n</svg>\n')


def html_page(report: dict[str, Any]) -> str:
    """A page that needs nothing else: the title, the chart as inline SVG, and the figures in tables."""
    side_rows = "".join(
        f"<tr><td>{html.escape(side)}</td><td>{s['wins']}</td><td>{s['rate']:.2%}</td>"
        f"<td>{s['ci95'][0]:.2%} – {s['ci95'][1]:.2%}</td></tr>" for side, s in report["sides"].items())
    role_rows = "".join(
        f"<tr><td>{html.escape(role)}</td><td>{r['seats']}</td><td>{r['survived']}</td><td>{r['rate']:.2%}</td></tr>"
        for role, r in report["survival"].items())
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{html.escape(report['setup'])}: simulation</title>
<style>body {{ font-family: sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #ccc; padding: 4px 10px; text-align: right; }}
td:first-child {{ text-align: left; }}
</style></head>
<body>
<h1>{html.escape(_title(report))}</h1>
{svg(report)}
<h2>Wins by side</h2>
<table><tr><th>side</th><th>wins</th><th>rate</th><th>95% interval</th></tr>{side_rows}</table>
<h2>Survival by role</h2>
<table><tr><th>role</th><th>seats</th><th>survived</th><th>rate</th></tr>{role_rows}</table>
</body>
</html>
"""
