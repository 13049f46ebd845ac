"""Algorithm 2 of [Multi-stream reuse]: stream-graph safety (Alg. 3 AncestorStreamsReuse, Alg. 4
ValidAncestor, Alg. 5 SameStreamReuse).

Why this one is the default: it never builds ancestor sets of ops. One top-down pass gives
each op ``MaxAncId`` (per stream, the last position of a strict ancestor: a vector clock);
each tensor gets ``StartTime`` (its producer's position) and ``EndTime`` (per stream, the last
position of a use). Pairs are then decided a rectangle of tensors at a time: for each stream
``s1`` and each ancestor stream ``s2`` in the stream graph (Alg. 3), and within each stream
(Alg. 5); streams with no ancestry either way are left unsafe without a look.

Adaptations, all within Theorem 1: positions count from 0 and "no ancestor" is -1 (the
paper's 0); a tensor's uses include its producer, so a tensor nobody reads still occupies
memory while its producer runs; graph inputs form a group produced "before" every stream
(live from the start, so two inputs never share); tensors with no use share with anything.
"""

from __future__ import annotations

import numpy as np

from memir.analysis.pair_decisions import INPUTS, UNUSED, PairDecisions, slot_layout
from memir.analysis.precedence import Precedence

BLOCK_CELLS = 1 << 22  # booleans per temporary rectangle


def max_ancestor_ids(prec: Precedence) -> np.ndarray:
    """(N, S) MaxAncId: greatest position in each stream of a strict ancestor, else -1.

    A vector clock per op, joined over its predecessors in topological order (plain lists:
    with a handful of streams they beat per-op numpy calls)."""
    n, num_streams = prec.num_nodes, prec.num_streams
    stream, position, preds = prec.stream.tolist(), prec.position.tolist(), prec.preds
    none = [-1] * num_streams
    clock: list[list[int]] = [none] * n
    inclusive: list[list[int]] = [none] * n  # the op itself counted too
    for v in prec.topo:
        ps = preds[v]
        if len(ps) == 1:
            joined = inclusive[ps[0]]
        elif ps:
            joined = list(map(max, *(inclusive[p] for p in ps)))
        else:
            joined = none
        clock[v] = joined
        mine = joined.copy()
        mine[stream[v]] = position[v]
        inclusive[v] = mine
    return np.array(clock, dtype=np.int64).reshape(n, num_streams)


def ancestor_streams(prec: Precedence, max_anc: np.ndarray | None = None) -> np.ndarray:
    """(S, S) ``anc[s1, s2]``: some op of s2 is a strict ancestor of some op of s1 (s2 != s1).

    The stream graph's reachability, taken exactly from MaxAncId: the last op of s1 has
    every op of s1 before it, so its vector clock covers the whole stream."""
    if max_anc is None:
        max_anc = max_ancestor_ids(prec)
    num_streams = prec.num_streams
    anc = np.zeros((num_streams, num_streams), dtype=bool)
    last_op = np.full(num_streams, -1)
    np.maximum.at(last_op, prec.stream, np.arange(prec.num_nodes))
    active = np.flatnonzero(last_op >= 0)
    anc[active] = max_anc[last_op[active]] >= 0
    np.fill_diagonal(anc, False)
    return anc


class StreamGraphSafety:
    """Per-slot StartTime, EndTime and MaxAncId, and Alg. 2-5 over rectangles of slots.

    Within each stream's group, slots are ordered by kind: tensors used only in their own
    stream first, then between-streams tensors grouped by their set of destination
    streams, so each kind is a contiguous run of columns tested the same way.
    """

    def __init__(self, prec: Precedence, max_anc: np.ndarray):
        self.prec = prec
        self.anc_streams = ancestor_streams(prec, max_anc)
        dest = prec.last_use >= 0
        produced = prec.producer >= 0
        source = prec.at_producer(prec.stream)
        rows = np.arange(prec.num_tensors)
        in_source = dest[rows, np.maximum(source, 0)] & produced
        between = dest.sum(axis=1) > in_source  # a use outside the source stream (inputs: any)
        _, signature = np.unique(np.packbits(dest, axis=1), axis=0, return_inverse=True)
        kind = np.where(between, 1 + signature.reshape(-1), 0)
        self.layout = layout = slot_layout(prec, kind)

        order = layout.order
        produced = produced[order]
        self.start_time = prec.at_producer(prec.position)[order].astype(np.int32)
        self.end_time = prec.last_use[order].astype(np.int32)  # (slots, S)
        self.max_anc = prec.at_producer(max_anc)[order].astype(np.int32)
        self.own_end = np.where(produced, self.end_time[np.arange(len(order)),
                                                        source[order].clip(0)], -1)
        self.runs = {key: self._runs(lo, hi, kind[order], dest[order])
                     for key, (lo, hi) in layout.groups.items()}
        # AncStreams[s1] + {s1}, for Alg. 4's subset test
        self.allowed = [set(np.flatnonzero(row).tolist()) | {s1}
                        for s1, row in enumerate(self.anc_streams)]

    @staticmethod
    def _runs(lo: int, hi: int, kind: np.ndarray, dest: np.ndarray):
        """(lo, hi, between streams?, destination streams) for each run of one kind."""
        cuts = np.flatnonzero(np.diff(kind[lo:hi])) + 1 + lo
        return [(int(a), int(b), bool(kind[a]), np.flatnonzero(dest[a]).tolist())
                for a, b in zip([lo, *cuts], [*cuts, hi])]

    def valid_ancestor(self, y0: int, y1: int, dest_streams: list[int], x0: int, x1: int,
                       s1: int) -> np.ndarray | None:
        """Alg. 4 for a run of tensors y with the same DestStreams against tensors x of
        s1: [x, y] = ValidAncestor(y, x); None when all are False."""
        if not self.allowed[s1].issuperset(dest_streams):  # lines 1-2
            return None
        valid = None
        for s in dest_streams:  # lines 3-9
            end = self.end_time[y0:y1, s][None, :]
            if s == s1:  # all uses in s1 strictly before t1 is produced
                test = end < self.start_time[x0:x1, None]
            else:
                test = end <= self.max_anc[x0:x1, s, None]
            valid = test if valid is None else np.logical_and(valid, test, out=valid)
        return valid

    def ancestor_streams_block(self, x0: int, x1: int, s1: int, s2) -> np.ndarray:
        """Alg. 3 lines 3-12: tensors x of s1 (rows) against all tensors of stream s2."""
        g0, g1 = self.layout.groups[s2]
        block = np.zeros((x1 - x0, g1 - g0), dtype=bool)
        for y0, y1, between, dest_streams in self.runs[s2]:
            cols = block[:, y0 - g0 : y1 - g0]
            if not between:  # lines 4-8: EndTime[t2] <= MaxAncId[t1][s2]
                np.less_equal(self.own_end[None, y0:y1], self.max_anc[x0:x1, s2, None],
                              out=cols)
            elif (valid := self.valid_ancestor(y0, y1, dest_streams, x0, x1, s1)) is not None:
                cols[:] = valid  # lines 9-12
        return block

    def same_stream_block(self, x0: int, x1: int, s: int) -> np.ndarray:
        """Alg. 5 for tensors x (rows) and y (columns) of stream s: [x, y] = "x may
        follow y". Equal StartTimes (line 3) fail both tests by themselves."""
        g0, g1 = self.layout.groups[s]
        block = np.zeros((x1 - x0, g1 - g0), dtype=bool)
        start_x = self.start_time[x0:x1, None]
        for y0, y1, between, dest_streams in self.runs[s]:
            cols = block[:, y0 - g0 : y1 - g0]
            if not between:  # lines 14-16 (and the first tests of 10 and 14)
                np.less(self.own_end[None, y0:y1], start_x, out=cols)
            elif (valid := self.valid_ancestor(y0, y1, dest_streams, x0, x1, s)) is not None:
                np.logical_and(self.start_time[None, y0:y1] < start_x, valid, out=cols)
        return block

    def decide(self) -> PairDecisions:
        """Alg. 2: start from all pairs unsafe, then Alg. 3 and Alg. 5 mark the safe ones."""
        decisions = PairDecisions(self.layout)
        groups = self.layout.groups
        streams = [s for s in groups if s not in (INPUTS, UNUSED)]
        for s1 in streams:  # Alg. 3
            x0, x1 = groups[s1]
            ancestors = [s2 for s2 in streams if self.anc_streams[s1, s2]]
            if INPUTS in groups:  # graph inputs exist before every stream starts
                ancestors.append(INPUTS)
            for s2 in ancestors:
                y0, y1 = groups[s2]
                if s2 != INPUTS and (self.max_anc[x0:x1, s2].max()
                                     < self.own_end[y0:y1].min()):
                    continue  # every t2 is used in s2 after every t1's last ancestor there
                for r0, r1 in _row_chunks(x0, x1, y1 - y0):
                    decisions.mark_block(r0, y0, self.ancestor_streams_block(r0, r1, s1, s2))
        for s in streams:  # Alg. 5
            y0, y1 = groups[s]
            for r0, r1 in _row_chunks(y0, y1, y1 - y0):
                decisions.mark_block(r0, y0, self.same_stream_block(r0, r1, s))
        if UNUSED in groups:  # never live: anything may take their bytes
            u0, u1 = groups[UNUSED]
            for r0, r1 in _row_chunks(0, len(self.layout.order), u1 - u0):
                decisions.mark_block(r0, u0, np.ones((r1 - r0, u1 - u0), dtype=bool))
        return decisions


def _row_chunks(lo: int, hi: int, width: int):
    step = max(1, BLOCK_CELLS // max(width, 1))
    for r0 in range(lo, hi, step):
        yield r0, min(hi, r0 + step)


def stream_graph_safety(prec: Precedence, decide_pairs: bool = True):
    """(MaxAncId per tensor, decisions or None). Inputs and unused tensors get -1 rows."""
    max_anc = max_ancestor_ids(prec)
    start = np.full((prec.num_tensors, prec.num_streams), -1, dtype=np.int64)
    produced = prec.producer >= 0
    start[produced] = max_anc[prec.producer[produced]]
    if not decide_pairs:
        return start, None
    return start, StreamGraphSafety(prec, max_anc).decide()
