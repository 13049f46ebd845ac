"""A plan's memory profile kept up to date as recomputations are added, for the greedy.

Why not ``evaluate`` each time: on a training graph of thousands of ops, playing the whole
plan out for every candidate the greedy tries is quadratic and takes minutes. Adding
recomputations to one stage only changes the copies of the buffers those ops read or
produce. So the state keeps, per buffer, the runs that make and read it; a trial rebuilds
only the touched buffers' copies and patches the current profile (old copies out, new ones
in, the bytes live across each inserted run, ``PlanState._inserted_base``).

Runs are named by a key that needs no renumbering: run (t, i) of stage t has key
``t * n + i`` (recomputed ops have i < t and run in index order before op t, so key order
is run order). The model is exactly ``stage_model.evaluate``'s (copies, versions);
``tests/planning/remat/test_remat.py`` checks the two agree on random plans.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

import numpy as np

from memir.planning.remat.stage_model import RematProblem


@dataclass
class BufferCopies:
    """One buffer's copies: (made key, last key, read keys it serves), in order."""

    copies: list[tuple[int, int, list[int]]]
    missing: bool  # a read before any copy of a buffer that has a producer


def _copies_of(makes: list[int], reads: list[int], produced: bool, n: int = 1,
               in_place: list[int] | None = None) -> BufferCopies:
    """Play one buffer's events out: makes and reads by key (a run never does both). With
    ``in_place`` (the buffer's in-place writers, ``RematProblem.in_place``) each copy holds
    a version: a read must find the one its op expects, and a write moves it on; a read
    that finds no copy, or the wrong version, marks the buffer ``missing``."""
    if not in_place:
        return _unversioned_copies(makes, reads, produced)
    copies: list[list] = []
    m = 0
    missing = False
    version = 0
    for key in reads:
        while m < len(makes) and makes[m] < key:
            copies.append([makes[m], makes[m], []])
            version = 0
            m += 1
        if not copies:
            if produced:
                missing = True
                continue
            copies.append([key, key, []])
        if in_place is not None:
            i = key % n
            at = bisect_left(in_place, i)
            if version != at:
                missing = True
            if at < len(in_place) and in_place[at] == i:
                version += 1
        copies[-1][1] = key
        copies[-1][2].append(key)
    copies.extend([k, k, []] for k in makes[m:])
    return BufferCopies([(a, b, c) for a, b, c in copies], missing)


def _unversioned_copies(makes: list[int], reads: list[int], produced: bool) -> BufferCopies:
    """``_copies_of`` for a buffer no op writes in place (a single version, so a read
    only needs some copy): each make serves the reads up to the next make, found by
    bisection rather than read by read, since trials replay every touched buffer."""
    copies = []
    missing = False
    lo = bisect_left(reads, makes[0]) if makes else len(reads)
    if lo:  # reads before the first make
        if produced:
            missing = True
        else:
            copies.append((reads[0], reads[lo - 1], reads[:lo]))
    for m, key in enumerate(makes):
        hi = bisect_left(reads, makes[m + 1], lo) if m + 1 < len(makes) else len(reads)
        served = reads[lo:hi]
        copies.append((key, served[-1] if served else key, served))
        lo = hi
    return BufferCopies(copies, missing)


def _without(keys: list[int], gone: list[int]) -> list[int]:
    """The sorted ``keys`` less those in ``gone`` (sorted; a run touches a buffer once, so
    keys are unique), found by bisection: buffers read by thousands of runs lose a few."""
    kept = list(keys)
    for key in reversed(gone):
        at = bisect_left(kept, key)
        if at < len(kept) and kept[at] == key:
            del kept[at]
    return kept


def _summed(at: np.ndarray, size: np.ndarray, length: int) -> np.ndarray:
    """Per index below ``length``, the sum of ``size`` over the entries at it: what
    ``np.add.at`` gives, without its per-element cost. ``bincount`` sums in float64,
    exact for integers below 2**53 (bytes of memory are)."""
    return np.bincount(at, weights=size, minlength=length).astype(np.int64)


def _added(profile: np.ndarray, made: np.ndarray, last: np.ndarray, size: np.ndarray,
           run_keys: np.ndarray) -> np.ndarray:
    """``profile`` (a new array, changed in place) plus the bytes of the copies (made,
    last, size) over ``run_keys``: ``PlanState._profile`` summed over the runs from the
    first copy's make to the last copy's end only, since the copies add nothing outside
    (a trial's few copies span a part of a long program)."""
    first = np.searchsorted(run_keys, made)
    end = np.searchsorted(run_keys, last, side="right")
    lo, hi = int(first.min()), int(end.max())
    delta = np.zeros(hi - lo + 1, dtype=np.int64)
    np.add.at(delta, first - lo, size)
    np.add.at(delta, end - lo, -size)
    profile[lo:hi] += np.cumsum(delta[:-1])
    return profile


def _inserted(array: np.ndarray, at: list[int], values: list[int]) -> np.ndarray:
    """``np.insert(array, at, values)`` for a few sorted positions, by slices: a trial
    inserts a handful of runs, where ``np.insert``'s general path costs more than the
    copy."""
    pieces, before = [], 0
    for k, value in zip(at, values):
        pieces += [array[before:k], np.array((value,), dtype=array.dtype)]
        before = k
    pieces.append(array[before:])
    return np.concatenate(pieces)


class PlanState:
    """The plan so far, its copies per buffer and its run profile."""

    def __init__(self, problem: RematProblem, plan=None) -> None:
        """The state of ``plan`` (stage -> ops recomputed there; a valid plan), or of
        none."""
        self.problem = problem
        n = self.n = problem.num_ops
        self.plan: dict[int, list[int]] = {t: sorted(set(ops)) for t, ops in (plan or {}).items()
                                           if ops}
        # ops that re-run only with their producer
        self.following = frozenset(i for i in range(n) if problem.leader[i] is not None)
        self.uses = problem.run_buffers  # per op: planned buffers it reads (shared, read-only)
        self.makes_of = problem.run_makes  # per op: planned buffers it produces
        self.makes: dict[int, list[int]] = {}
        self.reads: dict[int, list[int]] = {}
        runs = sorted([i * n + i for i in range(n)]
                      + [t * n + i for t, ops in self.plan.items() for i in ops])
        for key in runs:
            i = key % n
            for b in self.uses[i]:
                self.reads.setdefault(b, []).append(key)
            for b in self.makes_of[i]:
                self.makes.setdefault(b, []).append(key)
        self.buffers = sorted({*self.makes, *self.reads})
        self.copies = {b: self._play(b, self.makes.get(b, []), self.reads.get(b, []))
                       for b in self.buffers}
        self.run_keys = np.array(runs, dtype=np.int64)
        self._index()
        self.profile = self._profile(self.made, self.last, self.size, self.run_keys)
        self._peak: tuple[int, int] | None = None  # (key, bytes) of ``peak_run``, once asked
        self.accepts = 0  # trials accepted so far
        self.stamps: dict[int, int] = {}  # buffer -> ``accepts`` when a trial last touched it

    def _play(self, b: int, makes: list[int], reads: list[int]) -> BufferCopies:
        problem = self.problem
        versions = problem.in_place[b] if problem.versioned(b) else None
        return _copies_of(makes, reads, problem.producer[b] is not None, self.n, versions)

    def _index(self) -> None:
        """Flat arrays over every copy (buffer-major) for the numpy profile."""
        made, last, size = [], [], []
        for b in self.buffers:
            for a, z, _reads in self.copies[b].copies:
                made.append(a)
                last.append(z)
                size.append(self.problem.sizes[b])
        self.made = np.array(made, dtype=np.int64)
        self.last = np.array(last, dtype=np.int64)
        self.size = np.array(size, dtype=np.int64)
        self.position = {b: k for k, b in enumerate(self.buffers)}
        self.count = np.array([len(self.copies[b].copies) for b in self.buffers],
                              dtype=np.int64)
        self._spans()

    def _spans(self) -> None:
        """Where each buffer's copies lie in the flat arrays (``where``); each copy's
        buffer (``owner``) and the bytes ending at each run (``ends``) are found when
        first asked: a prune accepts thousands of drops and asks for neither."""
        self.starts = np.concatenate(([0], np.cumsum(self.count)))
        self._owner: np.ndarray | None = None
        self._ends: np.ndarray | None = None

    @property
    def owner(self) -> np.ndarray:
        """Per copy in the flat arrays, its buffer."""
        if self._owner is None:
            self._owner = np.repeat(np.array(self.buffers, dtype=np.int64), self.count)
        return self._owner

    @property
    def ends(self) -> np.ndarray:
        """Per run, the bytes of the copies whose last run it is (``_inserted_base``)."""
        if self._ends is None:
            self._ends = _summed(np.searchsorted(self.run_keys, self.last), self.size,
                                 len(self.run_keys))
        return self._ends

    def where(self, b: int) -> tuple[int, int] | None:
        """(start, end) of buffer ``b``'s copies in the flat arrays; None when the state
        has none."""
        k = self.position.get(b)
        return None if k is None else (int(self.starts[k]), int(self.starts[k + 1]))

    @staticmethod
    def _profile(made, last, size, run_keys) -> np.ndarray:
        """Bytes live at each run: copies with made <= key <= last."""
        delta = (_summed(np.searchsorted(run_keys, made), size, len(run_keys) + 1)
                 - _summed(np.searchsorted(run_keys, last, side="right"), size,
                           len(run_keys) + 1))
        return np.cumsum(delta[:-1])

    def copy(self) -> PlanState:
        """An independent state equal to this one (what ``PlanState(problem, self.plan)``
        builds, without playing every buffer out again): trials and ``accept`` replace
        the containers they change, except the plan, the per-buffer maps and ``count``,
        copied here."""
        other = object.__new__(PlanState)
        other.__dict__.update(self.__dict__)
        other.plan = {t: list(ops) for t, ops in self.plan.items()}
        other.makes, other.reads = dict(self.makes), dict(self.reads)
        other.copies, other.position = dict(self.copies), dict(self.position)
        other.count = self.count.copy()
        other.stamps = dict(self.stamps)
        return other

    # ------------------------------------------------------------------ queries

    def pressure(self, profile: np.ndarray | None = None) -> tuple[int, int]:
        """(peak, number of runs at the peak): what a candidate must lower."""
        profile = self.profile if profile is None else profile
        if not len(profile):
            return 0, 0
        peak = int(profile.max())
        return peak, int(np.count_nonzero(profile == peak))

    @property
    def peak(self) -> int:
        return self.pressure()[0]

    def peak_run(self) -> tuple[int, int]:
        """(stage, op) of the first run at the peak."""
        key = int(self.run_keys[int(np.argmax(self.profile))])
        return divmod(key, self.n)

    def live_at(self, key: int) -> list[tuple[int, int, list[int]]]:
        """(buffer, made, read keys) of each copy live at run ``key`` and made before it."""
        found = np.nonzero((self.made < key) & (self.last >= key))[0]
        out = []
        for index, b in zip(found.tolist(), self.owner[found].tolist()):
            start, _end = self.where(b)
            made, _last, reads = self.copies[b].copies[index - start]
            out.append((b, made, reads))
        return out

    def held_into(self, b: int, stage: int) -> bool:
        """Whether a copy of ``b`` made before ``stage`` is still live when it starts."""
        first = stage * self.n
        copies = self.copies.get(b)
        return copies is not None and any(a < first <= z for a, z, _r in copies.copies)

    # ------------------------------------------------------------------ trials

    def trial(self, stage: int, ops, peak_run_limit: int | None = None) -> Trial | None:
        """The state with ``ops`` also recomputed in ``stage``; None if a read would find
        no copy or another version than it expects, a recomputation would read a changed
        value, or a follower in ``ops`` would run without its producer; with
        ``peak_run_limit``, None also when the run at the peak now (``peak_run``) would hold
        more bytes than that, found before the profile is built: most of the descent's
        candidates leave that run as it is or add to it, and then neither the peak nor the
        runs at it can fall."""
        problem, n = self.problem, self.n
        have = set(self.plan.get(stage, ()))
        new = sorted(set(ops) - have)
        if any(not problem.can_recompute(i, stage) for i in new):
            return None
        if any(problem.leader[i] is not None and problem.leader[i] not in have | set(new)
               for i in new):
            return None  # a follower without its producer
        keys = [stage * n + i for i in new]
        touched: dict[int, tuple[list[int], list[int]]] = {}
        for i, key in zip(new, keys):
            for b in self.uses[i]:
                makes, reads = touched.setdefault(b, (list(self.makes.get(b, [])),
                                                      list(self.reads.get(b, []))))
                reads.insert(bisect_right(reads, key), key)
            for b in self.makes_of[i]:
                makes, reads = touched.setdefault(b, (list(self.makes.get(b, [])),
                                                      list(self.reads.get(b, []))))
                makes.insert(bisect_right(makes, key), key)
        return self._replayed(stage, new, touched, keys, peak_run_limit=peak_run_limit)

    def trial_without(self, stage: int, ops, peak_run_limit: int | None = None,
                      refusals: Refusals | None = None) -> Trial | None:
        """The state with ``ops`` no longer recomputed in ``stage``; None if none of them
        is, if a follower left there would run without its producer, or if a read would
        then find no copy or another version than it expects; with ``peak_run_limit``,
        None also when the run at the peak now would hold more bytes than that (a prune's
        drop that held a copy across it). With ``refusals`` too (kept for this state:
        ``Refusals``), None whenever the trial would peak above the limit, each such
        refusal remembered there and a drop refused before found again there."""
        problem, n = self.problem, self.n
        have = self.plan.get(stage, [])
        gone = set(ops).intersection(have)
        kept = set(have).difference(gone)
        if not gone or any(problem.leader[i] not in kept for i in kept & self.following):
            return None
        gone = sorted(gone)
        if peak_run_limit is None:
            refusals = None  # nothing is refused for its peak
        if refusals is not None and refusals.refuses(self, stage, gone, peak_run_limit):
            return None
        keys = [stage * n + i for i in gone]
        touched: dict[int, tuple[list[int], list[int]]] = {}
        for i in gone:
            for b in (*self.uses[i], *self.makes_of[i]):
                if b not in touched:
                    touched[b] = (_without(self.makes.get(b, []), keys),
                                  _without(self.reads.get(b, []), keys))
        if refusals is None:
            return self._replayed(stage, [], touched, keys, gone, peak_run_limit)
        above: list[tuple[int, int]] = []
        trial = self._replayed(stage, [], touched, keys, gone, peak_run_limit, above)
        if trial is not None and trial.peak > peak_run_limit:
            above.append(self._rise_at_peak(trial))
            trial = None
        if above:
            refusals.remember(self, stage, gone, *above[0])
        return trial

    def _rise_at_peak(self, trial: Trial) -> tuple[int, int]:
        """(key, bytes) of the run where a drop's ``trial`` peaks and what it adds there
        (the run is one of this state's: a drop only takes runs out)."""
        at = int(np.argmax(trial.profile))
        key = int(trial.run_keys[at])
        now = int(self.profile[int(np.searchsorted(self.run_keys, key))])
        return key, int(trial.profile[at]) - now

    def _inserted_base(self, at: list[int]) -> np.ndarray:
        """The profile over the run keys with new runs inserted before positions ``at``
        (sorted), counting the current copies only: an old run keeps its bytes, a new
        one gets the bytes live across the gap it falls in (those at the run before it
        less the copies ending there: ``ends``), since every current copy starts and ends
        at an old run. Why: a trial then pays for its own few copies, not for all."""
        across = [int(self.profile[k - 1] - self.ends[k - 1]) if k > 0 else 0 for k in at]
        return _inserted(self.profile, at, across)

    def _replayed(self, stage: int, new: list[int], touched, keys: list[int],
                  gone: list[int] | None = None, peak_run_limit: int | None = None,
                  above: list[tuple[int, int]] | None = None) -> Trial | None:
        """The trial replaying the ``touched`` buffers (makes, reads), with the runs
        ``keys`` inserted (``new``) or taken out (``gone``); None when a read would find no
        copy or another version than it expects, or the run at the peak would hold more
        than ``peak_run_limit``. The base is the current copies' profile over the
        trial's runs; the touched buffers' old copies are taken out of it and their new
        ones put in (``_profile`` of both, the old with negative bytes): the same profile
        as over every copy (``full_profile``), for the price of the touched copies. A trial
        refused at the run at the peak, where that run stays, appends (its key, the bytes
        the trial adds there) to ``above``."""
        copies = {}
        for b, (makes, reads) in touched.items():
            copies[b] = self._play(b, makes, reads)
            if copies[b].missing:
                return None
        if peak_run_limit is not None and (found := self._at_peak_run(copies)) > peak_run_limit:
            key, now = self._peak
            if above is not None and key not in keys:
                above.append((key, found - now))
            return None
        if gone:
            kept_runs = np.delete(np.arange(len(self.run_keys)),
                                  np.searchsorted(self.run_keys, keys))
            run_keys, base = self.run_keys[kept_runs], self.profile[kept_runs]
        else:
            at = np.searchsorted(self.run_keys, keys).tolist()
            run_keys, base = _inserted(self.run_keys, at, keys), self._inserted_base(at)
        made, last, size = [], [], []
        for b, played in copies.items():
            nbytes = self.problem.sizes[b]
            for sign, listed in ((1, played), (-1, self.copies.get(b))):
                for a, z, _r in (listed.copies if listed is not None else ()):
                    made.append(a)
                    last.append(z)
                    size.append(sign * nbytes)
        profile = base
        if made:
            profile = _added(base, np.array(made, dtype=np.int64),
                             np.array(last, dtype=np.int64), np.array(size, dtype=np.int64),
                             run_keys)
        return Trial(stage, new, touched, copies, run_keys, profile, gone or [])

    def _at_peak_run(self, copies: dict[int, BufferCopies]) -> int:
        """The bytes live at the run at the peak (``peak_run``) with the touched buffers'
        copies replaced by ``copies``. Where a drop takes that run out, the bytes of the
        copies across its key: the next run holds them too, so a trial above a limit
        there is above it at a run it has."""
        if self._peak is None:
            at = int(np.argmax(self.profile))
            self._peak = (int(self.run_keys[at]), int(self.profile[at]))
        key, found = self._peak
        for b, played in copies.items():
            nbytes = self.problem.sizes[b]
            found += nbytes * sum(a <= key <= z for a, z, _r in played.copies)
            if (old := self.copies.get(b)) is not None:
                found -= nbytes * sum(a <= key <= z for a, z, _r in old.copies)
        return found

    def full_profile(self, trial: Trial) -> np.ndarray:
        """``trial``'s profile recomputed over every copy, the current ones of untouched
        buffers and the trial's of touched ones: what ``_replayed`` must equal (the
        tests compare them)."""
        keep = np.ones(len(self.made), dtype=bool)
        made, last, size = [self.made], [self.last], [self.size]
        for b, played in trial.copies.items():
            if (span := self.where(b)) is not None:
                keep[span[0]:span[1]] = False
            for listed, arr in zip((made, last, size), self._arrays(b, played)):
                listed.append(arr)
        made[0], last[0], size[0] = self.made[keep], self.last[keep], self.size[keep]
        return self._profile(np.concatenate(made), np.concatenate(last),
                             np.concatenate(size), trial.run_keys)

    def _arrays(self, b: int, played: BufferCopies):
        """(made, last, size) arrays of ``played``, copies of buffer ``b``."""
        made = np.array([a for a, _z, _r in played.copies], dtype=np.int64)
        last = np.array([z for _a, z, _r in played.copies], dtype=np.int64)
        return made, last, np.full(len(made), self.problem.sizes[b], dtype=np.int64)

    def accept(self, trial: Trial) -> None:
        """Make ``trial`` the current state."""
        if trial.new:
            self.plan[trial.stage] = sorted({*self.plan.get(trial.stage, ()), *trial.new})
        if trial.removed:
            kept = [i for i in self.plan[trial.stage] if i not in trial.removed]
            if kept:
                self.plan[trial.stage] = kept
            else:
                del self.plan[trial.stage]
        spans = {b: self.where(b) for b in trial.touched}
        self.accepts += 1
        for b, (makes, reads) in trial.touched.items():
            self.makes[b], self.reads[b] = makes, reads
            self.copies[b] = trial.copies[b]
            self.stamps[b] = self.accepts
        self.run_keys = trial.run_keys
        self._splice(spans)
        self.profile = trial.profile
        self._peak = None

    def _splice(self, spans: dict[int, tuple[int, int] | None]) -> None:
        """``_index``'s arrays after ``accept``: the old arrays with each touched buffer's
        segment (``spans``: where it was, None for a buffer new to the state, which goes
        in before the first old buffer above it) replaced by its new copies, so the same
        buffer-major arrays as ``_index`` builds, without a Python pass over every copy
        or buffer on each accepted move."""
        old_buffers, old_starts = self.buffers, self.starts
        made, last, size = [], [], []
        pos = 0
        for b in sorted(spans):
            start, end = spans[b] or (int(old_starts[bisect_left(old_buffers, b)]),) * 2
            made.append(self.made[pos:start])
            last.append(self.last[pos:start])
            size.append(self.size[pos:start])
            for listed, arr in zip((made, last, size), self._arrays(b, self.copies[b])):
                listed.append(arr)
            pos = end
        made.append(self.made[pos:])
        last.append(self.last[pos:])
        size.append(self.size[pos:])
        self.made, self.last, self.size = (np.concatenate(made), np.concatenate(last),
                                           np.concatenate(size))
        if any(span is None for span in spans.values()):
            self.buffers = sorted({*self.buffers, *spans})
            self.position = {b: k for k, b in enumerate(self.buffers)}
            self.count = np.array([len(self.copies[b].copies) for b in self.buffers],
                                  dtype=np.int64)
        else:
            for b in spans:
                self.count[self.position[b]] = len(self.copies[b].copies)
        self._spans()


@dataclass
class Trial:
    stage: int
    new: list[int]
    touched: dict[int, tuple[list[int], list[int]]]
    copies: dict[int, BufferCopies]
    run_keys: np.ndarray
    profile: np.ndarray
    removed: list[int] = field(default_factory=list)  # ops no longer recomputed there

    @property
    def peak(self) -> int:
        """The plan's peak with the trial made (0 for a program with no runs)."""
        return int(self.profile.max(initial=0))


class Refusals:
    """Drops a ``PlanState`` refused for peaking above a limit (``trial_without``): per
    (stage, ops dropped), a run the drop takes above the limit, the bytes it adds there,
    and the state's ``accepts`` then.

    Why: a prune tries every drop again after each pass that accepted one, and most are
    refused again. What a drop adds at a run depends only on the buffers it touches; while
    no accepted trial has touched them since (``PlanState.stamps``), the drop adds the same
    bytes at that run, so where the run's bytes now plus those are still above the limit,
    replaying it would refuse it too. Kept for one state: a copy's accepts count apart."""

    def __init__(self) -> None:
        self._found: dict[tuple[int, tuple[int, ...]], tuple[int, int, int]] = {}

    def remember(self, state: PlanState, stage: int, gone: list[int], key: int,
                 rise: int) -> None:
        """Dropping ``gone`` from ``stage`` adds ``rise`` bytes at run ``key``."""
        self._found[stage, tuple(gone)] = (key, rise, state.accepts)

    def refuses(self, state: PlanState, stage: int, gone: list[int], limit: int) -> bool:
        """The drop was refused before, touches no buffer changed since, and still takes
        its run above ``limit``."""
        found = self._found.get((stage, tuple(gone)))
        if found is None:
            return False
        key, rise, when = found
        stamps = state.stamps
        if any(stamps.get(b, 0) > when
               for i in gone for b in (*state.uses[i], *state.makes_of[i])):
            return False
        at = int(np.searchsorted(state.run_keys, key))
        if at == len(state.run_keys) or int(state.run_keys[at]) != key:
            return False
        return int(state.profile[at]) + rise > limit
