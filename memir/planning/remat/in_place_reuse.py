"""An elementwise op writes its result over an operand that dies there (``reusable``), where
the op bounds every plan of recomputation and the capacity is below that bound.

Why: a model with tied word embeddings can peak where the embedding's two gradients are
summed: three table-sized buffers and nothing else live. No recomputation and no order
lowers one op's own operands and result (``peak_floor.peak_floor`` proves it). An
elementwise kernel reads each operand element before it writes the result's element at the
same index, so the result may take the place of an operand nothing reads afterwards, as
``+=`` does (and XLA's buffer assignment), and the floor drops below PyTorch's.

Only where needed: an in-place result can no longer be remade from a held operand. The
pass applies it only when no plan fits and recomputation stops at the proven floor, at the
op that sets it, then plans again; applied more widely it rewrites many ops without
lowering the peak.
"""

from __future__ import annotations

from memir.planning.remat.program import ProgramRewrite, RematProgram


def reusable(problem, op: int) -> list[tuple[int, int]]:
    """(operand, result) pairs, in operand order, when op ``op`` is ``elementwise``,
    produces one buffer and writes nothing else: per buffer it reads of the result's size,
    made by an op, whose last use is this op."""
    o = problem.ops[op]
    if not o.elementwise or len(o.produces) != 1 or set(o.writes) != set(o.produces):
        return []
    (result,) = o.produces
    return [(operand, result) for operand in o.reads
            if operand != result and problem.versioned(operand)
            and problem.sizes[operand] == problem.sizes[result]
            and problem.last_use[operand] == op]


def reuse(program: RematProgram, operand: int, result: int) -> RematProgram:
    """The program with ``result`` written over ``operand``: every use of the result's
    buffer uses the operand's, and the result's buffer goes."""
    rewrite = ProgramRewrite(program)
    rewrite.redirect(result, operand, lambda s, a: True)
    rewrite.move_escapes(result, operand, lambda e: True)
    rewrite.remove_buffer(result)
    return rewrite.result()


def only_computes_use(program: RematProgram, buffer: int) -> bool:
    """Nothing but compute ops and deallocs uses ``buffer`` (a returned one is live out:
    its value must stay)."""
    return not program.buffers[buffer].escapes
