"""rematerialize: free buffers after a use and recompute them before a later one, so that
the program's peak fits a capacity with the least added compute time.

Why a pass of its own: after ``schedule`` the peak sits at the order bound; only changing
the program goes lower. Training frameworks do it by hand (activation checkpointing) or
with a partitioner; here it is planned against the same memory model as the layout.

Runs at buffer level, after ``bufferize`` (and ``schedule`` if used), before
``stream-safety`` and ``assign-layout``. It reads each compute op's cost from its ``flops``
and ``bytes`` attributes (the PyTorch importer records them) through a roofline of
``device``; an op without them is never recomputed, nor is an impure one (a random kernel
without a ``seed``: with one, the runtime draws the same numbers again, as
``torch.utils.checkpoint`` restores the random state), one of the optimizer step (recognised
as ``schedule`` recognises it), one that writes in place what it does not produce (unless it
is a pure in-place op on a buffer a recomputable op produced: it re-runs on the fresh copy
with that producer, when the reads of that copy saw its write: ``stage_model``'s versions),
or one that writes a buffer through a tile view. The algorithms (memir.planning.remat) work
on plain data: ``greedy`` (cost per byte freed at the peak, also started from the minimum
cuts of ``mincut``: PyTorch's partitioner in the stage model), ``exact_stages`` (Checkmate's
stages in CP-SAT, with a proven lower bound on the added cost), ``auto`` (greedy, then exact
when the CP-SAT model is small enough: ``memir.planning.remat.strategies``).

When the capacity needs planning, a clone made just before an in-place op overwrites its
source (eager autograd's ``clone`` before ``silu_``) goes first: its readers read the
source, and the in-place op writes an alloc of its own, which later ops use instead
(``remat.forwarding``): the program PyTorch's functionalization makes, where that op is
recomputable alone from the held source. The added cost is net of the clones removed,
as of the moved runs (below); ``report`` gives the clones' share.

When a plan cannot fit and stops at the peak no recomputation goes under (``peak_floor``), and
the op that sets it is elementwise (``aten.add.Tensor``...) with an operand that dies
there, that op writes its result over the operand (``remat.in_place_reuse``) and the program is
planned again: BERT-base's and GPT-2's tied embedding gradients are summed so at batch 1,
which bounds PyTorch's partitioner too.

The plan may be made in another order, which the pass then gives the program first (every
value kept): optimizer updates that block recomputations deferred (``schedule`` runs a layer
norm's update before the late reads of its output: ``deferred_updates.deferrals``), weight
gradients hoisted (``deferred_updates.hoists``), and the ends of the updates (Adam's sqrt,
div and parameter write) run last, so that their temporaries do not land on the held
activations (``sunk_tails``); in each, ops that only read (a ``detach`` without results) run
right after what they read is written (``hoisted_reads``).

The rewrite: before op t, each op recomputed in stage t runs again as a copy of itself
(same kernel, stream and attributes, ``memir.recomputed``), writing fresh allocs; every
later read of a recomputed buffer reads its newest copy. An original run nothing reads
any more (``stage_model.moved_originals``: its recomputations serve every later read) is
removed with its allocs, so that op moves instead of running twice. With ``reorder`` (the
default; strategies auto and greedy, blocks without records and waits) the rewritten
program is then put in the order ``schedule``'s algorithms found for it
(``remat.reschedule``), which the plan was chosen for: a plan made over the fixed order
leaves the ops around its new peak as ``schedule`` left them when that spot was not the
peak. ``memir.remat`` on the module records the peak before and after, the added cost (net
of the moved runs), the ops reordered and the strategy, for ``report``.
A capacity that cannot be reached is an error naming the smallest peak reached. The plan's
copies must also fit once laid out (the arena ``assign-layout`` would make of them) unless
``layout=false``: then the capacity bounds the peak only, for a runtime that allocates with an
allocator of its own (memir.torch's steps, which PyTorch's allocator runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, ComputeOp, DeallocOp, PassError
from memir.dialects.limits import MAX_BYTES, MAX_SECONDS
from memir.passes.support import analyses
from memir.passes.support.block_order import reorder_block, stuck_op
from memir.passes.support.bridge import op_count
from memir.dialects.program import Program
from memir.passes.support.options import Bound, check_bounds
from memir.passes.support.remat_summary import RECOMPUTED_ATTR, REMAT_ATTR, CapacityUnreached

RANDOM_KERNELS = ("rand", "dropout", "bernoulli", "normal", "uniform", "multinomial")
COPY_KERNELS = ("aten.clone",)  # write the value of their one input into their one output
# Each element of the result from the operands' elements at the same index (broadcast
# operands smaller): the result may be written over an operand of its size.
ELEMENTWISE_KERNELS = ("aten.add.Tensor", "aten.sub.Tensor", "aten.mul.Tensor",
                       "aten.div.Tensor")


def _seeded(op: Operation) -> bool:
    """A random kernel that draws the same numbers when run again: it carries ``seed``,
    its place in the step's random stream (the PyTorch importer records it; the runtime
    restores that state, as ``torch.utils.checkpoint`` does, or passes it as an input, as
    ``torch.compile`` does)."""
    return op_count(op, "seed") is not None


def _total(ops, name: str) -> int:
    """The sum of the ``name`` attribute (``flops``, ``bytes``) over ``ops``."""
    return sum(op_count(op, name) or 0 for op in ops)


def remat_problem(prog: Program, device):
    """The plain problem: per step its reads, first writes and writes by buffer handle
    (planned buffers 0..B-1, then the other roots it touches), cost and purity."""
    from memir.planning.remat import RematOp, RematProblem
    from memir.planning.remat.cost import compute_bound, op_nanoseconds
    from memir.analysis.optimizer_step import guess_updates

    others = prog.data.others
    n_buffers = len(prog.data.buffers)
    sizes = [b.size for b in prog.data.buffers] + [0] * len(others)
    planned = [True] * n_buffers + [False] * len(others)
    touched: set[int] = set()
    tiled = {t.buffer for t in prog.data.tiles if t.buffer is not None}
    ops, kinds = [], []
    for step, op in zip(prog.data.steps, prog.ir.computes):
        reads, writes, produces = [], [], []
        for access in step.accesses:
            handle = access.buffer if access.buffer is not None else n_buffers + access.other
            if access.role == "read":
                reads.append(handle)
            else:
                writes.append(handle)
        for handle in dict.fromkeys(writes):
            if handle < n_buffers and handle not in touched and handle not in reads \
                    and handle not in tiled:
                produces.append(handle)
        touched.update(reads)
        touched.update(writes)
        kernel = op.kernel.data.lower()
        kinds.append(op.kernel.data)
        flops, traffic = op_count(op, "flops"), op_count(op, "bytes")
        seeded = _seeded(op)  # random, and draws the same when run again
        unseeded = not seeded and any(word in kernel for word in RANDOM_KERNELS)
        ops.append(RematOp(tuple(dict.fromkeys(reads)), tuple(produces),
                           tuple(dict.fromkeys(writes)), op_nanoseconds(flops, traffic, device),
                           not unseeded, random=seeded, flops=flops or 0,
                           compute_bound=compute_bound(flops, traffic, device),
                           copies=op.kernel.data in COPY_KERNELS,
                           elementwise=op.kernel.data in ELEMENTWISE_KERNELS))
    updates = guess_updates(kinds, [o.writes for o in ops],
                            [(*o.reads, *o.writes) for o in ops])
    ops = [replace(o, update=u) for o, u in zip(ops, updates)]
    return RematProblem(ops, sizes, planned)


@dataclass(frozen=True)
class Rematerialize(ModulePass):
    """Recompute cheap buffers before later uses so that the peak fits ``capacity``."""

    name = "rematerialize"
    preserves: ClassVar = frozenset()  # the program changes

    capacity: int = 0
    strategy: Literal["auto", "greedy", "exact"] = "auto"
    device: Literal["default", "a100", "h100", "h200", "cpu"] = "default"
    time_limit: float | int | None = None
    reorder: bool = True
    layout: bool = True  # the laid-out arena must fit too; false: the peak only

    option_bounds: ClassVar = {
        "capacity": Bound(0, MAX_BYTES - 1, "bytes below 2^62"),
        "time_limit": Bound(0, MAX_SECONDS, "seconds", open_low=True),
    }

    def check_options(self) -> None:
        check_bounds(self)
        if self.capacity <= 0:
            raise PassError("rematerialize needs capacity=BYTES (a positive byte count)")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from memir.planning.budget import Deadline
        from memir.planning.remat import total_cost

        self.check_options()
        deadline = Deadline.after(self.time_limit)
        run = self._read(ctx, op)
        computes = run.prog.ir.computes  # the input program's step, before any rewrite
        step = (_total(computes, "flops"), _total(computes, "bytes"), total_cost(run.problem))
        reorder = self._reorders(run.prog)
        if self._over_capacity(run, deadline):
            self._forward_clones(ctx, op, run)
            self._search(ctx, op, run, reorder, deadline)
        self._check_reached(op, run, reorder)
        recomputed, removed, saved = self._rewrite_program(ctx, op, run)
        op.attributes[REMAT_ATTR] = DictionaryAttr(self._summary(run, step, recomputed,
                                                                 removed, saved))

    def _read(self, ctx: Context, op: ModuleOp) -> _Run:
        """The program, refused where the pass cannot rewrite it, and its plain problem."""
        from memir.planning.remat import evaluate

        prog = analyses.program(ctx, op)
        _check_supported(prog)
        run = _Run(prog, *self._problem(prog))
        run.before = evaluate(run.problem, {})
        return run

    def _problem(self, prog: Program) -> tuple[Any, list[int]]:
        """The plain problem and each buffer's alignment (1 for the other roots)."""
        from memir.planning.remat.cost import DEVICES

        aligns = [b.align for b in prog.data.buffers] + [1] * len(prog.data.others)
        return remat_problem(prog, DEVICES[self.device]), aligns

    def _reread(self, ctx: Context, op: ModuleOp, run: _Run) -> None:
        """The program and its problem again, after a rewrite."""
        analyses.manager(ctx).invalidate()
        run.prog = analyses.program(ctx, op)
        run.problem, run.aligns = self._problem(run.prog)

    def _reorders(self, prog: Program) -> bool:
        """Ordered again by auto and greedy, where the block holds nothing but computes and
        what follows them (allocs, deallocs, groups): records and waits would move too."""
        return (self.reorder and self.strategy != "exact"
                and len(prog.ir.sequence) == len(prog.ir.computes)
                and bool(prog.ir.computes)  # nothing to order in a program without computes
                and stuck_op(prog.ir.computes[0].parent_block(), prog.ir.computes) is None)

    def _over_capacity(self, run: _Run, deadline) -> bool:
        """The program's peak, or its arena laid out as it is, is above the capacity."""
        from memir.planning.remat.strategies import copies_arena

        if not self.layout:
            return run.before.peak > self.capacity
        return run.before.peak > self.capacity or copies_arena(
            run.problem, run.before, run.aligns, deadline) > self.capacity

    def _forward_clones(self, ctx: Context, op: ModuleOp, run: _Run) -> None:
        """``remat.forwarding``: the clones before in-place ops go, their cost kept."""
        from memir.planning.remat.forwarding import forwardable

        run.forwards = forwardable(run.problem)
        if run.forwards:
            clones = [run.prog.ir.computes[f.clone] for f in run.forwards]
            run.forwarded = (run.problem.cost_of(f.clone for f in run.forwards),
                             _total(clones, "flops"), _total(clones, "bytes"))
            _forward(run.prog, run.forwards)
            self._reread(ctx, op, run)

    def _search(self, ctx: Context, op: ModuleOp, run: _Run, reorder: bool, deadline) -> None:
        """Plan; while the plan is stuck at the proven floor, let the floor's op write over
        an operand that dies there (``remat.in_place_reuse``) and plan again."""
        from memir.planning.remat.strategies import plan_remat

        while True:
            run.planned = plan_remat(run.problem, self.capacity, self.strategy, deadline,
                                     alignments=run.aligns if self.layout else None,
                                     reorder=reorder)
            if run.planned.peak <= self.capacity:
                return
            pair = self._floor_reuse(run, deadline)
            if pair is None:
                return
            _reuse(run.prog, run.proven.op, *pair)
            run.reused += 1
            self._reread(ctx, op, run)

    def _floor_reuse(self, run: _Run, deadline) -> tuple[int, int] | None:
        """For a plan over the capacity: the lowest peak reached and the proven floor (kept
        on ``run``), and the (operand, result) the floor's op may write over, if stuck there."""
        from memir.planning.remat.strategies import lowest_peak, moved_orders, proven_floor
        from memir.planning.remat.in_place_reuse import reusable

        orders = moved_orders(run.problem)
        run.lowest = run.planned  # auto and greedy ran the greedy's descent as far as it goes
        if self.strategy == "exact":  # an infeasible model found no plan at all
            found = lowest_peak(run.problem, deadline, orders)
            run.lowest = found if found.peak < run.planned.peak else run.planned
        run.proven = proven_floor(run.problem, orders)
        # stuck at the proven floor: recomputation can do no more, and that op may write its
        # result over an operand that dies there
        stuck = run.lowest.peak <= run.proven.bytes
        pairs = reusable(run.problem, run.proven.op) if stuck else []
        return next((p for p in pairs if _only_computes_read(run.prog, p[0])), None)

    def _check_reached(self, op: ModuleOp, run: _Run, reorder: bool) -> None:
        """A capacity that cannot be reached is an error naming the smallest peak reached."""
        planned, before = run.planned, run.before
        if (before.peak if planned is None else planned.peak) > self.capacity:
            raise self._unreached(run, reorder)
        if planned is not None and (planned.arena or 0) > self.capacity:
            raise CapacityUnreached(
                f"capacity {self.capacity} cannot be reached once laid out: the smallest "
                f"arena reached is {planned.arena} bytes (peak {planned.peak}, peak without "
                f"recomputation {before.peak})", op, planned.arena, None, before.peak)

    def _unreached(self, run: _Run, reorder: bool) -> CapacityUnreached:
        computes, proven = run.prog.ir.computes, run.proven
        peak, at = run.lowest.peak, run.lowest.peak_op()
        return CapacityUnreached(
            f"capacity {self.capacity} cannot be reached by recomputation: the smallest "
            f"peak reached is {peak} bytes (peak without it {run.before.peak}), "
            f"at op {at} ({computes[at].kernel.data}); no plan "
            f"{'in the orders planned (before ordering again) ' if reorder else ''}goes below "
            f"{proven.bytes} bytes (op {proven.op}, "
            f"{computes[proven.op].kernel.data})"
            + (f"; {run.reused} elementwise ops write their result over an operand that dies "
               "there" if run.reused else ""), computes[at], peak, proven.bytes,
            run.before.peak)

    def _rewrite_program(self, ctx: Context, op: ModuleOp, run: _Run):
        """The plan written: the program first put in the order the plan was made in, the
        recomputations added, the runs ordered again, the originals nothing reads removed.
        Returns (the recomputations, the originals removed, those originals' cost)."""
        planned = run.planned
        if planned is not None and planned.deferred:
            _defer(run.prog, planned.deferred)
            analyses.manager(ctx).invalidate()
            run.prog = analyses.program(ctx, op)  # the problem stays the plan's
        after = run.before if planned is None else planned.evaluation
        cost_of = {run.prog.ir.computes[i]: run.problem.ops[planned.original_op(i)].cost or 0
                   for i in after.moved}  # the plan's moved ops, by their op here
        recomputed = _rewrite(run.prog, {} if planned is None else planned.plan)
        if planned is not None and planned.schedule is not None:
            block = run.prog.ir.computes[0].parent_block()
            runs = [o for o in block.ops if isinstance(o, ComputeOp)]  # in the plan's runs
            reorder_block(block, [runs[r] for r in planned.schedule.order], self.name)
        removed = _originals_nothing_reads(list(cost_of))
        for original in removed:  # later ops first: a moved op's readers go before it
            _erase_with_allocs(original)
        analyses.manager(ctx).invalidate()
        return recomputed, removed, sum(cost_of[c] for c in removed)

    def _summary(self, run: _Run, step: tuple[int, int, int], recomputed: list[Operation],
                 removed: list[Operation], saved: int) -> dict[str, Attribute]:
        """``memir.remat``: the peak before and after, the added cost net of the moved runs
        and the clones removed, the input program's step, and what the plan changed."""
        planned, before, forwarded = run.planned, run.before, run.forwarded
        if planned is None:
            after, strategy, bound, peak_after = before, "none", 0, before.peak
        else:
            after, strategy = planned.evaluation, planned.strategy
            bound, peak_after = planned.bound, planned.peak
        step_flops, step_bytes, step_ns = step
        summary: dict[str, Attribute] = {
            "peak_before": IntAttr(before.peak), "peak_after": IntAttr(peak_after),
            "capacity": IntAttr(self.capacity), "recomputed": IntAttr(len(recomputed)),
            "added_ns": IntAttr(after.cost - saved - forwarded[0]),
            "step_ns": IntAttr(step_ns), "cost_bound_ns": IntAttr(bound),
            "added_flops": IntAttr(_total(recomputed, "flops") - _total(removed, "flops")
                                   - forwarded[1]),
            "added_bytes": IntAttr(_total(recomputed, "bytes") - _total(removed, "bytes")
                                   - forwarded[2]),
            "step_flops": IntAttr(step_flops), "step_bytes": IntAttr(step_bytes),
            "strategy": StringAttr(strategy)}
        if planned is not None and planned.deferred:  # the order the plan is made in
            summary["reordered"] = IntAttr(sum(map(len, planned.deferred.values())))
        if run.reused:
            summary["reused"] = IntAttr(run.reused)
        if run.forwards:  # clones removed, their cost netted out of the added cost
            summary["forwarded"] = IntAttr(len(run.forwards))
            summary["forwarded_ns"] = IntAttr(forwarded[0])
        if planned is not None and planned.schedule is not None:
            summary["rescheduled"] = IntAttr(after.peak)  # the runs' own order's peak
        if removed:  # ops that now run only where they are recomputed
            summary |= {"moved": IntAttr(len(removed)), "recomputed_ns": IntAttr(after.cost)}
        return summary


@dataclass
class _Run:
    """What ``apply``'s steps hand on: the program (read again after each rewrite), its
    problem and alignments, and what each step found."""

    prog: Program
    problem: Any  # memir.planning.remat.RematProblem
    aligns: list[int]
    before: Any = None  # the problem's evaluation without recomputation
    forwards: list = field(default_factory=list)  # the clones removed (remat.forwarding)
    forwarded: tuple[int, int, int] = (0, 0, 0)  # their cost: ns, FLOPs, bytes
    reused: int = 0  # elementwise ops that write over a dying operand (remat.in_place_reuse)
    planned: Any = None  # the plan chosen; None when the program fits as it is
    lowest: Any = None  # the plan with the lowest peak reached, when none fits
    proven: Any = None  # the peak no recomputation goes under, and its op


def _check_supported(prog: Program) -> None:
    if prog.data.all_explicit:
        raise PassError("the buffers carry explicit lifetimes (live [l, u)): there is no "
                        "program to recompute", prog.ir.allocs[0])
    if prog.data.num_streams > 1:
        raise PassError("rematerialize supports programs on one stream", prog.ir.step_op(0))
    blocks = {id(c.parent_block()) for c in prog.ir.computes}
    if len(blocks) > 1:
        raise PassError("rematerialize needs every compute op in one block",
                        prog.ir.computes[-1])


def _only_computes_read(prog: Program, buffer: int) -> bool:
    """Nothing but compute ops and deallocs uses ``buffer`` (a returned one is live out)."""
    return all(isinstance(use.operation, ComputeOp | DeallocOp)
               for use in prog.ir.allocs[buffer].results[0].uses)


def _reuse(prog: Program, index: int, operand: int, result: int) -> None:
    """Compute op ``index`` writes its result over ``operand`` (``in_place_reuse.reusable``): every
    use of the result's alloc uses the operand's, and the result's alloc goes."""
    allocs = prog.ir.allocs
    gone = allocs[result]
    gone.results[0].replace_all_uses_with(allocs[operand].results[0])
    gone.detach()
    gone.erase()


def _fresh_alloc(alloc: AllocOp) -> AllocOp:
    """A new buffer like ``alloc``: same size and alignment, no plan, no name."""
    copy = alloc.clone()
    for key in ("offset", "id", "lower", "upper", "safety", "external"):
        copy.properties.pop(key, None)
    return copy


def _forward(prog: Program, forwards) -> None:
    """Each ``forwarding.Forward``, in program order: the follower writes a fresh alloc
    (made right before it) and every op after it uses that alloc for the buffer; the
    clone's readers read the buffer; the clone and its alloc go."""
    allocs = prog.ir.allocs
    computes = list(prog.ir.computes)
    position = {id(o): k for k, o in enumerate(computes[0].parent_block().ops)}
    current = {}  # buffer handle -> the value that holds it from here on

    def value(b: int) -> SSAValue:
        return current.get(b, allocs[b].results[0])

    for forward in forwards:
        follower, clone = computes[forward.follower], computes[forward.clone]
        old, copy = value(forward.buffer), value(forward.copy)
        fresh = _fresh_alloc(allocs[forward.buffer])
        fresh.results[0].name_hint = old.name_hint
        Rewriter.insert_op(fresh, InsertPoint.before(follower))
        at = position[id(follower)]
        written = set(range(len(follower.operands) - len(follower.outputs)
                            - len(follower.workspaces),
                            len(follower.operands) - len(follower.workspaces)))
        old.replace_uses_with_if(fresh.results[0], lambda use: (
            position.get(id(use.operation), -1) > at
            or (use.operation is follower and use.index in written)))
        copy.replace_all_uses_with(old)
        for dead in (clone, copy.owner):
            dead.detach()
            dead.erase()
        current[forward.buffer] = fresh.results[0]
        current[forward.copy] = old


def _defer(prog: Program, after: dict[int, list[int]]) -> None:
    """Move ops: each list runs right after its anchor op (indices into the program as it
    was). They move only past ops that do not touch what they write nor write what they
    read (``deferred_updates.deferrals`` later, ``deferred_updates.hoists`` and
    ``hoisted_reads.hoisted_reads`` earlier), so values are kept; an alloc a hoisted op now
    uses before it moves up with it."""
    computes = list(prog.ir.computes)
    for j, ops in sorted(after.items()):
        anchor = computes[j]
        for u in ops:
            moving = computes[u]
            moving.detach()
            Rewriter.insert_op(moving, InsertPoint.after(anchor))
            anchor = moving
    block = computes[0].parent_block()
    seen: set[int] = set()
    for operation in list(block.ops):
        if isinstance(operation, AllocOp):
            seen.add(id(operation))
            continue
        for value in operation.operands:
            owner = value.owner
            if isinstance(owner, AllocOp) and id(owner) not in seen:
                owner.detach()
                Rewriter.insert_op(owner, InsertPoint.before(operation))
                seen.add(id(owner))


def _originals_nothing_reads(originals: list[Operation]) -> list[Operation]:
    """The ops of ``originals`` (the plan's moved ops, in program order) that, rewritten,
    write only allocs nothing uses but deallocs and other such ops: their recomputations
    made the values later reads use. Later ops first (so a chain of moved ops goes whole,
    and is erased in that order).
    The IR check keeps an op whose value the function returns or another op reads,
    whatever the plan said (its cost then stays counted)."""
    found: list[Operation] = []
    for original in reversed(originals):
        targets = [*original.outputs, *original.workspaces]
        if targets and all(isinstance(v.owner, AllocOp) and all(
                use.operation is original or use.operation in found
                or isinstance(use.operation, DeallocOp) for use in v.uses)
                for v in targets):
            found.append(original)
    return found


def _erase_with_allocs(op: Operation) -> None:
    """Erase ``op``, then the allocs it wrote that only deallocs use now (the moved ops
    reading them are erased first)."""
    allocs = {v.owner: None for v in (*op.outputs, *op.workspaces)}
    op.detach()
    op.erase()
    for alloc in allocs:
        users = [use.operation for use in alloc.results[0].uses]
        if all(isinstance(user, DeallocOp) for user in users):
            for user in users:
                user.detach()
                user.erase()
            alloc.detach()
            alloc.erase()


def _rewrite(prog: Program, plan: dict[int, list[int]]) -> list[Operation]:
    """Insert the recomputations of ``plan`` and point every read at the newest copy.
    An op re-run after its own stage has had its operands pointed at newer copies already,
    so every copy's value maps back to its buffer's handle too."""
    allocs = prog.ir.allocs
    handle_of = {a.results[0]: i for i, a in enumerate(allocs)}
    newest: dict[int, SSAValue] = {}  # buffer handle -> the value later reads use
    inserted: list[Operation] = []
    for t, op in enumerate(prog.ir.computes):
        for i in sorted(set(plan.get(t, ()))):
            original = prog.ir.computes[i]
            mapping: dict[SSAValue, SSAValue] = {}
            new_ops: list[Operation] = []
            for value in original.inputs:
                if (b := handle_of.get(value)) is not None and b in newest:
                    mapping[value] = newest[b]
            for value in (*original.outputs, *original.workspaces):
                if value in mapping:  # written in place: the copy its producer made
                    continue
                b = handle_of[value]
                fresh = _fresh_alloc(allocs[b])
                fresh.results[0].name_hint = value.name_hint
                handle_of[fresh.results[0]] = b
                new_ops.append(fresh)
                mapping[value] = fresh.results[0]
            clone = original.clone(value_mapper=mapping)
            clone.attributes[RECOMPUTED_ATTR] = UnitAttr()
            new_ops.append(clone)
            Rewriter.insert_op(new_ops, InsertPoint.before(op))
            inserted.append(clone)
            for value in (*original.outputs, *original.workspaces):
                newest[handle_of[value]] = mapping[value]
        for index, value in enumerate(op.operands):
            b = handle_of.get(value)
            if b is not None and b in newest:  # a read, or an in-place write
                op.operands[index] = newest[b]
    return inserted

