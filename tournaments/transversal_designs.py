"""Transversal designs (pure Python): ``k`` groups of ``q`` points and ``q²`` blocks, each block
one point of every group, any two points of different groups in exactly one block.

A block is a tuple ``b`` of length ``k``: ``b[i]`` is its point in group ``i`` (0 .. q-1).
``transversal_design(k, q)`` builds one from what is known to exist:

- **a field**: GF(q), ``q`` a prime power, ``k ≤ q + 1``: the block ``(a, b)`` holds
  ``a + b·eᵢ`` in group ``i`` (``eᵢ`` the field's elements in order) and, when ``k = q + 1``,
  ``b`` in the last group;
- **a product** (MacNeish): TD(k, a) and TD(k, b) give TD(k, ab), a block of each side by side;
- **Wilson's construction**: a TD(k + 1, t) with its last group cut to ``u`` points, each point
  of the other groups made ``m`` points, gives TD(k, mt + u) when TD(k, m), TD(k, m + 1) and
  TD(k, u) exist. TD(5, 24) from TD(6, 5), TD(5, 4) and TD(5, 5): three orthogonal Latin
  squares of order 24, which no field or product gives (24 = 8 × 3, and TD(5, 3) does not
  exist).

``resolvable_transversal(size, q)`` reads a TD(size + 1, q) as ``q`` rounds of a TD(size, q):
the blocks through point ``c`` of the last group, without it, seat every player of the other
groups once (a resolvable transversal design).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

Block = tuple[int, ...]


def galois_field(q: int) -> tuple[Any, Any] | None:
    """(add, mul) of GF(q) on 0..q-1 when q is a prime power, else None.

    An element is the digits of a polynomial in base p; the modulus is the first monic
    polynomial of degree k for which x generates every non-zero element (a primitive one).
    """
    prime = next((p for p in range(2, q + 1) if q % p == 0), None)
    if prime is None:
        return None
    degree, rest = 0, q
    while rest % prime == 0:
        rest //= prime
        degree += 1
    if rest != 1:
        return None

    def digits(value: int) -> list[int]:
        return [(value // prime**i) % prime for i in range(degree)]

    def number(coefficients: Sequence[int]) -> int:
        return sum(c * prime**i for i, c in enumerate(coefficients))

    def add(u: int, v: int) -> int:
        return number([(a + b) % prime for a, b in zip(digits(u), digits(v), strict=True)])

    def times(u: int, v: int, modulus: Sequence[int]) -> int:
        product = [0] * (2 * degree)
        for i, a in enumerate(digits(u)):
            for j, b in enumerate(digits(v)):
                product[i + j] = (product[i + j] + a * b) % prime
        for top in range(2 * degree - 1, degree - 1, -1):  # reduce by the monic modulus
            factor = product[top]
            if factor:
                for i, c in enumerate(modulus):
                    product[top - degree + i] = (product[top - degree + i] - factor * c) % prime
        return number(product[:degree])

    if degree == 1:
        return add, lambda u, v: (u * v) % prime
    for tail in range(q):
        modulus = [*digits(tail), 1]
        x, seen, power = prime, set(), 1  # x is the polynomial "x": digits [0, 1]
        for _ in range(q - 1):
            power = times(power, x, modulus)
            seen.add(power)
        if len(seen) == q - 1 and 0 not in seen:
            products = {(u, v): times(u, v, modulus) for u in range(q) for v in range(q)}
            return add, lambda u, v, products=products: products[(u, v)]
    return None


def _from_field(k: int, q: int) -> list[Block] | None:
    field = galois_field(q)
    if field is None or k > q + 1:
        return None
    add, mul = field
    labelled = min(k, q)
    return [
        tuple(add(a, mul(b, e)) for e in range(labelled)) + ((b,) if k == q + 1 else ())
        for a in range(q)
        for b in range(q)
    ]


def _product(k: int, a: int, b: int) -> list[Block] | None:
    left, right = transversal_design(k, a), transversal_design(k, b)
    if left is None or right is None:
        return None
    return [tuple(x * b + y for x, y in zip(s, t, strict=True)) for s in left for t in right]


def _with_block(blocks: list[Block], point: int) -> list[Block]:
    """The design with each group's points renamed so that the first block is ``(point, ...)``."""
    first = blocks[0]

    def rename(i: int, x: int) -> int:
        return point if x == first[i] else first[i] if x == point else x

    return [tuple(rename(i, x) for i, x in enumerate(block)) for block in blocks]


def _wilson(k: int, t: int, m: int, u: int) -> list[Block] | None:
    """TD(k, m·t + u): the base TD(k + 1, t), its last group cut to the points ``0 .. u-1``.

    A point ``y`` of group ``i`` becomes the points ``y·m + α`` (``α < m``), and the points
    ``m·t + z`` of each group stand for the cut group's point ``z``. A base block missing the
    cut group carries a TD(k, m) on its points' copies; a block through ``z`` a TD(k, m + 1)
    on its copies and ``z``'s points, less its block of ``z``'s points alone; a TD(k, u) on
    the cut group's points covers those (the pairs of ``z`` with ``z'`` too)."""
    base = transversal_design(k + 1, t)
    by_m = transversal_design(k, m)
    by_m1 = transversal_design(k, m + 1)
    by_u = transversal_design(k, u)
    if base is None or by_m is None or by_m1 is None or by_u is None:
        return None
    through = _with_block(by_m1, m)[1:]  # its first block, all m, is z's points alone
    blocks: list[Block] = []
    for block in base:
        *ys, z = block
        if z >= u:
            blocks += [tuple(y * m + s for y, s in zip(ys, small, strict=True)) for small in by_m]
        else:
            blocks += [
                tuple(m * t + z if s == m else y * m + s for y, s in zip(ys, small, strict=True))
                for small in through
            ]
    blocks += [tuple(m * t + s for s in small) for small in by_u]
    return blocks


@cache
def transversal_design(k: int, q: int) -> list[Block] | None:
    """The blocks of a TD(k, q) from a field, a product or Wilson's construction, else None."""
    if q == 1:
        return [(0,) * k]
    if k <= 2:
        return [(a, b)[:k] for a in range(q) for b in range(q)] if k == 2 else None
    built = _from_field(k, q)
    if built is not None:
        return built
    for a in range(2, q):
        if q % a == 0 and a * a <= q:
            built = _product(k, a, q // a)
            if built is not None:
                return built
    for t in range(k, q):  # Wilson: a TD(k + 1, t) needs t ≥ k (a prime power)
        if galois_field(t) is None:
            continue
        for m in range(2, q // t + 1):
            u = q - m * t
            if 1 <= u <= t:
                built = _wilson(k, t, m, u)
                if built is not None:
                    return built
    return None


def resolvable_transversal(size: int, q: int) -> list[list[Block]] | None:
    """``q`` rounds of ``q`` tables seating ``size`` groups of ``q`` so that two players of
    different groups meet exactly once: a TD(size + 1, q), its last group the round."""
    design = transversal_design(size + 1, q)
    if design is None:
        return None
    rounds: list[list[Block]] = [[] for _ in range(q)]
    for block in design:
        rounds[block[size]].append(block[:size])
    return rounds
