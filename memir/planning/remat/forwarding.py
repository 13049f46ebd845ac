"""A clone made just before an in-place op overwrites its source is the source itself
(``forwardable``): the in-place op writes a buffer of its own instead, so that its result
can be made again from the clone's value alone.

Why: eager autograd saves the input of an in-place op by copying it first
(``c = clone(b); silu_(b)`` after a batch norm), and in the stage model an in-place op
re-runs only with the producer of what it writes: ``b`` is made again by the batch norm
and the ``silu_`` together. PyTorch's functional graph has no clone. The rewrite
``b = bn(x); c = clone(b); silu_(b)`` -> ``b = bn(x); b1 = silu_(b)`` is that graph: the
clone's readers read ``b``, the in-place op writes a new ``b1``. No op holds more memory
(``b`` lives as long as ``c`` did, ``b1`` as ``b`` did), and what can be made again only
gets cheaper.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.remat.program import ProgramRewrite, RematProgram


@dataclass(frozen=True, slots=True)
class Forward:
    """Op ``clone`` copies ``buffer`` into ``copy`` right before op ``follower`` writes
    ``buffer`` in place: ``copy``'s readers read ``buffer``, the clone goes, and the
    follower writes a buffer of its own."""

    clone: int
    follower: int
    buffer: int
    copy: int


def forwardable(problem) -> list[Forward]:
    """Per copy op k of a buffer b into c (``RematOp.copies``, outside the optimizer step;
    both planned, same size, b made by an op): the next op j after k that writes b, when
    it is an in-place op that may follow b's producer (``problem.follows``: pure, a cost,
    produces nothing, writes b only), nothing writes c between and something reads c
    after j (else the in-place op, run apart, would hold b and its output at once where it
    held b alone). One forward per follower (the first copy found) and per copy, by
    follower."""
    found: list[Forward] = []
    taken: set[int] = set()
    for k, op in enumerate(problem.ops):
        if not op.copies or op.update or len(op.reads) != 1 or len(op.produces) != 1 \
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
        if not problem.follows(j, b) or not problem.value_stable(c, k, j) \
                or problem.last_use[c] <= j:
            continue
        taken.add(j)
        found.append(Forward(k, j, b, c))
    return sorted(found, key=lambda f: f.follower)


def forward(program: RematProgram, forwards: list[Forward]) -> tuple[RematProgram, list[int]]:
    """The program with each forward made, in program order, and the input step of each
    of its steps. The follower writes a fresh buffer (allocated right before it), which
    every later use of the buffer uses; the clone's readers read the buffer; the clone and
    its copy go. A copy or buffer an earlier forward replaced stands for its replacement."""
    rewrite = ProgramRewrite(program)
    current: dict[int, int] = {}  # buffer -> the buffer that holds it from here on
    for f in forwards:
        old, copy = current.get(f.buffer, f.buffer), current.get(f.copy, f.copy)
        fresh = rewrite.insert_before(f.follower, f.buffer)
        rewrite.redirect(old, fresh, lambda s, a, j=f.follower: s > j or (
            s == j and a.role == "write"))
        rewrite.move_escapes(old, fresh, lambda e, j=f.follower: e > j)
        rewrite.redirect(copy, old, lambda s, a: True)
        rewrite.move_escapes(copy, old, lambda e: True)
        rewrite.removed.add(f.clone)
        rewrite.remove_buffer(copy)
        current[f.buffer], current[f.copy] = fresh, old
    return rewrite.result(), rewrite.kept_steps()
