"""Frames and resolvable designs with five groups and tables of four (pure Python): the holey
rounds that seat, for each group, everybody outside it, and the rounds that seat everybody
with nobody meeting anyone of their own group. And, at tables of three, Kirkman frames of
type gᵘ (``KIRKMAN_FRAMES``).

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


# (g, u): a Kirkman frame of type gᵘ (a 3-frame; counting asks g even and g (u - 1) ≡ 0
# (mod 3)). Group ``G`` is the points ``g G .. g G + g - 1``; holey round ``r`` seats every
# point outside group ``r // (g / 2)`` at tables of three, and any two points of different
# groups share exactly one table of all the rounds. Found by ``scripts/designs/kirkman_frames.py``
# (2⁷ cyclic over Z₇ and 2⁴ by a plain search, at once; 2¹⁰ and 6⁵ by SAT over Z₅, in 0.4 s and
# 104 s, 2026-12-04).
KIRKMAN_FRAMES: dict[tuple[int, int], tuple[tuple[tuple[int, int, int], ...], ...]] = {
    (2, 4): (
        ((2, 4, 6), (3, 5, 7)),
        ((0, 4, 7), (1, 5, 6)),
        ((0, 3, 6), (1, 2, 7)),
        ((0, 2, 5), (1, 3, 4)),
    ),
    (2, 7): (
        ((2, 4, 8), (3, 6, 11), (5, 7, 12), (9, 10, 13)),
        ((4, 6, 10), (5, 8, 13), (7, 9, 0), (11, 12, 1)),
        ((6, 8, 12), (7, 10, 1), (9, 11, 2), (13, 0, 3)),
        ((8, 10, 0), (9, 12, 3), (11, 13, 4), (1, 2, 5)),
        ((10, 12, 2), (11, 0, 5), (13, 1, 6), (3, 4, 7)),
        ((12, 0, 4), (13, 2, 7), (1, 3, 8), (5, 6, 9)),
        ((0, 2, 6), (1, 4, 9), (3, 5, 10), (7, 8, 11)),
    ),
    (2, 10): (
        ((3, 16, 18), (6, 8, 19), (2, 9, 14), (4, 10, 13), (5, 7, 12), (11, 15, 17)),
        ((1, 4, 16), (5, 6, 17), (9, 13, 19), (0, 10, 14), (7, 15, 18), (8, 11, 12)),
        ((7, 0, 2), (10, 12, 3), (6, 13, 18), (8, 14, 17), (9, 11, 16), (15, 19, 1)),
        ((5, 8, 0), (9, 10, 1), (13, 17, 3), (4, 14, 18), (11, 19, 2), (12, 15, 16)),
        ((11, 4, 6), (14, 16, 7), (10, 17, 2), (12, 18, 1), (13, 15, 0), (19, 3, 5)),
        ((9, 12, 4), (13, 14, 5), (17, 1, 7), (8, 18, 2), (15, 3, 6), (16, 19, 0)),
        ((15, 8, 10), (18, 0, 11), (14, 1, 6), (16, 2, 5), (17, 19, 4), (3, 7, 9)),
        ((13, 16, 8), (17, 18, 9), (1, 5, 11), (12, 2, 6), (19, 7, 10), (0, 3, 4)),
        ((19, 12, 14), (2, 4, 15), (18, 5, 10), (0, 6, 9), (1, 3, 8), (7, 11, 13)),
        ((17, 0, 12), (1, 2, 13), (5, 9, 15), (16, 6, 10), (3, 11, 14), (4, 7, 8)),
    ),
    (6, 5): (
        (
            (9, 22, 29),
            (10, 18, 24),
            (11, 17, 26),
            (6, 16, 25),
            (7, 13, 21),
            (8, 12, 19),
            (14, 23, 28),
            (15, 20, 27),
        ),
        (
            (7, 23, 25),
            (11, 12, 29),
            (6, 15, 18),
            (8, 13, 26),
            (9, 19, 24),
            (10, 14, 20),
            (16, 22, 27),
            (17, 21, 28),
        ),
        (
            (9, 13, 20),
            (11, 19, 28),
            (6, 14, 27),
            (7, 17, 24),
            (8, 16, 18),
            (10, 22, 25),
            (12, 23, 26),
            (15, 21, 29),
        ),
        (
            (15, 28, 5),
            (16, 24, 0),
            (17, 23, 2),
            (12, 22, 1),
            (13, 19, 27),
            (14, 18, 25),
            (20, 29, 4),
            (21, 26, 3),
        ),
        (
            (13, 29, 1),
            (17, 18, 5),
            (12, 21, 24),
            (14, 19, 2),
            (15, 25, 0),
            (16, 20, 26),
            (22, 28, 3),
            (23, 27, 4),
        ),
        (
            (15, 19, 26),
            (17, 25, 4),
            (12, 20, 3),
            (13, 23, 0),
            (14, 22, 24),
            (16, 28, 1),
            (18, 29, 2),
            (21, 27, 5),
        ),
        (
            (21, 4, 11),
            (22, 0, 6),
            (23, 29, 8),
            (18, 28, 7),
            (19, 25, 3),
            (20, 24, 1),
            (26, 5, 10),
            (27, 2, 9),
        ),
        (
            (19, 5, 7),
            (23, 24, 11),
            (18, 27, 0),
            (20, 25, 8),
            (21, 1, 6),
            (22, 26, 2),
            (28, 4, 9),
            (29, 3, 10),
        ),
        (
            (21, 25, 2),
            (23, 1, 10),
            (18, 26, 9),
            (19, 29, 6),
            (20, 28, 0),
            (22, 4, 7),
            (24, 5, 8),
            (27, 3, 11),
        ),
        (
            (27, 10, 17),
            (28, 6, 12),
            (29, 5, 14),
            (24, 4, 13),
            (25, 1, 9),
            (26, 0, 7),
            (2, 11, 16),
            (3, 8, 15),
        ),
        (
            (25, 11, 13),
            (29, 0, 17),
            (24, 3, 6),
            (26, 1, 14),
            (27, 7, 12),
            (28, 2, 8),
            (4, 10, 15),
            (5, 9, 16),
        ),
        (
            (27, 1, 8),
            (29, 7, 16),
            (24, 2, 15),
            (25, 5, 12),
            (26, 4, 6),
            (28, 10, 13),
            (0, 11, 14),
            (3, 9, 17),
        ),
        (
            (3, 16, 23),
            (4, 12, 18),
            (5, 11, 20),
            (0, 10, 19),
            (1, 7, 15),
            (2, 6, 13),
            (8, 17, 22),
            (9, 14, 21),
        ),
        (
            (1, 17, 19),
            (5, 6, 23),
            (0, 9, 12),
            (2, 7, 20),
            (3, 13, 18),
            (4, 8, 14),
            (10, 16, 21),
            (11, 15, 22),
        ),
        (
            (3, 7, 14),
            (5, 13, 22),
            (0, 8, 21),
            (1, 11, 18),
            (2, 10, 12),
            (4, 16, 19),
            (6, 17, 20),
            (9, 15, 23),
        ),
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
