"""Frames and resolvable designs with five groups and tables of four (pure Python): the holey
rounds that seat, for each group, everybody outside it, and the rounds that seat everybody
with nobody meeting anyone of their own group. And, at tables of three, Kirkman frames of
type 2ᵘ (``KIRKMAN_FRAMES``).

A **4-frame of type g⁵** has ``5g`` points in five groups of ``g``; its tables are grouped
into *holey rounds*, each seating every point outside one group exactly once, ``g / 3`` of
them for each group, and any two points of different groups share exactly one table (points
of one group never). With ``e`` more players (two or three) who join every group, and a design
of ``g + e`` players at its bound in which those ``e`` never meet, each group and the ``e``
play that design while the other groups play the group's holey rounds: ``5g / 3`` rounds
without a repeat for ``5g + e`` players, their bound (152 = 5 × 30 + 2 with the design of
32; 168 = 5 × 33 + 3 with the design of 36).

Here the points are ``(x, y)`` with ``x`` in Z₅ (the group) and ``y`` in Z_g, and a frame is
given by *base tables* ``{(1, y₁), (2, y₂), (3, y₃), (4, y₄)}``: their turns ``y → y + s``
form one holey round missing group 0, and adding ``t`` to every ``x`` moves it to group ``t``.
A table's twelve ordered differences hold each of ``x``'s four non-zero differences three
times; the frame is right when, for each of them, the base tables' ``y`` differences run over
Z_g once. Put ``u₁ = y₂ - y₁, u₂ = y₃ - y₂, u₃ = y₄ - y₃``: the ``u``'s and the sums
``u₁ + u₂, u₂ + u₃, -(u₁ + u₂ + u₃)`` must each run over Z_g once (the other two differences
are their negatives). Found by a local search over such splits of Z_30 (seconds); for ``g =
3`` the split ``(1, 0, 2)`` does it, and a frame of type 3⁵ with each point made ``w`` points
(a resolvable transversal design on each table, as in ``inflated_group_rounds``) is one of
type (3w)⁵: 33 = 3 × 11.
"""

from __future__ import annotations

from tournaments.transversal_designs import galois_field

Point = tuple[int, int]  # (group, index in the group)

# g: (g₀, w, base tables as the y's of x = 1, 2, 3, 4), a frame of type g₀⁵ made of type g⁵
# by making each point w points (w = 1: as it is).
FRAMES: dict[int, tuple[int, int, tuple[tuple[int, int, int, int], ...]]] = {
    30: (
        30,
        1,
        (
            (0, 29, 21, 2),
            (0, 28, 12, 20),
            (0, 21, 18, 6),
            (0, 20, 16, 16),
            (0, 25, 7, 26),
            (0, 15, 8, 17),
            (0, 1, 25, 0),
            (0, 13, 23, 10),
            (0, 6, 9, 25),
            (0, 2, 6, 13),
        ),
    ),
    33: (3, 11, ((0, 1, 1, 0),)),
}


# g: a resolvable group divisible design of type g⁵ (every round seats all 5g points, any two
# points of different groups share one table, of one group none), as base rounds over Z₅ × Z_g:
# (turned, step, base tables). The base round is the tables ``(x + s, y + step·k)`` for every
# ``k`` and, when ``turned``, every ``s`` (the round is kept by turning the groups); its rounds
# are its shifts ``(x + s', y + t)`` for ``t < step`` and, when not ``turned``, every ``s'``.
# Found by ``scripts/designs/five_groups.c`` (a tabu search, 0.1 s): for 36, two base rounds of
# 20 rounds and two of 4, the 48 rounds of type 36⁵.
RESOLVABLE_FIVE: dict[int, tuple[tuple[bool, int, tuple[tuple[Point, ...], ...]], ...]] = {
    36: (
        (
            False,
            4,
            (
                ((3, 30), (4, 35), (0, 2), (1, 19)),
                ((1, 30), (2, 13), (4, 29), (0, 7)),
                ((4, 24), (3, 8), (2, 0), (1, 1)),
                ((1, 28), (3, 7), (0, 16), (2, 7)),
                ((0, 25), (2, 30), (4, 30), (3, 21)),
            ),
        ),
        (
            False,
            4,
            (
                ((4, 27), (2, 5), (0, 13), (3, 1)),
                ((0, 24), (3, 10), (2, 22), (1, 28)),
                ((0, 2), (2, 35), (4, 28), (1, 22)),
                ((0, 15), (4, 30), (3, 19), (1, 17)),
                ((1, 15), (3, 0), (2, 8), (4, 25)),
            ),
        ),
        (True, 4, (((0, 12), (4, 15), (3, 17), (1, 18)),)),
        (True, 4, (((3, 12), (0, 1), (4, 30), (2, 11)),)),
    ),
}


# u: a Kirkman frame of type 2ᵘ (a 3-frame; counting asks u ≡ 1 (mod 3)). Group ``g`` is the
# points ``2g`` and ``2g + 1``; holey round ``g`` seats the other ``2u - 2`` points at tables of
# three, and any two points of different groups share exactly one table of all the rounds. Found by
# ``scripts/designs/kirkman_frames.py`` (7 cyclic over Z₇, 4 by a plain search; both at once).
KIRKMAN_FRAMES: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    4: (
        ((2, 4, 6), (3, 5, 7)),
        ((0, 4, 7), (1, 5, 6)),
        ((0, 3, 6), (1, 2, 7)),
        ((0, 2, 5), (1, 3, 4)),
    ),
    7: (
        ((2, 4, 8), (3, 6, 11), (5, 7, 12), (9, 10, 13)),
        ((4, 6, 10), (5, 8, 13), (7, 9, 0), (11, 12, 1)),
        ((6, 8, 12), (7, 10, 1), (9, 11, 2), (13, 0, 3)),
        ((8, 10, 0), (9, 12, 3), (11, 13, 4), (1, 2, 5)),
        ((10, 12, 2), (11, 0, 5), (13, 1, 6), (3, 4, 7)),
        ((12, 0, 4), (13, 2, 7), (1, 3, 8), (5, 6, 9)),
        ((0, 2, 6), (1, 4, 9), (3, 5, 10), (7, 8, 11)),
    ),
}


def holey_rounds(g: int) -> list[list[list[list[Point]]]] | None:
    """``rounds[t]``: the ``g / 3`` holey rounds that seat everybody outside group ``t``, each
    a list of tables of four points; None when no frame of type g⁵ is stored.

    Point ``(x, j)`` is index ``j = y·w + z`` of group ``x``: copy ``z`` (an element of
    GF(w)) of the base frame's point ``(x, y)``. A base table ``b`` becomes, for each slope
    ``s`` of GF(w), the tables ``{(xᵢ, yᵢ + shift, a + s·eᵢ)}`` over every shift and ``a``
    (``eᵢ`` the field elements 0, 1, 2, 3): copies of two points that share a table meet
    once, at the slope ``s = (z' - z) / (eⱼ - eᵢ)``; copies of one point never."""
    stored = FRAMES.get(g)
    if stored is None:
        return None
    base_g, w, bases = stored
    field = galois_field(w) if w > 1 else None
    if w > 1 and field is None:
        return None

    def copy(a: int, s: int, i: int) -> int:  # the copy of place i at slope s: a + s·eᵢ
        return field[0](a, field[1](s, i)) if field is not None else 0

    rounds: list[list[list[list[Point]]]] = []
    for t in range(5):
        missing_t = []
        for base in bases:
            for s in range(w):
                missing_t.append(
                    [
                        [
                            ((i + 1 + t) % 5, ((y + shift) % base_g) * w + copy(a, s, i))
                            for i, y in enumerate(base)
                        ]
                        for shift in range(base_g)
                        for a in range(w)
                    ]
                )
        rounds.append(missing_t)
    return rounds


def resolvable_five(g: int) -> list[list[list[Point]]] | None:
    """The ``4g / 3`` rounds of the resolvable design of type g⁵ stored for ``g`` (each a list
    of tables of four ``(group, index)`` points), or None."""
    stored = RESOLVABLE_FIVE.get(g)
    if stored is None:
        return None
    rounds: list[list[list[Point]]] = []
    for turned, step, bases in stored:
        groups_kept = range(5) if turned else range(1)
        base = [
            [((x + s) % 5, (y + step * k) % g) for x, y in table]
            for table in bases
            for s in groups_kept
            for k in range(g // step)
        ]
        for s in range(1) if turned else range(5):
            for t in range(step):
                rounds.append([[((x + s) % 5, (y + t) % g) for x, y in table] for table in base])
    return rounds
