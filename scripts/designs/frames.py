"""Search base tables for a 4-frame of type g⁵ over Z₅ × Z_g (``tournaments/frame_designs.py``).

A split of Z_g into ``g / 3`` ordered triples ``(u₁, u₂, u₃)`` whose sums ``u₁ + u₂``,
``u₂ + u₃`` and ``-(u₁ + u₂ + u₃)`` also run over Z_g once gives the base tables
``(0, u₁, u₁ + u₂, u₁ + u₂ + u₃)``. A local search: swap two entries of the split while the
sums' collisions do not grow (and now and then when they do).

    python scripts/designs/frames.py 30    # prints the seed and the base tables (seconds)

Z_30 has one (seed 28); Z_33 none found (100 seeds), where the frame of type 3⁵ with each
point made 11 serves.
"""

from __future__ import annotations

import random
import sys


def collisions(split: list[int], g: int) -> int:
    counts = [0] * g
    for i in range(0, g, 3):
        a, b, c = split[i : i + 3]
        for value in (a + b, b + c, -(a + b + c)):
            counts[value % g] += 1
    return sum(max(0, n - 1) for n in counts)


def search(g: int, seed: int, steps: int) -> list[int] | None:
    rng = random.Random(seed)
    split = list(range(g))
    rng.shuffle(split)
    current = collisions(split, g)
    for _ in range(steps):
        if current == 0:
            return split
        i, j = rng.randrange(g), rng.randrange(g)
        split[i], split[j] = split[j], split[i]
        new = collisions(split, g)
        if new <= current or rng.random() < 0.02:
            current = new
        else:
            split[i], split[j] = split[j], split[i]
    return None


def main() -> None:
    g = int(sys.argv[1])
    for seed in range(100):
        split = search(g, seed, 200_000)
        if split is not None:
            tables = []
            for i in range(0, g, 3):
                a, b, c = split[i : i + 3]
                tables.append((0, a % g, (a + b) % g, (a + b + c) % g))
            print(seed, tables)
            return
    print("none found")


if __name__ == "__main__":
    main()
