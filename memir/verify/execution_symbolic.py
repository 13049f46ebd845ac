"""check-execution on a symbolic plan: the program run at sampled sizes of its symbols.

Why beside the Z3 proof: verify-layout proves the offset expressions apart over the whole
range, but against the conflicts memir's own analysis computed; running the program on a
shadow arena at concrete sizes checks the plan against what the ops touch, with none of
that analysis. Sampling is no proof: it runs both ends of every range (every corner for up
to four symbols) and ``samples`` seeded random points (a range with no upper end is
sampled in ``[first, first + 4096]``), and reports the first conflict with its point.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import product

from memir.model.symbolic import OffsetExpr, Poly, Symbol
from memir.verify.execution_model import Buffer, Conflict, Execution, Item

UNBOUNDED_SPAN = 4096
"""How far above its first value a symbol with no upper end is sampled."""
MAX_CORNER_SYMBOLS = 4
"""Up to this many symbols every corner of the range is run; beyond, the two extremes."""


def _ends(symbol: Symbol) -> tuple[int, int]:
    last = symbol.last if symbol.last is not None else symbol.first + UNBOUNDED_SPAN
    return symbol.first, max(symbol.first, last // symbol.divisor * symbol.divisor)


def sample_points(symbols: Sequence[Symbol], samples: int = 4, seed: int = 0
                  ) -> list[dict[str, int]]:
    """Both ends of every range, then ``samples`` points drawn by ``random.Random(seed)``
    (multiples of each divisor), in that order, without repeats."""
    symbols = sorted(symbols, key=lambda s: s.name)
    ends = [_ends(s) for s in symbols]
    if len(symbols) <= MAX_CORNER_SYMBOLS:
        corners = product(*ends)
    else:
        corners = [tuple(lo for lo, _ in ends), tuple(hi for _, hi in ends)]
    points = [dict(zip((s.name for s in symbols), values)) for values in corners]
    rng = random.Random(seed)
    for _ in range(samples):
        points.append({s.name: lo + s.divisor * rng.randrange((hi - lo) // s.divisor + 1)
                       for s, (lo, hi) in zip(symbols, ends)})
    unique: list[dict[str, int]] = []
    for point in points:
        if point not in unique:
            unique.append(point)
    return unique


def at_point(template: Execution, sizes: Sequence[Poly], offsets: Sequence[OffsetExpr],
             point: Mapping[str, int]) -> Execution:
    """The program with its first ``len(sizes)`` buffers (the planned ones) sized and
    placed at ``point``; the template's own items for them are replaced by whole ones."""
    buffers, items = list(template.buffers), list(template.items)
    for i, (size, offset) in enumerate(zip(sizes, offsets)):
        nbytes = max(size.evaluate(point), 0)
        buffers[i] = Buffer(buffers[i].label, offset.evaluate(point), nbytes)
        items[i] = Item(i, ((0, nbytes),), items[i].label)
    return Execution(buffers, items, template.ops, template.sequence)


def check_points(template: Execution, sizes: Sequence[Poly], offsets: Sequence[OffsetExpr],
                 points: Sequence[Mapping[str, int]],
                 run: Callable[[Execution], Conflict | None]
                 ) -> tuple[Conflict, Mapping[str, int]] | None:
    """The first conflict ``run`` finds, and its point; None if every point runs clean."""
    for point in points:
        found = run(at_point(template, sizes, offsets, point))
        if found is not None:
            return found, point
    return None
