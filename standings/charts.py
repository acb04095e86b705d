"""Charts drawn on the server as SVG markup: a line chart and a bar chart.

Pure Python (no Django, nothing of ours), so a web page and a WeasyPrint PDF embed the same
markup. The SVG has no ``style`` attribute and no ``<style>`` or ``<script>`` element, only
presentation attributes and ``class`` names, so a strict Content Security Policy lets it through.
It sizes itself with ``viewBox`` and ``width="100%"``: it fills its container, shrinking to a
phone's width with its proportions kept (a page's stylesheet may cap it through ``.chart``).

Text is placed without measuring fonts (the server has no layout engine), so widths are
estimated: a wide (CJK) character counts 1 em, any other 0.6 em.
"""

from __future__ import annotations

import hashlib
import html
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

FONT_FAMILY = "IPAexGothic, 'Noto Sans CJK JP', sans-serif"
FONT_SIZE = 12
TITLE_SIZE = 15
TEXT_COLOUR = "#222222"  # on the white a page's CSS gives ``svg.chart`` (standings.css): 15.9:1
GRID_COLOUR = "#dddddd"
AXIS_COLOUR = "#555555"
# Okabe-Ito: told apart with any colour vision; the dashes tell series apart in grey print too.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "7 3", "2 2", "8 3 2 3", "4 4", "1 3")
BAR_COLOUR = PALETTE[0]

EDGE = 8  # blank border inside the viewBox
TOP = 44  # the title, and room for a value above the tallest bar
Y_LABEL_SPACE = 22  # the rotated y-axis label, left of the tick labels
X_AXIS_SPACE = 42  # below the plot: tick labels, then the x-axis label
LEGEND_ROW = 18
LEGEND_SWATCH = 22
LEGEND_NAME_CHARS = 20
MAX_X_LABELS = 12
Y_TICK_SPACING = 40  # at most one y tick per this many units of plot height
MAX_BAR_WIDTH = 64

# XML 1.0 forbids these characters even escaped: a stray one in a name would break the document.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

Attr = str | float


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its legend label and one y value per x position."""

    name: str
    values: Sequence[float]


@dataclass(frozen=True)
class _Plot:
    """The plotting area in viewBox units, and the range of y values it spans."""

    left: float
    top: float
    right: float
    bottom: float
    ticks: tuple[float, ...]  # y tick values, low to high: the first and last bound the plot

    def y(self, value: float) -> float:
        """Where ``value`` sits vertically (larger values higher, i.e. smaller y)."""
        low, high = self.ticks[0], self.ticks[-1]
        return self.bottom - (value - low) / (high - low) * (self.bottom - self.top)


# --- numbers and text --------------------------------------------------------------------------


def _trim(value: float, decimals: int) -> str:
    """``value`` rounded to ``decimals``, without trailing zeros or a negative zero."""
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def format_value(value: float) -> str:
    """A data value as people read it: at most two decimals, thousands apart (``45.3``,
    ``25,000``, ``-12``), as a score sheet writes them."""
    text = _trim(value, 2)
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, decimals = digits.partition(".")
    return f"{sign}{int(whole):,}" + (f".{decimals}" if decimals else "")


def _num(value: float) -> str:
    """A coordinate to 0.1 unit: sharp on any screen, and keeps a 300-point line short."""
    return _trim(value, 1)


def _escape(text: str) -> str:
    """``text`` safe inside an element or a double-quoted attribute."""
    return html.escape(_XML_INVALID.sub("", text), quote=True)


def _text_width(text: str, size: float = FONT_SIZE) -> float:
    """Estimated width of ``text`` (wide CJK characters 1 em, others 0.6 em)."""
    return size * sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.6 for c in text)


def _shorten(text: str, limit: int = LEGEND_NAME_CHARS) -> str:
    """``text`` cut to ``limit`` characters, so one long name cannot push the legend off."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- elements ----------------------------------------------------------------------------------


def _attrs(attrs: dict[str, Attr]) -> str:
    """Attributes from keywords: ``class_`` -> ``class``, ``text_anchor`` -> ``text-anchor``."""
    parts = []
    for key, value in attrs.items():
        shown = _escape(value) if isinstance(value, str) else _num(value)
        parts.append(f' {key.rstrip("_").replace("_", "-")}="{shown}"')
    return "".join(parts)


def _tag(name: str, **attrs: Attr) -> str:
    """An empty element such as ``<line .../>``."""
    return f"<{name}{_attrs(attrs)}/>"


def _text(content: str, **attrs: Attr) -> str:
    """A ``<text>`` element; ``content`` is escaped here."""
    return f"<text{_attrs(attrs)}>{_escape(content)}</text>"


def _group(children: Sequence[str], **attrs: Attr) -> str:
    """A ``<g>`` holding already-built children (shared attributes are written once, here)."""
    return f"<g{_attrs(attrs)}>" + "".join(children) + "</g>"


def _svg(kind: str, size: tuple[int, int], title: str, desc: str, body: Sequence[str]) -> str:
    """The whole document; ids come from its content, so two charts on one page differ."""
    inner = "\n".join(body)
    title, desc = _escape(title), _escape(desc)
    uid = "chart-" + hashlib.sha256(f"{title}\n{desc}\n{inner}".encode()).hexdigest()[:10]
    width, height = size
    root = _attrs(
        {
            "viewBox": f"0 0 {width} {height}",
            "width": "100%",
            "role": "img",
            "aria_labelledby": f"{uid}-title {uid}-desc",
            "class_": f"chart chart-{kind}",
            "font_family": FONT_FAMILY,
            "font_size": FONT_SIZE,
            "fill": TEXT_COLOUR,
        }
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{root}>\n'
        f'<title id="{uid}-title">{title}</title>\n<desc id="{uid}-desc">{desc}</desc>\n'
        f"{inner}\n</svg>"
    )


# --- axes --------------------------------------------------------------------------------------


def nice_step(raw: float) -> float:
    """The smallest 1, 2 or 5 × 10^k step not below ``raw`` (> 0)."""
    magnitude = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5):
        # A hair of tolerance: 0.3 / 3 is 0.09999..., which must still give 0.1.
        if raw <= factor * magnitude * (1 + 1e-9):
            return factor * magnitude
    return 10 * magnitude


def nice_ticks(low: float, high: float, max_steps: int, *, integer: bool = False) -> list[float]:
    """Tick values on a nice step covering ``low``..``high`` (at least two ticks).

    ``integer`` keeps the step at 1 or more, so counts never get a 0.5 tick.
    """
    if low == high:
        # Nothing to spread: a flat line sits mid-chart, a row of zeros on the floor.
        pad = abs(low) / 10 or 1.0
        low, high = (low - pad, high + pad) if low else (0.0, 1.0)
    step = nice_step((high - low) / max(max_steps, 1))
    if integer:
        step = max(step, 1.0)
    decimals = max(0, -math.floor(math.log10(step)))
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(k * step, decimals) for k in range(first, last + 1)]


def _y_ticks(data: Sequence[float], top: float, bottom: float) -> list[float]:
    """Nice ticks for ``data`` in a plot from ``top`` to ``bottom``."""
    integer = all(float(value).is_integer() for value in data)
    max_steps = max(2, int((bottom - top) // Y_TICK_SPACING))
    return nice_ticks(min(data, default=0.0), max(data, default=0.0), max_steps, integer=integer)


def _make_plot(data: Sequence[float], right: float, bottom: float) -> _Plot:
    """The plot area for ``data``: down to ``bottom``, with room on its left for tick labels."""
    ticks = _y_ticks(data, TOP, bottom)
    left = EDGE + Y_LABEL_SPACE + max(_text_width(format_value(t)) for t in ticks) + 6
    return _Plot(left, TOP, max(right, left + 1), max(bottom, TOP + 1), tuple(ticks))


def _label_step(labels: Sequence[str], spacing: float) -> int:
    """Label every n-th x position: no two labels overprint, and at most MAX_X_LABELS show."""
    if not labels:
        return 1
    widest = max(_text_width(label) for label in labels) + 8
    step = math.ceil(widest / spacing) if spacing > 0 else 1
    return max(1, step, math.ceil(len(labels) / MAX_X_LABELS))


def _frame(plot: _Plot, title: str, axis_labels: tuple[str, str]) -> str:
    """Title, grid, y tick labels, both axes and both axis labels."""
    x_label, y_label = axis_labels
    middle_x, middle_y = (plot.left + plot.right) / 2, (plot.top + plot.bottom) / 2
    ys = {tick: plot.y(tick) for tick in plot.ticks}
    grid = [_tag("line", x1=plot.left, y1=y, x2=plot.right, y2=y) for y in ys.values()]
    y_texts = [_text(format_value(tick), x=plot.left - 6, y=y + 4) for tick, y in ys.items()]
    axes = f"M{_num(plot.left)} {_num(plot.top)}V{_num(plot.bottom)}H{_num(plot.right)}"
    return "\n".join(
        [
            _text(
                title, x=EDGE, y=22, font_size=TITLE_SIZE, font_weight="bold", class_="chart-title"
            ),
            _group(grid, stroke=GRID_COLOUR, stroke_width=1, class_="chart-grid"),
            _group(y_texts, text_anchor="end", class_="chart-y-ticks"),
            _tag("path", d=axes, fill="none", stroke=AXIS_COLOUR, class_="chart-axis"),
            _text(
                x_label,
                x=middle_x,
                y=plot.bottom + 34,
                text_anchor="middle",
                class_="chart-x-label",
            ),
            _text(
                y_label,
                x=14,
                y=middle_y,
                transform=f"rotate(-90 14 {_num(middle_y)})",
                text_anchor="middle",
                class_="chart-y-label",
            ),
        ]
    )


def _x_tick_labels(plot: _Plot, xs: Sequence[float], labels: Sequence[str]) -> str:
    """Tick marks and labels under the x axis at ``xs``, thinned out to fit."""
    spacing = xs[1] - xs[0] if len(xs) > 1 else plot.right - plot.left
    shown = range(0, len(labels), _label_step(labels, spacing))
    marks = [_tag("line", x1=xs[i], y1=plot.bottom, x2=xs[i], y2=plot.bottom + 4) for i in shown]
    texts = [_text(labels[i], x=xs[i], y=plot.bottom + 16) for i in shown]
    return "\n".join(
        [
            _group(marks, stroke=AXIS_COLOUR, class_="chart-x-marks"),
            _group(texts, text_anchor="middle", class_="chart-x-ticks"),
        ]
    )


def _check_finite(values: Sequence[float]) -> None:
    """A NaN or an infinity has no place on an axis: fail loudly rather than draw nonsense."""
    if not all(math.isfinite(value) for value in values):
        raise ValueError("chart values must be finite numbers")


# --- line chart --------------------------------------------------------------------------------


def _legend_rows(widths: Sequence[float], available: float) -> list[list[int]]:
    """Legend entries (by index) per row, each row filled left to right."""
    rows: list[list[int]] = []
    used = 0.0
    for index, width in enumerate(widths):
        if not rows or used + width > available:
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += width
    return rows


def _series_style(index: int) -> dict[str, Attr]:
    """Colour and dash pattern of the ``index``-th series."""
    style: dict[str, Attr] = {"stroke": PALETTE[index % len(PALETTE)]}
    if dash := DASHES[index % len(DASHES)]:
        style["stroke_dasharray"] = dash
    return style


def _legend_width(text: str) -> float:
    """Room one legend entry takes: swatch, gap, text, and a gap before the next entry."""
    return LEGEND_SWATCH + 6 + _text_width(text) + 16


def _legend(texts: Sequence[str], rows: Sequence[Sequence[int]], top: float, width: int) -> str:
    """Rows of a dashed colour swatch and ``name: final value``, each row centred."""
    widths = [_legend_width(text) for text in texts]
    parts = []
    for row_number, row in enumerate(rows):
        y = top + row_number * LEGEND_ROW + 12
        x = max(EDGE, (width - sum(widths[i] for i in row)) / 2)
        for i in row:
            swatch = {"x1": x, "y1": y - 4, "x2": x + LEGEND_SWATCH, "y2": y - 4}
            parts.append(_tag("line", **swatch, **_series_style(i), stroke_width=2.5))
            parts.append(_text(texts[i], x=x + LEGEND_SWATCH + 6, y=y))
            x += widths[i]
    return _group(parts, class_="chart-legend")


def _spread(ys: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Label heights near ``ys``, at least ``gap`` apart and within ``low``..``high``.

    Series that end close together would otherwise print their final values on top of each other.
    """
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = list(ys)
    floor = low - gap
    for i in order:
        placed[i] = floor = max(ys[i], floor + gap)
    ceiling = high + gap
    for i in reversed(order):
        placed[i] = ceiling = min(placed[i], ceiling - gap)
    return placed


def _x_positions(plot: _Plot, count: int) -> list[float]:
    """Evenly spaced x positions, edge to edge; a single point sits in the middle."""
    if count == 1:
        return [(plot.left + plot.right) / 2]
    step = (plot.right - plot.left) / max(count - 1, 1)
    return [plot.left + i * step for i in range(count)]


def _lines(plot: _Plot, xs: Sequence[float], series: Sequence[Series]) -> str:
    """One polyline per series, a dot at each line's end and its final value beside it.

    The dot also shows a series of a single value, which a polyline alone would not draw.
    """
    lines, dots, ends = [], [], []
    for index, one in enumerate(series):
        if not one.values:
            continue
        points = " ".join(
            f"{_num(x)},{_num(plot.y(v))}" for x, v in zip(xs, one.values, strict=True)
        )
        lines.append(_tag("polyline", points=points, **_series_style(index)))
        colour = PALETTE[index % len(PALETTE)]
        dots.append(_tag("circle", cx=xs[-1], cy=plot.y(one.values[-1]), r=3.5, fill=colour))
        ends.append(one.values[-1])
    label_ys = _spread([plot.y(v) for v in ends], FONT_SIZE + 1, plot.top, plot.bottom)
    labels = [
        _text(format_value(v), x=xs[-1] + 7, y=y + 4) for v, y in zip(ends, label_ys, strict=True)
    ]
    return "\n".join(
        [
            _group(
                lines, fill="none", stroke_width=2, stroke_linejoin="round", class_="chart-lines"
            ),
            _group(dots, stroke="#ffffff", stroke_width=1, class_="chart-ends"),
            _group(labels, class_="chart-end-values"),
        ]
    )


def _baseline(plot: _Plot, value: float | None) -> list[str]:
    """A darker line across the plot at ``value`` (e.g. 0 points, or the starting score)."""
    if value is None:
        return []
    y = plot.y(value)
    line = {"x1": plot.left, "y1": y, "x2": plot.right, "y2": y}
    return [_tag("line", **line, stroke=AXIS_COLOUR, stroke_width=1.5, class_="chart-baseline")]


def _band(
    plot: _Plot, xs: Sequence[float], low: Sequence[float], high: Sequence[float]
) -> list[str]:
    """The range from ``low`` to ``high`` at each x, shaded in the first series' colour."""
    if not low:
        return []
    if len(xs) == 1:  # one position: a short bar, as a polygon of no width would not show
        xs = [xs[0] - 3, xs[0] + 3]
        low, high = [low[0]] * 2, [high[0]] * 2
    upper = [f"{_num(x)},{_num(plot.y(v))}" for x, v in zip(xs, high, strict=True)]
    lower = [f"{_num(x)},{_num(plot.y(v))}" for x, v in zip(xs, low, strict=True)]
    points = " ".join(upper + lower[::-1])
    shade = {"fill": PALETTE[0], "fill_opacity": 0.18, "stroke": "none", "class_": "chart-band"}
    return [_tag("polygon", points=points, **shade)]


def _check_series(x_ticks: Sequence[str], series: Sequence[Series]) -> None:
    """Every series needs one value per x position, each a finite number."""
    for one in series:
        if len(one.values) != len(x_ticks):
            raise ValueError(
                f"series {one.name!r}: {len(one.values)} values, {len(x_ticks)} x ticks"
            )
        _check_finite(one.values)


def line_chart(
    *,
    title: str,
    x_label: str,
    y_label: str,
    x_ticks: Sequence[str],
    series: Sequence[Series],
    baseline: float | None = None,
    band: tuple[Sequence[float], Sequence[float]] | None = None,
    width: int = 640,
    height: int = 320,
) -> str:
    """An SVG line chart: one line per series over the ``x_ticks`` positions; ``band`` (low and
    high values per position) shades a range behind the first line, e.g. a rating's ±.

    Each line ends in its final value, and the legend gives name and final value (e.g. a player's
    cumulative league points over their games, baseline 0; or a game's four scores hand by hand,
    baseline the starting score). Raises ValueError when a series' length differs from x_ticks'.
    """
    _check_series(x_ticks, series)
    finals = [format_value(one.values[-1]) if one.values else "" for one in series]
    named = [(one.name, final) for one, final in zip(series, finals, strict=True)]
    texts = [f"{_shorten(name)}: {final}" if final else _shorten(name) for name, final in named]
    rows = _legend_rows([_legend_width(text) for text in texts], width - 2 * EDGE)
    low, high = band or ((), ())
    _check_series(x_ticks, [Series("band", low), Series("band", high)] if band else [])
    data = [v for one in series for v in one.values] + ([] if baseline is None else [baseline])
    data += [*low, *high]
    # On the right: the final values, and half of the last x label, which is centred on the edge.
    right_room = max(
        [_text_width(label) / 2 for label in x_ticks[-1:]] + [_text_width(f) + 10 for f in finals]
    )
    bottom = height - X_AXIS_SPACE - len(rows) * LEGEND_ROW
    plot = _make_plot(data, width - EDGE - right_room, bottom)
    xs = _x_positions(plot, len(x_ticks))
    body = [
        _frame(plot, title, (x_label, y_label)),
        *_band(plot, xs, low, high),
        *_baseline(plot, baseline),
        _x_tick_labels(plot, xs, x_ticks),
        _lines(plot, xs, series),
        _legend(texts, rows, plot.bottom + X_AXIS_SPACE, width),
    ]
    desc = f"{y_label} — " + "; ".join(f"{name}: {final}" for name, final in named)
    return _svg("line", (width, height), title, desc, body)


# --- bar chart ---------------------------------------------------------------------------------


def _bar(plot: _Plot, centre: float, bar_width: float, value: float, text: str) -> tuple[str, str]:
    """One bar from zero to ``value``, and its value written above it.

    Above a negative bar means above the zero line, so the value never runs into the x labels.
    """
    zero, end = plot.y(0), plot.y(value)
    top, height = min(zero, end), abs(end - zero)
    rect = _tag("rect", x=centre - bar_width / 2, y=top, width=bar_width, height=height)
    return rect, _text(text, x=centre, y=top - 5)


def bar_chart(
    *,
    title: str,
    x_label: str,
    y_label: str,
    labels: Sequence[str],
    values: Sequence[float],
    width: int = 480,
    height: int = 260,
    value_format: str = "{:g}",
) -> str:
    """An SVG bar chart: one bar per label, from zero, with its value (``value_format``) on top.

    E.g. a player's rank distribution: labels "1st".."4th" (translated by the caller), values the
    counts. Negative values hang below zero. Raises ValueError when the lengths differ.
    """
    if len(labels) != len(values):
        raise ValueError(f"{len(labels)} labels but {len(values)} values")
    _check_finite(values)
    plot = _make_plot([0.0, *values], width - EDGE, height - X_AXIS_SPACE)
    band = (plot.right - plot.left) / max(len(values), 1)
    centres = [plot.left + band * (i + 0.5) for i in range(len(values))]
    texts = [value_format.format(value) for value in values]
    bar_width = min(band * 0.6, MAX_BAR_WIDTH)
    bars = [_bar(plot, c, bar_width, v, t) for c, v, t in zip(centres, values, texts, strict=True)]
    body = [
        _frame(plot, title, (x_label, y_label)),
        _group([rect for rect, _ in bars], fill=BAR_COLOUR, class_="chart-bars"),
        _group([text for _, text in bars], text_anchor="middle", class_="chart-values"),
        _x_tick_labels(plot, centres, labels),
    ]
    named = zip(labels, texts, strict=True)
    desc = f"{y_label} — " + "; ".join(f"{label}: {text}" for label, text in named)
    return _svg("bar", (width, height), title, desc, body)
