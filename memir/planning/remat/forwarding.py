"""In-place ops that follow a copy of their input read the copy instead and write a buffer
of their own (``forwardable``), so that their result can be made again from the copy alone.

Why: eager autograd saves the input of an in-place op by copying it first. EfficientNet's
``silu_`` after a batch norm runs as ``c = clone(b); silu_(b)``: the clone ``c`` (the
input SiLU's gradient needs) and the SiLU output ``b`` (the input the next convolution's
weight gradient needs) are both held until the backward pass. In the stage model
(``problem``) an in-place op re-runs only with the producer of what it writes, on its
fresh copy: ``b`` is made again by the batch norm and the ``silu_`` together, twice the
traffic of the SiLU alone. PyTorch's functional graph has no clone: its partitioner holds
the batch norm's output and runs ``silu`` on it again (EfficientNet-B0 b1 at its 0.9
budget: 48 SiLUs re-run, 6.04% of the step added; memir without this, 6.13%).

The rewrite ``c = clone(b); silu_(b) -> b1`` is the same computation: the follower reads
the copy, which holds the value it would have read, and writes a new buffer ``b1`` that
takes ``b``'s place from there on (``b`` itself now ends at its last read before). As a
producer of ``b1`` that reads ``c`` only, the op is recomputable on its own. Every
lifetime stays or shrinks: ``c`` must be live until the follower already, and it is
forwarded only when ``c`` lives at least as long as ``b``, so ``c`` is there wherever
``b1`` is read and remaking it from ``c`` is always available, cheaper than remaking the
producer first. It is not free, though: the follower now reads the clone in the forward
pass, so the clone's first run can no longer be dropped when its other readers are all in
the backward pass (MobileNetV2's ``hardtanh_``: re-running the batch norm and the clone
there, the clone moves instead of running twice). So a follower is forwarded only where
its output is live over the capacity, the only place it may have to be made again.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Forward:
    """Op ``follower`` reads ``copy`` for ``buffer`` and writes a buffer of its own."""

    follower: int
    buffer: int
    copy: int


def forwardable(problem, crowded=None) -> list[Forward]:
    """Per copy op k of a buffer b into c (``RematOp.copies``; both planned, same size, b
    made by an op): the next op j after k that writes b, when it is an in-place op that
    may follow b's producer (pure, a cost, produces nothing, writes b only), nothing
    writes c between, c is used no earlier than b's last use, and (with ``crowded``, per
    op: the memory there is over the capacity) b is live at a crowded op after j: only
    there may it have to be made again. One forward per follower (the first copy found),
    in program order."""
    found: list[Forward] = []
    taken: set[int] = set()
    for k, op in enumerate(problem.ops):
        if not op.copies or len(op.reads) != 1 or len(op.produces) != 1 \
                or set(op.writes) != set(op.produces):
            continue
        (b,), (c,) = op.reads, op.produces
        if b == c or not problem.versioned(b) or not problem.planned[c] \
                or problem.sizes[b] != problem.sizes[c]:
            continue
        later = [w for w in problem.writers[b] if w > k]
        if not later or later[0] in taken:
            continue
        j = later[0]
        follower = problem.ops[j]
        if not (follower.pure and not follower.update and follower.cost is not None
                and not follower.produces and set(follower.writes) == {b}):
            continue
        if not problem.value_stable(c, k, j) or problem.last_use[c] < problem.last_use[b]:
            continue
        if crowded is not None and not any(crowded[j:problem.last_use[b] + 1]):
            continue
        taken.add(j)
        found.append(Forward(j, b, c))
    return sorted(found, key=lambda f: f.follower)
