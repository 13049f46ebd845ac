"""The greedy's inner loops over the placed buffers, compiled with numba when installed.

Why: on the large traces a greedy run is one query per buffer, and a query costs about
eight numpy passes over a bucket's rows (``IntervalObstacles.gaps`` then ``fit.fit_gaps``)
plus a copy of the bucket to merge in what was placed since it was last read: thousands
of rows each time, and numpy's call overhead on every pass. Compiled loops (``fit_rows``,
``fit_rows_in_objects``, ``fit_summaries``, ``grow_clique``, ``catch_up``) do each in one
pass and choose exactly what the numpy path chooses.

The tests hold both paths to the same offsets on every sort and fit. numba is optional
(``memir[fast]``): without it, or with ``MEMIR_NO_NUMBA`` set in the environment,
``kernels_for`` gives None and the numpy path runs, with the same plans. It is loaded
only for problems of at least ``COMPILED_FROM`` buffers: a smaller run ends before numba
would load (once per process; the compiled code is cached on disk).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

import numpy as np

# Buffers from which an index loads the compiled loops: below, a whole ``auto`` costs
# about what loading numba does; tests lower it
# to reach the loops on small problems, or raise it to hold the numpy path.
COMPILED_FROM = 1000


class Kernels(NamedTuple):
    fit_rows: object
    fit_rows_in_objects: object
    catch_up: object
    fit_summaries: object
    grow_clique: object


_loaded: list[Kernels | None] = []


def kernels() -> Kernels | None:
    """The loops below compiled, or None where numba is not installed."""
    if not _loaded:
        try:
            if os.environ.get("MEMIR_NO_NUMBA"):
                raise ImportError("MEMIR_NO_NUMBA is set")
            import numba  # noqa: F401 - whether it loads (with this numpy) decides
        except ImportError:
            _loaded.append(None)
        else:
            _loaded.append(Kernels(*map(_compiled, (fit_rows, fit_rows_in_objects, catch_up,
                                                    fit_summaries, grow_clique))))
    return _loaded[0]


def _compiled(function):
    """``function`` compiled on first call and cached on disk, or, where numba finds no
    place to write its cache (a read-only install, no home directory), compiled once per
    process."""
    import numba

    _helpers_jitable()
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return numba.njit(nogil=True)(function)


@functools.cache
def _helpers_jitable() -> None:
    """Let the loops call the helpers below compiled (once per process)."""
    from numba.extending import register_jitable

    for helper in (_aligned, _offer):
        register_jitable(helper)


_allowed: ContextVar[bool] = ContextVar("memir_compiled_loops", default=True)


@contextmanager
def numpy_only() -> Iterator[None]:
    """Within this block no index loads the loops (``kernels_for`` gives None)."""
    token = _allowed.set(False)
    try:
        yield
    finally:
        _allowed.reset(token)


def allowed() -> bool:
    """Whether the indexes may load the loops here (not within ``numpy_only``)."""
    return _allowed.get()


_complete: list[bool] = []  # the cache was checked in this process (and filled)


def kernels_for(buffers: int) -> Kernels | None:
    """The compiled loops where a problem of ``buffers`` buffers pays for loading them
    (and they are allowed), else None. The first such call in a process compiles every
    loop not in the disk cache yet, so that the next pass under a time limit finds them
    warm, not only the ones this run reaches."""
    if buffers < COMPILED_FROM or not _allowed.get():
        return None
    loaded = kernels()
    if loaded is not None and not _complete:
        _complete.append(warm() or precompile())
    return loaded


# The loops each kind of index runs (``obstacles``): lifetimes, or summary conflicts.
INTERVAL_LOOPS = ("fit_rows", "fit_rows_in_objects", "catch_up")
SUMMARY_LOOPS = ("fit_summaries", "grow_clique")


def warm(names: tuple[str, ...] = Kernels._fields) -> bool:
    """Whether the loops ``names`` load without compiling: compiled in this process
    already, or in numba's disk cache for this source and numba version. Why: compiling
    them takes seconds, once per install; a pass under a time limit of a second cannot
    pay that, so there it runs the numpy path (the same plans) until the cache is warm.
    (The disk cache is read through numba's cache objects; if that fails, the loops count
    as cold.)"""
    loaded = kernels()
    if loaded is None:
        return False
    try:
        return all(f.signatures or f._cache._cache_file._load_index()
                   for f in (getattr(loaded, name) for name in names))
    except Exception:  # noqa: BLE001 - numba's internals moved: assume a compile
        return False


def precompile() -> bool:
    """Compile every loop (into numba's disk cache) on tiny inputs of each type the
    planners pass; False without numba. ``python -m memir.planning.layout.compiled`` runs
    it: after installing, so that the first large layout (or one under a time limit) does
    not pay the compile."""
    loaded = kernels()
    if loaded is None:
        return False
    rows = np.zeros((4, 1), dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    loaded.fit_rows(rows, 0, 0, 1, 1, 1, 0, True)
    loaded.fit_rows_in_objects(rows, 0, 0, 1, 1, 1, 0, True, none, none, 0)
    loaded.catch_up(rows, 0, none, 0, 0, rows, 0, 1)
    for kind in (np.int16, np.int32, np.int64):  # summaries' positions (summary_conflicts)
        summary = np.zeros((1, 1), dtype=kind)
        loaded.fit_summaries(none, rows.reshape(2, 2), summary[0], summary[0], summary,
                             summary, 0, 0, summary[0], summary[0], summary[0], 1, 1, 0, True)
        loaded.grow_clique(summary, summary, none, np.zeros(0, dtype=bool), none.copy())
    return True


def _aligned(x: int, period: int, residue: int) -> int:
    """The lowest valid start at or above ``x`` (``residue`` modulo ``period``)."""
    return x + (residue - x) % period


def _offer(found: int, found_room: int, lo: int, hi: int, size: int, period: int,
           residue: int, best: bool) -> tuple[int, int]:
    """The fitter's pick so far, (start, length of its gap) or (-1, 0), after it is offered
    the gap ``[lo, hi)`` (gaps come in offset order): first fit keeps the first that holds
    the buffer at a valid start, best fit the shortest such (ties: the earlier). A gap as
    long as the buffer is the best fit's final pick: no later gap is shorter, and ties
    go to the earlier, so the loops stop there as first fit does."""
    room = hi - lo
    if room >= size and (found < 0 or (best and room < found_room)):
        start = _aligned(lo, period, residue)
        if hi - start >= size:
            return start, room
    return found, found_room


def fit_rows(rows: np.ndarray, m: int, a: int, b: int, size: int, period: int,
             residue: int, best: bool) -> int:
    """Start of a buffer of ``size`` (> 0) bytes living in ranks ``[a, b)`` among the
    first ``m`` rows ``(a, b, offset, end)`` of a bucket, in offset order; a row whose
    lifetime overlaps ``[a, b)`` is an obstacle. Valid starts are ``residue`` modulo
    ``period``. (Plain Python here, the tests' oracle; ``kernels()`` compiles it.)"""
    reach = 0  # the highest end of the obstacles so far: where the next gap starts
    found, found_room = -1, 0
    for j in range(m):
        if rows[0, j] < b and rows[1, j] > a:
            found, found_room = _offer(found, found_room, reach, rows[2, j], size, period,
                                       residue, best)
            if found >= 0 and (not best or found_room == size):
                return found
            reach = max(reach, rows[3, j])
    return found if found >= 0 else _aligned(reach, period, residue)


def fit_rows_in_objects(rows: np.ndarray, m: int, a: int, b: int, size: int, period: int,
                        residue: int, best: bool, obj_lo: np.ndarray, obj_hi: np.ndarray,
                        floor: int) -> tuple[int, bool]:
    """Many Objects' start for the buffer of ``fit_rows``, and whether it opens an object:
    the fitter's pick among the pieces of the gaps with room for it cut by the objects
    (disjoint byte ranges ``[obj_lo, obj_hi)`` in increasing order) in the lowest object
    with a piece that holds it, as ``fit.fit_gaps_in_objects`` picks; else the lowest start
    at or above ``floor`` (a new object), as ``fit.first_fit_above``."""
    objects = len(obj_lo)
    k = 0  # the first object ending above the current gap's start (gaps only rise)
    winner = -1
    found = -1
    found_room = 0
    reach = 0
    j = 0
    while objects and j <= m:  # the gaps below each obstacle, then the top one (j == m)
        if j < m and not (rows[0, j] < b and rows[1, j] > a):
            j += 1
            continue
        lo = reach
        hi = rows[2, j] if j < m else 1 << 62
        if j < m and rows[3, j] > reach:
            reach = rows[3, j]
        j += 1
        while k < objects and obj_hi[k] <= lo:
            k += 1
        if winner >= 0 and k > winner:
            break  # the winning object ends below: later pieces lie in higher objects
        if _offer(-1, 0, lo, hi, size, period, residue, False)[0] < 0:
            continue  # no room (the top gap always has)
        t = k
        while t < objects and obj_lo[t] < hi and (winner < 0 or t <= winner):
            piece_lo = max(lo, obj_lo[t])
            piece_hi = min(hi, obj_hi[t])
            start = _aligned(piece_lo, period, residue)
            if piece_hi - start >= size:
                if not best:
                    return start, False
                if winner < 0 or piece_hi - piece_lo < found_room:
                    winner, found, found_room = t, start, piece_hi - piece_lo
            t += 1
    if winner >= 0:
        return found, False
    reach = 0
    for j in range(m):  # the lowest start at or above the floor
        if rows[0, j] < b and rows[1, j] > a:
            start = _offer(-1, 0, max(reach, floor), rows[2, j], size, period, residue,
                           False)[0]
            if start >= 0:
                return start, True
            reach = max(reach, rows[3, j])
    return _aligned(max(reach, floor), period, residue), True


def catch_up(rows: np.ndarray, m: int, log: np.ndarray, seen: int, logged: int,
             placed: np.ndarray, lo: int, hi: int) -> int:
    """Merge into the first ``m`` rows of a bucket of ranks ``[lo, hi)`` (room for
    ``logged - seen`` more) the buffers of ``log[seen:logged]`` that overlap it, whose
    rows (a, b, offset, end) are the columns of ``placed``; the new row count. A new row
    goes after existing rows of equal offset, new rows of equal offset in log order."""
    new = np.empty(logged - seen, dtype=np.int64)
    k = 0
    for t in range(seen, logged):
        j = log[t]
        if placed[0, j] < hi and placed[1, j] > lo:
            new[k] = j
            k += 1
    if k == 0:
        return m
    new = new[:k]
    if k > 1:
        new = new[np.argsort(placed[2, new], kind="mergesort")]
    i, w = m - 1, m + k - 1
    for t in range(k - 1, -1, -1):  # from the end: each new row after its equals
        j = new[t]
        while i >= 0 and rows[2, i] > placed[2, j]:
            for c in range(4):
                rows[c, w] = rows[c, i]
            i -= 1
            w -= 1
        for c in range(4):
            rows[c, w] = placed[c, j]
        w -= 1
    return m + k


def fit_summaries(ids: np.ndarray, spans: np.ndarray, lows: np.ndarray, highs: np.ndarray,
                  starts: np.ndarray, ends: np.ndarray, k: int, i: int, start_i: np.ndarray,
                  end_i: np.ndarray, last_end: np.ndarray, size: int, period: int,
                  residue: int, best: bool) -> int:
    """``fit_rows`` for buffer ``i`` among the ``k`` placed buffers of a
    ``SummaryObstacles`` (their ``ids``, byte ``spans`` as (offset, end) rows, and the
    ``lows`` and ``highs`` of their summaries, in offset order; ``starts`` and ``ends``:
    every buffer's summary, one row per buffer): an obstacle is a placed buffer other than
    ``i`` that conflicts with it by the summaries, ``(some s: end[j, s] > start[i, s]) and
    (some s: end[i, s] > start[j, s])`` (``summary_conflicts``).

    The first test reads only the streams that use ``i`` (elsewhere ``end[i, s] = -1``
    decides nothing); the second runs over every stream without a branch, so that the
    compiler can compare a buffer's streams together (a stream not used after
    ``start[i, s]`` never makes ``end[j, s] > start[i, s]`` true). Before either, a
    test on two numbers per placed buffer, its least start and its greatest end: the
    first test needs ``max(end[j]) > min(start[i, s])`` over the streams used after
    ``start[i, s]`` (``last_end``: each stream's last use), the second ``min(start[j]) <
    max(end[i])``; a placed buffer that fails one is passed over without reading its
    summary rows."""
    streams = len(start_i)
    mine = np.empty(streams, dtype=np.int64)  # end[i, s] >= 0: s uses i
    used, top, bottom, later = 0, -1, 0, False  # max(end[i]); min(start[i]) used later
    for s in range(streams):
        if end_i[s] >= 0:
            mine[used] = s
            used += 1
            top = max(top, end_i[s])
        if last_end[s] > start_i[s]:
            bottom = start_i[s] if not later else min(bottom, start_i[s])
            later = True
    reach = 0
    found, found_room = -1, 0
    if used == 0 or not later:  # used nowhere, or nothing is used after it: no conflict
        return _aligned(reach, period, residue)
    for j in range(k):
        if lows[j] >= top or highs[j] <= bottom:
            continue
        b = ids[j]
        if b == i:
            continue
        born = False  # some start[j] < end[i]: the few streams that use i
        for t in range(used):
            if starts[b, mine[t]] < end_i[mine[t]]:
                born = True
                break
        if not born:
            continue
        dies = False  # some end[j] > start[i]: every stream, compared together
        for s in range(streams):
            dies |= ends[b, s] > start_i[s]
        if not dies:
            continue
        found, found_room = _offer(found, found_room, reach, spans[j, 0], size, period,
                                   residue, best)
        if found >= 0 and (not best or found_room == size):
            return found
        reach = max(reach, spans[j, 1])
    return found if found >= 0 else _aligned(reach, period, residue)


def grow_clique(starts: np.ndarray, ends: np.ndarray, weight: np.ndarray, seed: np.ndarray,
                common: np.ndarray) -> np.ndarray:
    """``lower_bound._grow``: a maximal clique of the summary conflicts (``starts``,
    ``ends``: every buffer's summary, one row per buffer), members taken heaviest first
    (ties: the smallest index) among the ``seed`` buffers that conflict with every member
    so far, then among any. ``common``: the candidates, ascending (the buffers of positive
    weight); it is narrowed in place. Each test runs over every stream without a branch,
    as in ``fit_summaries`` (a stream that does not use a buffer, or is not used after its
    start, decides nothing)."""
    m = len(common)
    streams = starts.shape[1]
    clique = np.empty(m, dtype=np.int64)
    size = 0
    while m > 0:
        v, heaviest = -1, -1
        for t in range(m):
            j = common[t]
            if seed[j] and weight[j] > heaviest:
                v, heaviest = j, weight[j]
        if v < 0:
            for t in range(m):
                j = common[t]
                if weight[j] > heaviest:
                    v, heaviest = j, weight[j]
        clique[size] = v
        size += 1
        kept = 0
        for t in range(m):
            j = common[t]
            if j == v:
                continue
            born, dies = False, False  # some start[j] < end[v]; some end[j] > start[v]
            for s in range(streams):
                born |= starts[j, s] < ends[v, s]
                dies |= ends[j, s] > starts[v, s]
            if born and dies:
                common[kept] = j
                kept += 1
        m = kept
    return clique[:size]


if __name__ == "__main__":
    raise SystemExit(0 if precompile() else "numba is not installed: nothing to compile")
