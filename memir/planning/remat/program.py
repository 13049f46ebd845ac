"""The program ``rematerialize`` plans, as plain data, and the problem it becomes.

Why plain data and not the IR: forwarding (``forwarding.forward``) and in-place reuse
(``in_place_reuse.reuse``) change the program before it is planned again. Made on this
data, each numbers buffers and steps exactly as reading the rewritten IR would (buffers in
alloc order, steps in program order), so the planner (``strategies.plan_program``) runs
without IR, and the pass or memir.torch writes only the outcome.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, replace

from memir.analysis.optimizer_step import guess_updates
from memir.planning.remat.cost import compute_bound, op_nanoseconds
from memir.planning.remat.stage_model import RematOp, RematProblem

RANDOM_KERNELS = ("rand", "dropout", "bernoulli", "normal", "uniform", "multinomial")
COPY_KERNELS = ("aten.clone",)  # write the value of their one input into their one output
# Each element of the result from the operands' elements at the same index (broadcast
# operands smaller): the result may be written over an operand of its size.
ELEMENTWISE_KERNELS = ("aten.add.Tensor", "aten.sub.Tensor", "aten.mul.Tensor",
                       "aten.div.Tensor")


@dataclass(frozen=True, slots=True)
class Access:
    """One operand of a step, in operand order: its role ("read", "write", "workspace")
    and the planned buffer or the other root (an argument, an external value) it reaches."""

    role: str
    buffer: int | None
    other: int | None


@dataclass(frozen=True, slots=True)
class Step:
    """One compute op: its kernel, operands, counted cost, whether it is a random kernel
    that draws the same numbers again (``seeded``), and the planned allocs before it.
    ``held`` and ``part``: the bytes a fusing compiler writes only for a later compiled
    part, and the op's part (``RematOp.held_cost``); a frontend that compiles so sets them."""

    kernel: str
    accesses: tuple[Access, ...]
    flops: int | None
    traffic: int | None  # bytes moved
    seeded: bool
    allocs_before: int
    held: int = 0
    part: int = 0


@dataclass(frozen=True, slots=True)
class Buffer:
    """A planned alloc. ``escapes``: its uses by other than compute ops and deallocs (a
    return, a view), each as the number of steps before it (-1: outside the steps' block)."""

    size: int
    align: int
    tiled: bool = False
    escapes: tuple[int, ...] = ()


@dataclass(frozen=True)
class RematProgram:
    buffers: tuple[Buffer, ...]
    steps: tuple[Step, ...]
    others: int  # roots that are not planned allocs (``Access.other``)

    def handle(self, access: Access) -> int:
        """The problem's buffer handle: planned buffers first, then the other roots."""
        return access.buffer if access.buffer is not None else len(self.buffers) + access.other

    def alignments(self) -> list[int]:
        """Each handle's alignment (1 for the other roots)."""
        return [b.align for b in self.buffers] + [1] * self.others

    def totals(self, steps=None) -> tuple[int, int]:
        """The FLOPs and bytes of ``steps`` (indices; all by default)."""
        chosen = self.steps if steps is None else [self.steps[i] for i in steps]
        return sum(s.flops or 0 for s in chosen), sum(s.traffic or 0 for s in chosen)


def remat_problem(program: RematProgram, device) -> RematProblem:
    """The plain problem: per step its reads, first writes and writes by buffer handle,
    cost on ``device`` and purity."""
    n_buffers = len(program.buffers)
    sizes = [b.size for b in program.buffers] + [0] * program.others
    planned = [True] * n_buffers + [False] * program.others
    tiled = {i for i, b in enumerate(program.buffers) if b.tiled}
    touched: set[int] = set()
    ops = []
    for step in program.steps:
        reads = [program.handle(a) for a in step.accesses if a.role == "read"]
        writes = [program.handle(a) for a in step.accesses if a.role != "read"]
        produces = [h for h in dict.fromkeys(writes) if h < n_buffers and h not in touched
                    and h not in reads and h not in tiled]
        touched.update(reads)
        touched.update(writes)
        ops.append(_op(step, reads, writes, produces, device))
    updates = guess_updates([s.kernel for s in program.steps], [o.writes for o in ops],
                            [(*o.reads, *o.writes) for o in ops])
    ops = [replace(o, update=u) for o, u in zip(ops, updates)]
    return RematProblem(ops, sizes, planned)


def _op(step: Step, reads: list[int], writes: list[int], produces: list[int],
        device) -> RematOp:
    unseeded = not step.seeded and any(word in step.kernel.lower() for word in RANDOM_KERNELS)
    return RematOp(tuple(dict.fromkeys(reads)), tuple(produces), tuple(dict.fromkeys(writes)),
                   op_nanoseconds(step.flops, step.traffic, device), not unseeded,
                   random=step.seeded, flops=step.flops or 0,
                   compute_bound=compute_bound(step.flops, step.traffic, device),
                   copies=step.kernel in COPY_KERNELS,
                   elementwise=step.kernel in ELEMENTWISE_KERNELS,
                   held_cost=op_nanoseconds(None, step.held, device) if step.held else 0,
                   part=step.part)


class ProgramRewrite:
    """A program being rewritten (``forwarding.forward``, ``in_place_reuse.reuse``): its
    buffers by id (an input buffer keeps its index), each at its place in the walk the IR
    reader makes, and each step's accesses by buffer id. ``result()`` numbers what is left
    as reading the rewritten IR would: allocs and steps in walk order.

    A place is a key: input buffer i sits at (i, 1, 0), after the steps with i planned
    allocs before them; an alloc inserted right before step s at (allocs_before, 0, 2s),
    and step s itself at (allocs_before, 0, 2s + 1)."""

    def __init__(self, program: RematProgram) -> None:
        self.program = program
        self.buffers: dict[int, Buffer] = dict(enumerate(program.buffers))
        self.place: dict[int, tuple[int, int, int]] = {i: (i, 1, 0) for i in self.buffers}
        self.accesses = [list(s.accesses) for s in program.steps]
        self.removed: set[int] = set()  # steps
        self.fresh = len(program.buffers)  # the next new buffer's id

    def insert_before(self, step: int, like: int) -> int:
        """A new buffer of input buffer ``like``'s size and alignment, allocated right
        before ``step``."""
        b = self.fresh
        self.fresh += 1
        self.buffers[b] = Buffer(self.program.buffers[like].size,
                                 self.program.buffers[like].align)
        self.place[b] = (self.program.steps[step].allocs_before, 0, 2 * step)
        return b

    def redirect(self, old: int, new: int, where: Callable[[int, Access], bool]) -> None:
        """Accesses of ``old`` by step s for which ``where(s, access)`` use ``new``."""
        for s, accesses in enumerate(self.accesses):
            for k, a in enumerate(accesses):
                if a.buffer == old and where(s, a):
                    accesses[k] = replace(a, buffer=new)

    def move_escapes(self, old: int, new: int, where: Callable[[int], bool]) -> None:
        """``old``'s escaping uses for which ``where(steps before it)`` go to ``new``."""
        moving = [e for e in self.buffers[old].escapes if where(e)]
        staying = [e for e in self.buffers[old].escapes if not where(e)]
        self.buffers[old] = replace(self.buffers[old], escapes=tuple(staying))
        self.buffers[new] = replace(self.buffers[new],
                                    escapes=(*self.buffers[new].escapes, *moving))

    def remove_buffer(self, b: int) -> None:
        del self.buffers[b], self.place[b]

    def result(self) -> RematProgram:
        alive = sorted(self.place, key=self.place.__getitem__)
        number = {b: k for k, b in enumerate(alive)}
        places = [self.place[b] for b in alive]
        kept = [s for s in range(len(self.program.steps)) if s not in self.removed]
        before = [0] * (len(self.program.steps) + 1)  # steps kept before each step index
        for s in range(len(self.program.steps)):
            before[s + 1] = before[s] + (s not in self.removed)
        steps = []
        for s in kept:
            step = self.program.steps[s]
            at = bisect_left(places, (step.allocs_before, 0, 2 * s + 1))
            accesses = tuple(a if a.buffer is None else replace(a, buffer=number[a.buffer])
                             for a in self.accesses[s])
            steps.append(replace(step, accesses=accesses, allocs_before=at))
        buffers = tuple(replace(self.buffers[b], escapes=tuple(sorted(
            before[e] if e >= 0 else -1 for e in self.buffers[b].escapes))) for b in alive)
        return RematProgram(buffers, tuple(steps), self.program.others)

    def kept_steps(self) -> list[int]:
        """The input steps left, in order: the result's step k is the input's ``[k]``."""
        return [s for s in range(len(self.program.steps)) if s not in self.removed]
