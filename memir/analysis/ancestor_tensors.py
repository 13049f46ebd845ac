"""Algorithm 1 of [Multi-stream reuse] (Ancestor Tensors) and its optimisation 1-opt (MaxNodes).

Why keep them next to the faster stream-graph algorithm: they are the paper's reference
(Theorem 1, Corollary 1), a cross-check for it, and the baseline of Table 1.

``AncNodes[v]`` is a bitset over ops (one packed numpy row per op, ops numbered stream by
stream so that each stream is a contiguous run of bits), built top-down as in App. B:
``AncNodes[v] = OR over predecessors p of (AncNodes[p] | {p})``. For a tensor x produced at
op n, ``AncTensors[x]`` holds every tensor y with ``DestNodes[y] ⊆ AncNodes[n]``; the pair
{x, y} is safe iff one is in the other's ``AncTensors``. Algorithm 1 tests every use of y
(its producer too, so that a tensor nobody reads still counts as written); 1-opt tests only
``MaxNodes[y]``, the last use of y in each stream, which the stream order chains the
others to. Each subset test probes the bits of ``AncNodes[n]`` at those ops.
"""

from __future__ import annotations

import numpy as np

from memir.analysis.pair_decisions import UNUSED, PairDecisions, slot_layout
from memir.analysis.precedence import Precedence

PROBE_CELLS = 1 << 22  # booleans per temporary (producers x probes) array


def ancestor_bitsets(prec: Precedence) -> tuple[np.ndarray, np.ndarray]:
    """(AncNodes as an (N, ceil(N/8)) packed bit matrix, the bit index of each op)."""
    n = prec.num_nodes
    offsets = np.concatenate([[0], np.cumsum(prec.stream_sizes)[:-1]]).astype(np.int64)
    bit_of = offsets[prec.stream] + prec.position if n else np.zeros(0, np.int64)
    byte_of = bit_of >> 3
    mask_of = (0x80 >> (bit_of & 7)).astype(np.uint8)
    anc = np.zeros((n, (n + 7) // 8), dtype=np.uint8)
    for v in prec.topo:
        ps = prec.preds[v]
        if len(ps) == 1:
            p = ps[0]
            row = anc[p].copy()
            row[byte_of[p]] |= mask_of[p]
        elif ps:
            row = np.bitwise_or.reduce(anc[ps], axis=0)
            np.bitwise_or.at(row, byte_of[ps], mask_of[ps])
        else:
            continue
        anc[v] = row
    return anc, bit_of


def max_ancestor_positions(prec: Precedence, anc: np.ndarray) -> np.ndarray:
    """(N, S): the last set bit of each stream's run in AncNodes (MaxAncId), else -1."""
    n = prec.num_nodes
    result = np.full((n, prec.num_streams), -1, dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(prec.stream_sizes)[:-1]])
    streams = np.flatnonzero(prec.stream_sizes > 0)
    step = max(1, (1 << 24) // max(n, 1))
    for r0 in range(0, n, step):
        bits = np.unpackbits(anc[r0 : r0 + step], axis=1, count=n).view(bool)
        for s in streams:
            size = prec.stream_sizes[s]
            run = bits[:, offsets[s] : offsets[s] + size]
            last = size - 1 - np.argmax(run[:, ::-1], axis=1)
            result[r0 : r0 + step, s] = np.where(run.any(axis=1), last, -1)
    return result


def dest_nodes(prec: Precedence, max_nodes_only: bool) -> list[list[int]]:
    """DestNodes (every use) or MaxNodes (the last use in each stream) of each tensor."""
    if not max_nodes_only:
        return prec.uses
    result = []
    for uses in prec.uses:
        last: dict[int, int] = {}
        for u in uses:
            s = prec.stream[u]
            if s not in last or prec.position[u] > prec.position[last[s]]:
                last[s] = u
        result.append(sorted(last.values()))
    return result


def ancestor_tensor_safety(prec: Precedence, max_nodes_only: bool,
                           decide_pairs: bool = True):
    """(MaxAncId per tensor read off the bitsets, decisions or None)."""
    anc, bit_of = ancestor_bitsets(prec)
    per_node = max_ancestor_positions(prec, anc)
    start = np.full((prec.num_tensors, prec.num_streams), -1, dtype=np.int64)
    produced = prec.producer >= 0
    start[produced] = per_node[prec.producer[produced]]
    if not decide_pairs:
        return start, None

    layout = slot_layout(prec)
    decisions = PairDecisions(layout)
    used = layout.num_used
    columns = layout.order[:used]  # every used tensor; unused ones come last
    probes = dest_nodes(prec, max_nodes_only)
    counts = np.fromiter((len(probes[t]) for t in columns), dtype=np.int64, count=used)
    flat = np.fromiter((u for t in columns for u in probes[t]), dtype=np.int64,
                       count=int(counts.sum()))
    first_probe = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    probe_byte, probe_mask = bit_of[flat] >> 3, (0x80 >> (bit_of[flat] & 7)).astype(np.uint8)

    # Producers and the run of slots their tensors occupy (consecutive in slot order).
    slot_producer = prec.producer[columns]
    rows = np.flatnonzero(slot_producer >= 0)
    if len(rows) and len(flat):
        run_starts = rows[np.r_[True, np.diff(slot_producer[rows]) != 0]]
        nodes = slot_producer[run_starts]
        run_lengths = np.diff(np.r_[run_starts, rows[-1] + 1])
        batch = max(1, PROBE_CELLS // len(flat))
        for b0 in range(0, len(nodes), batch):
            node_batch = nodes[b0 : b0 + batch]
            hit = (anc[node_batch][:, probe_byte] & probe_mask) != 0
            subset = np.logical_and.reduceat(hit, first_probe, axis=1)  # DestNodes ⊆ AncNodes
            packed = np.repeat(np.packbits(subset, axis=1), run_lengths[b0 : b0 + batch], axis=0)
            slot_rows = np.concatenate([np.arange(s, s + k) for s, k in
                                        zip(run_starts[b0 : b0 + batch],
                                            run_lengths[b0 : b0 + batch])])
            decisions.mark_rows(slot_rows, packed)
    if UNUSED in layout.groups:  # no use at all: a subset of anything
        u0, u1 = layout.groups[UNUSED]
        n = len(layout.order)
        step = max(1, PROBE_CELLS // max(u1 - u0, 1))
        for r0 in range(0, n, step):
            decisions.mark_block(r0, u0, np.ones((min(n, r0 + step) - r0, u1 - u0), bool))
    return start, decisions
