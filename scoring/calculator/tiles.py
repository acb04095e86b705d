"""Tiles as the calculator reads and writes them: the mpsz notation clubs and apps use.

A tile is a digit and a suit letter: ``1m``-``9m`` (萬子), ``1p``-``9p`` (筒子), ``1s``-``9s``
(索子), ``1z``-``7z`` (東南西北白發中); ``0m``, ``0p``, ``0s`` are red fives (赤五). A run of
digits shares the letter after it: ``123m406p`` is 1m 2m 3m 4p 0p 6p.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from scoring.calculator.problems import HandProblem

SUITS = "mpsz"
TILES = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10 if s != "z" else 8))
RED_FIVES = ("0m", "0p", "0s")
GROUP = re.compile(r"([0-9]+)([mpsz])")


def index34(tile: str) -> int:
    """The tile's place among the 34 kinds (red fives are fives): 1m = 0 ... 7z = 33."""
    number, suit = int(tile[0]) or 5, tile[1]
    return SUITS.index(suit) * 9 + number - 1


def plain(tile: str) -> str:
    """A red five as its kind: ``0p`` -> ``5p``."""
    return f"5{tile[1]}" if tile[0] == "0" else tile


def is_tile(tile: str) -> bool:
    return tile in TILES or tile in RED_FIVES


def parse_tiles(text: str, field: str) -> list[str]:
    """``"123m 0p"`` -> ``["1m", "2m", "3m", "0p"]``, in the order written."""
    compact = "".join(text.split())
    tiles: list[str] = []
    position = 0
    for match in GROUP.finditer(compact):
        if match.start() != position:
            break
        for digit in match.group(1):
            tiles.append(f"{digit}{match.group(2)}")
        position = match.end()
    if position != len(compact):
        raise HandProblem("notation", field=field, text=compact[position:] or compact)
    wrong = next((t for t in tiles if not is_tile(t)), None)
    if wrong is not None:
        raise HandProblem("no_such_tile", field=field, tile=wrong)
    return tiles


def sort_key(tile: str) -> tuple[int, int]:
    """Suit by suit, number by number, a red five just after the other fives."""
    return index34(tile), 1 if tile[0] == "0" else 0


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def text_of(tiles: Iterable[str]) -> str:
    """The short notation: ``["1m", "2m", "0p"]`` -> ``"12m0p"``."""
    out: list[str] = []
    for tile in tiles:
        if out and out[-1][-1] == tile[1]:
            out[-1] = out[-1][:-1] + tile
        else:
            out.append(tile)
    return "".join(out)


def five_of_a_kind(tiles: Iterable[str]) -> str | None:
    """The first kind the tiles hold more than four of (there are four of each)."""
    counts = Counter(plain(t) for t in tiles)
    return next((tile for tile in TILES if counts[tile] > 4), None)
