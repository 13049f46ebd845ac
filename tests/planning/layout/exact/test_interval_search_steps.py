"""The interval search's shortcuts change no step of the search.

Two parts of a node's checks are computed the cheap way: the smallest neighbour size and
top of a stuck buffer are read from the stuck buffers' own neighbour lists, and sections
that cannot fail under ``_floor_bound`` are left out of the section test. Neither may change
what the search does. A wrong shortcut would not give a wrong plan (a check that is skipped
only prunes less), so brute force cannot catch it: here every search is run twice, once as
shipped and once with plain references (every neighbour scanned in Python, every section
kept), and the two must agree on the answer, the plan and every count (nodes, backtracks,
work) on instances that need backtracking, alignment and pins. The minima are also compared
at every call, and the bound's own claim is checked at every node.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from memir.planning.layout.exact.interval_search import IntervalSearch


def _instance(seed: int) -> tuple[list[int], list[int], list[int], list[int], list[int], int]:
    """A capacity x time rectangle cut into 40-70 buffers by random guillotine cuts: a
    perfect packing, so the capacity is tight and the search must backtrack to find it.
    Every third instance has alignments (sizes doubled, some buffers aligned to 4); every
    fourth pins its first buffer where the packing put it."""
    rng = random.Random(seed)
    time_span, cap = 64, 64
    rects, pieces = [(0, time_span, 0, cap)], rng.randrange(40, 70)
    while len(rects) < pieces:
        k = max(range(len(rects)), key=lambda i: (rects[i][1] - rects[i][0])
                * (rects[i][3] - rects[i][2]) * rng.random())
        t0, t1, m0, m1 = rects[k]
        if m1 - m0 >= 2 and (t1 - t0 < 2 or rng.random() < 0.5):
            cut = rng.randrange(m0 + 1, m1)
            rects[k:k + 1] = [(t0, t1, m0, cut), (t0, t1, cut, m1)]
        elif t1 - t0 >= 2:
            cut = rng.randrange(t0 + 1, t1)
            rects[k:k + 1] = [(t0, cut, m0, m1), (cut, t1, m0, m1)]
    rng.shuffle(rects)
    unit = 2 if seed % 3 == 0 else 1
    size = [(m1 - m0) * unit for _, _, m0, m1 in rects]
    align = [rng.choice((1, 1, 4)) if unit == 2 else 1 for _ in rects]
    fixed = [-1] * len(rects)
    if seed % 4 == 0:
        fixed[0] = rects[0][2] * unit
    return (size, [r[0] for r in rects], [r[1] for r in rects], align, fixed, cap * unit)


def _plain_minima(search: IntervalSearch, node, cols: np.ndarray):
    big = int(search.big)
    min_sz, min_top = [], []
    for u in node.un[cols].tolist():
        near = [v for v in search.adj[u].tolist() if not search.placed[v]]
        min_sz.append(min([int(search.size[v]) for v in near], default=big))
        min_top.append(min([int(search.min_off[v] + search.size[v]) for v in near],
                           default=big))
    return np.array(min_sz, dtype=np.int64), np.array(min_top, dtype=np.int64)


def _run(args, plain: bool, monkeypatch: pytest.MonkeyPatch, seen: dict[str, int]):
    with monkeypatch.context() as patch:
        if plain:
            patch.setattr(IntervalSearch, "_floor_bound",
                          lambda self, un, mo, sz: 2 * self.capacity + 2)
            patch.setattr(IntervalSearch, "_neighbour_minima", _plain_minima)
        else:
            bound, minima = IntervalSearch._floor_bound, IntervalSearch._neighbour_minima

            def counted_bound(self, un, mo, sz):
                value = bound(self, un, mo, sz)
                seen["dropped"] += int((self.total + value <= self.capacity).sum())
                return value

            def counted_minima(self, node, cols):
                seen["stuck"] += int(cols.size)
                got = minima(self, node, cols)
                want = _plain_minima(self, node, cols)
                assert (got[0] == want[0]).all() and (got[1] == want[1]).all()
                return got

            patch.setattr(IntervalSearch, "_floor_bound", counted_bound)
            patch.setattr(IntervalSearch, "_neighbour_minima", counted_minima)
        search = IntervalSearch(*args)
        status, offsets = search.solve(3_000_000)
    return status, offsets, search.nodes, search.backtracks, search.work


@pytest.mark.parametrize("seed", range(24))
def test_shortcuts_keep_every_step(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    args = _instance(seed)
    seen = {"dropped": 0, "stuck": 0}
    shipped = _run(args, False, monkeypatch, seen)
    assert shipped == _run(args, True, monkeypatch, seen)


def test_the_instances_use_both_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above means something only where the shortcuts act and the search
    backtracks."""
    seen = {"dropped": 0, "stuck": 0}
    backtracks = 0
    for seed in range(24):
        backtracks += _run(_instance(seed), False, monkeypatch, seen)[3]
    assert seen["dropped"] > 0 and seen["stuck"] > 0 and backtracks > 0


def test_no_surviving_candidate_has_a_floor_above_the_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``_floor_bound``'s claim itself, checked at every node: with every section kept,
    no candidate that passes the first test has a floor above the bound in a section that
    still holds another unplaced buffer."""
    checked = 0
    bound = IntervalSearch._floor_bound
    evaluate = IntervalSearch._evaluate

    def checking(self, node, ci):
        nonlocal checked
        rows = self._bounds(node, ci, self.adjm[node.un[ci]][:, node.un])
        limit = bound(self, node.un, node.mo, node.sz)
        lives = [(self.sec.sec_lo[node.un] <= s) & (s < self.sec.sec_hi[node.un])
                 for s in range(len(self.total))]
        for c, row in zip(ci.tolist(), rows):
            if (row + node.sz > self.capacity).any():
                continue  # fails the first test: its floors do not matter
            for live in lives:
                live = live.copy()
                live[c] = False
                if live.any():
                    checked += 1
                    assert row[live].min() <= limit
        return evaluate(self, node, ci)
    monkeypatch.setattr(IntervalSearch, "_floor_bound",
                        lambda self, un, mo, sz: 2 * self.capacity + 2)
    monkeypatch.setattr(IntervalSearch, "_evaluate", checking)
    for seed in range(0, 24, 3):
        IntervalSearch(*_instance(seed)).solve(300_000)
    assert checked > 0
