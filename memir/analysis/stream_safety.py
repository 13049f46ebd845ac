"""Multi-stream reuse safety ([Multi-stream reuse] §3): which tensors may share memory.

Why: with several streams, disjoint lifetimes in program order are not enough — an op on
another stream may still be reading (Figure 2: {a, f}). A pair is *safe* iff every use of
one tensor is a strict ancestor of the other's producer (Theorem 1), where arcs are stream
order, data and events. Three algorithms decide all pairs (``analyze``): ``ancestors``
(Algorithm 1, bitsets), ``ancestors-opt`` (1-opt, on MaxNodes) and ``stream-graph``
(Algorithm 2 with Alg. 3-5, the fastest, the default).

Each result also gives one ``BufferSummary`` per tensor, O(streams) ints, from which any
pair is decided without the graph; that is what the IR carries and the layout reads
(``conflicts_from_summaries``; the test itself is in ``summary_conflicts``). Nothing here
imports xDSL.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from memir.analysis.ancestor_tensors import ancestor_tensor_safety
from memir.analysis.graph import Graph
from memir.analysis.pair_decisions import PairDecisions
from memir.analysis.precedence import GraphError, build_precedence
from memir.analysis.stream_graph import stream_graph_safety
from memir.analysis.summary_conflicts import (conflict_pairs, conflict_sets, may_follow,
                                              summaries_conflict, summary_arrays)

__all__ = ["ALGORITHMS", "BufferSummary", "GraphError", "SafetyResult", "analyze",
           "conflicts_from_summaries"]

ALGORITHMS = ("stream-graph", "ancestors-opt", "ancestors")


@dataclass(frozen=True, slots=True)
class BufferSummary:
    """What stream safety knows about one tensor, per stream s (positions count from 0):

    * ``start[s]``: the last position in s of a strict ancestor of the tensor's producer
      (the paper's MaxAncId; in the producer's own stream, its position - 1); -1 if none,
      and -1 everywhere for a graph input;
    * ``end[s]``: the last position in s of a use (producer or consumer; the paper's
      EndTime); -1 if none.

    ``b`` may take ``a``'s bytes iff ``a.end[s] <= b.start[s]`` for every s; a pair is safe
    iff that holds one way or the other. In the IR: ``#memir.safety<[start], [end]>``.
    """

    start: tuple[int, ...]
    end: tuple[int, ...]

    def to_lists(self) -> tuple[list[int], list[int]]:
        return list(self.start), list(self.end)

    @classmethod
    def from_lists(cls, *vectors: Sequence[int]) -> BufferSummary:
        if len(vectors) != 2:
            raise ValueError(f"a safety summary has 2 vectors (start, end), got {len(vectors)}")
        start, end = (tuple(int(x) for x in v) for v in vectors)
        if len(start) != len(end):
            raise ValueError(f"safety vectors differ in length: {len(start)} and {len(end)}")
        if any(x < -1 for x in start + end):
            raise ValueError("safety positions must be >= -1")
        return cls(start, end)

    def may_follow(self, earlier: BufferSummary) -> bool:
        """This tensor may take ``earlier``'s bytes: ``earlier`` is dead before it is born."""
        return may_follow(self.start, earlier.end)

    def conflicts_with(self, other: BufferSummary) -> bool:
        return summaries_conflict(self.start, self.end, other.start, other.end)


@dataclass
class SafetyResult:
    """Summaries per tensor (``starts``/``ends`` as (T, S) arrays) and the pair decisions."""

    starts: np.ndarray
    ends: np.ndarray
    decisions: PairDecisions | None = None
    _summaries: list[BufferSummary] | None = field(default=None, repr=False)

    @property
    def summaries(self) -> list[BufferSummary]:
        if self._summaries is None:
            self._summaries = [BufferSummary(tuple(s), tuple(e)) for s, e in
                               zip(self.starts.tolist(), self.ends.tolist())]
        return self._summaries

    def is_safe(self, a: int, b: int) -> bool:
        if self.decisions is not None:
            return self.decisions.is_safe(a, b)
        return a != b and not self.summaries[a].conflicts_with(self.summaries[b])

    def unsafe_pairs(self) -> Iterator[tuple[int, int]]:
        """Unsafe tensor pairs (a, b), a < b, in sorted order (quadratic: small graphs)."""
        if self.decisions is not None:
            yield from self.decisions.unsafe_pairs()
            return
        a, b = conflict_pairs(self.starts, self.ends)
        low, high = np.minimum(a, b), np.maximum(a, b)
        for i in np.lexsort((high, low)):
            yield int(low[i]), int(high[i])


def analyze(graph: Graph, algorithm: str = "stream-graph", *,
            decide_pairs: bool = True) -> SafetyResult:
    """Decide Multi-Stream Safety for every pair of tensors of ``graph``.

    ``decide_pairs=False`` stops after the summaries (what the IR needs); the pair bits
    are quadratic in size. Raises GraphError for a dependency cycle or a bad index,
    ValueError for an unknown algorithm.
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm '{algorithm}'; choose from {', '.join(ALGORITHMS)}")
    prec = build_precedence(graph)
    if algorithm == "stream-graph":
        starts, decisions = stream_graph_safety(prec, decide_pairs)
    else:
        starts, decisions = ancestor_tensor_safety(prec, algorithm == "ancestors-opt",
                                                   decide_pairs)
    return SafetyResult(starts, prec.last_use.copy(), decisions)


def conflicts_from_summaries(summaries: Sequence[BufferSummary]) -> list[set[int]]:
    """``conflicts[i]``: positions in ``summaries`` that may not share bytes with i."""
    return conflict_sets(*summary_arrays(summaries))
