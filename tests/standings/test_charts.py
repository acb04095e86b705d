"""Charts are SVG a reader can read: labels, values, true proportions; safe for any name and CSP."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from standings.charts import Series, bar_chart, format_value, line_chart, nice_ticks

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"
NASTY = '<b>&"'


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def _with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in el.get("class", "").split()]


def _texts(root: ET.Element, name: str) -> list[str]:
    """Text of the elements of class ``name``, or of the <text> inside a group of that class."""
    found = []
    for el in _with_class(root, name):
        found += [t.text or "" for t in el.iter(f"{NS}text")]
    return found


def _floats(root: ET.Element, group: str, attr: str) -> list[float]:
    return [float(el.get(attr, "nan")) for g in _with_class(root, group) for el in g]


def _points(polyline: ET.Element) -> list[tuple[float, float]]:
    pairs = (pair.split(",") for pair in polyline.get("points", "").split())
    return [(float(x), float(y)) for x, y in pairs]


def _polylines(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{NS}polyline"))


def _line(values: list[float], *, names: tuple[str, ...] = ("Aoki",), **kwargs: object) -> str:
    ticks = [str(i + 1) for i in range(len(values))]
    series = [Series(name, values) for name in names]
    options = {"title": "League points", "x_label": "Game", "y_label": "Points"} | kwargs
    return line_chart(x_ticks=ticks, series=series, **options)  # type: ignore[arg-type]


def _bars(values: list[float], **kwargs: object) -> str:
    labels = ["1st", "2nd", "3rd", "4th", "5th", "6th"][: len(values)]
    options = {"title": "Ranks", "x_label": "Rank", "y_label": "Games"} | kwargs
    return bar_chart(labels=labels, values=values, **options)  # type: ignore[arg-type]


CHARTS: dict[str, Callable[[], str]] = {
    "line": lambda: _line([0, 12.5, -3, 45.3], names=("Aoki", "Baba")),
    "line with baseline": lambda: _line([25000, 33000, 18000], baseline=25000),
    "bars": lambda: _bars([10, 5, 0, 2]),
}


@pytest.mark.parametrize("make", CHARTS.values(), ids=CHARTS.keys())
def test_the_title_and_axis_labels_are_visible_text(make: Callable[[], str]) -> None:
    root = _parse(make())
    assert _texts(root, "chart-title")[0] in {"League points", "Ranks"}
    assert _texts(root, "chart-x-label")[0] in {"Game", "Rank"}
    assert _texts(root, "chart-y-label")[0] in {"Points", "Games"}
    assert len(_texts(root, "chart-y-ticks")) >= 2
    assert _texts(root, "chart-x-ticks")


@pytest.mark.parametrize("make", CHARTS.values(), ids=CHARTS.keys())
def test_the_svg_scales_and_names_itself_for_screen_readers(make: Callable[[], str]) -> None:
    root = _parse(make())
    assert root.get("width") == "100%"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("role") == "img"
    title_id, desc_id = root.get("aria-labelledby", "").split()
    assert root.find(f"{NS}title").get("id") == title_id
    assert root.find(f"{NS}desc").get("id") == desc_id
    assert "IPAexGothic" in root.get("font-family", "")


@pytest.mark.parametrize("make", CHARTS.values(), ids=CHARTS.keys())
def test_no_style_attribute_and_no_script_or_style_element_for_a_strict_csp(
    make: Callable[[], str],
) -> None:
    root = _parse(make())
    for el in root.iter():
        assert "style" not in el.attrib, el.tag
        assert el.tag not in {f"{NS}style", f"{NS}script"}
        assert not any(name.startswith("on") for name in el.attrib), el.attrib


@pytest.mark.parametrize("make", CHARTS.values(), ids=CHARTS.keys())
def test_the_same_input_gives_the_same_svg(make: Callable[[], str]) -> None:
    assert make() == make()


def test_two_different_charts_on_one_page_have_different_ids() -> None:
    first, second = _parse(_bars([1, 2])), _parse(_bars([2, 1]))
    assert first.get("aria-labelledby") != second.get("aria-labelledby")


@pytest.mark.parametrize(
    ("values", "value_format", "shown"),
    [
        ([10, 5, 0, 2], "{:g}", ["10", "5", "0", "2"]),
        ([0.25, 0.5], "{:.0%}", ["25%", "50%"]),
        ([-3, 7.5, 0], "{:+g}", ["-3", "+7.5", "+0"]),
    ],
)
def test_each_bar_shows_its_value(values: list[float], value_format: str, shown: list[str]) -> None:
    root = _parse(_bars(values, value_format=value_format))
    assert _texts(root, "chart-values") == shown
    assert _texts(root, "chart-x-ticks") == ["1st", "2nd", "3rd", "4th"][: len(values)]


def test_bar_heights_are_proportional_to_their_values() -> None:
    root = _parse(_bars([10, 5, 0, 2]))
    heights = _floats(root, "chart-bars", "height")
    assert len(heights) == 4
    assert heights[0] > 0
    for height, value in zip(heights, [10, 5, 0, 2], strict=True):
        assert height == pytest.approx(heights[0] * value / 10, abs=0.2)


def test_a_negative_bar_hangs_below_the_zero_line_and_a_positive_one_stands_on_it() -> None:
    root = _parse(_bars([4, -4]))
    (up_y, down_y) = _floats(root, "chart-bars", "y")
    (up_h, down_h) = _floats(root, "chart-bars", "height")
    assert up_h == pytest.approx(down_h, abs=0.2)
    assert up_y + up_h == pytest.approx(down_y, abs=0.2)  # both meet at zero


def test_a_line_has_one_point_per_value_and_the_largest_value_is_highest() -> None:
    values = [0, 12.5, -3, 45.3, 20]
    (polyline,) = _polylines(_parse(_line(values)))
    points = _points(polyline)
    assert len(points) == len(values)
    ys = [y for _, y in points]
    assert ys.index(min(ys)) == values.index(max(values))
    assert ys.index(max(ys)) == values.index(min(values))
    xs = [x for x, _ in points]
    assert xs == sorted(xs)


def test_each_line_ends_in_its_final_value_and_the_legend_names_it() -> None:
    series = [Series("東 太郎", [0, 10, 45.3]), Series("Baba", [0, -5, -12])]
    svg = line_chart(
        title="t", x_label="x", y_label="y", x_ticks=["1", "2", "3"], series=series, baseline=0
    )
    root = _parse(svg)
    assert sorted(_texts(root, "chart-end-values")) == ["-12", "45.3"]
    assert _texts(root, "chart-legend") == ["東 太郎: 45.3", "Baba: -12"]
    assert "東 太郎: 45.3" in root.find(f"{NS}desc").text


@pytest.mark.parametrize(
    ("value", "shown"),
    [(25000, "25,000"), (-12000.5, "-12,000.5"), (999, "999"), (45.3, "45.3"), (-0.0, "0"),
     (1234567, "1,234,567"), (-0.25, "-0.25")],
)  # fmt: skip
def test_values_are_written_with_thousands_apart(value: float, shown: str) -> None:
    assert format_value(value) == shown


def test_scores_on_the_axis_and_at_the_line_ends_have_thousands_separators() -> None:
    root = _parse(_line([25000, 33000, 18000], baseline=25000))
    assert _texts(root, "chart-y-ticks") == ["15,000", "20,000", "25,000", "30,000", "35,000"]
    assert _texts(root, "chart-end-values") == ["18,000"]


def test_the_baseline_is_drawn_where_the_line_crosses_that_value() -> None:
    root = _parse(_line([25000, 33000, 18000], baseline=25000))
    (baseline,) = _with_class(root, "chart-baseline")
    (polyline,) = _polylines(root)
    assert float(baseline.get("y1")) == pytest.approx(_points(polyline)[0][1], abs=0.1)


def test_series_differ_in_colour_and_dash_pattern() -> None:
    root = _parse(_line([1, 2], names=("A", "B", "C", "D")))
    styles = [(p.get("stroke"), p.get("stroke-dasharray")) for p in _polylines(root)]
    assert len({colour for colour, _ in styles}) == 4
    assert len({dash for _, dash in styles}) == 4


def test_final_values_that_end_together_do_not_overprint() -> None:
    root = _parse(_line([1, 2], names=("A", "B", "C")))
    ys = sorted(_floats(root, "chart-end-values", "y"))
    assert all(lower - upper >= 12 for upper, lower in itertools.pairwise(ys))


def test_names_and_labels_are_escaped() -> None:
    svg = line_chart(
        title=NASTY, x_label=NASTY, y_label=NASTY, x_ticks=[NASTY], series=[Series(NASTY, [1])]
    )
    root = _parse(svg)
    assert _texts(root, "chart-title") == [NASTY]
    assert _texts(root, "chart-x-ticks") == [NASTY]
    assert _texts(root, "chart-legend") == [f"{NASTY}: 1"]
    assert root.find(f"{NS}title").text == NASTY
    bars = _parse(bar_chart(title=NASTY, x_label=NASTY, y_label=NASTY, labels=[NASTY], values=[1]))
    assert _texts(bars, "chart-x-ticks") == [NASTY]


def test_characters_xml_forbids_are_dropped_rather_than_breaking_the_svg() -> None:
    root = _parse(_line([1], names=("A\x00\x1bB",)))
    assert _texts(root, "chart-legend") == ["AB: 1"]


@pytest.mark.parametrize(
    ("values", "baseline"),
    [
        ([], None),
        ([], 0),
        ([7], None),
        ([-7], 0),
        ([0, 0, 0], None),
        ([25000, 25000], 25000),
        ([3.5, 3.5], None),
    ],
)
def test_few_points_or_equal_values_still_give_valid_svg(
    values: list[float], baseline: float | None
) -> None:
    svg = _line(values, baseline=baseline)
    root = _parse(svg)
    assert "nan" not in svg.lower()
    assert "inf" not in svg.lower()
    assert all(len(_points(p)) == len(values) for p in _polylines(root))
    assert len(root.findall(f".//{NS}circle")) == (1 if values else 0)
    bars = bar_chart(title="t", x_label="x", y_label="y", labels=["a"] * len(values), values=values)
    assert len(_floats(_parse(bars), "chart-bars", "height")) == len(values)


@pytest.mark.parametrize(
    "labels",
    [
        [str(i + 1) for i in range(300)],
        [f"2025-{1 + i // 28:02d}-{1 + i % 28:02d}" for i in range(300)],
    ],
    ids=["numbers", "dates"],
)
def test_three_hundred_points_keep_x_labels_apart_and_the_output_small(labels: list[str]) -> None:
    values = [float((i * 37) % 101 - 50) for i in range(300)]
    svg = line_chart(
        title="t", x_label="x", y_label="y", x_ticks=labels, series=[Series("A", values)]
    )
    root = _parse(svg)
    shown = _texts(root, "chart-x-ticks")
    assert 2 <= len(shown) <= 12
    assert shown[0] == labels[0]
    xs = _floats(root, "chart-x-ticks", "x")
    assert min(b - a for a, b in itertools.pairwise(xs)) > 6 * len(labels[-1])
    assert len(_points(_polylines(root)[0])) == 300
    assert len(svg) < 12_000


def test_a_value_count_that_does_not_match_the_x_ticks_is_refused() -> None:
    with pytest.raises(ValueError, match="2 values, 3 x ticks"):
        line_chart(title="t", x_label="x", y_label="y", x_ticks="abc", series=[Series("A", [1, 2])])
    with pytest.raises(ValueError, match="2 labels but 1 values"):
        bar_chart(title="t", x_label="x", y_label="y", labels=["a", "b"], values=[1])


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_a_value_that_is_not_a_finite_number_is_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="finite"):
        _line([1, bad])
    with pytest.raises(ValueError, match="finite"):
        _bars([bad])


@pytest.mark.parametrize(
    ("low", "high", "max_steps", "integer", "ticks"),
    [
        (0, 10, 5, False, [0, 2, 4, 6, 8, 10]),
        (0, 7, 5, False, [0, 2, 4, 6, 8]),
        (-12.5, 45.3, 5, False, [-20, 0, 20, 40, 60]),
        (18000, 33000, 5, False, [15000, 20000, 25000, 30000, 35000]),
        (0, 0.3, 3, False, [0, 0.1, 0.2, 0.3]),
        (0, 1, 5, False, [0, 0.2, 0.4, 0.6, 0.8, 1]),
        (0, 1, 5, True, [0, 1]),
        (0, 0, 5, True, [0, 1]),
        (25000, 25000, 5, True, [22000, 23000, 24000, 25000, 26000, 27000, 28000]),
        (-4, -4, 4, False, [-4.4, -4.2, -4, -3.8, -3.6]),
    ],
)
def test_ticks_fall_on_steps_of_1_2_or_5_times_a_power_of_ten(
    low: float, high: float, max_steps: int, integer: bool, ticks: list[float]
) -> None:
    assert nice_ticks(low, high, max_steps, integer=integer) == pytest.approx(ticks)


def test_charts_import_and_draw_without_django() -> None:
    probe = (
        "import json, sys\n"
        "from standings.charts import bar_chart\n"
        "bar_chart(title='t', x_label='x', y_label='y', labels=['a'], values=[1])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'django')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []
