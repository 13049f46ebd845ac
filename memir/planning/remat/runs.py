"""The program a ``plan_program`` outcome becomes, as runs of the input's steps: what
``rematerialize`` writes into the IR, on plain data.

Why: memir.torch runs the plan as FX nodes, and needs only which step runs where and
whether it is a recomputation; reading that off plain data spares it a copy of the
module per capacity. Each step below follows the pass's rewrite (``_defer``,
``_rewrite``, ``reorder_block``, ``_originals_nothing_reads``), and memir.torch's tests
hold the two to the same runs.
"""

from __future__ import annotations

from memir.planning.remat.reschedule import runs_problem
from memir.planning.remat.strategies import RematOutcome
from memir.planning.schedule import OrderGraph


def outcome_runs(outcome: RematOutcome) -> list[tuple[int, bool]]:
    """(the input step that runs, whether this run is a recomputation), in order."""
    planned = outcome.planned
    if planned is None:
        return [(s, False) for s in outcome.kept_steps]
    order = moved_order(len(outcome.program.steps), planned.deferred)
    runs = planned.evaluation.runs  # (stage, op) in the order the plan was made in
    if planned.schedule is not None:
        runs = [runs[r] for r in planned.schedule.order]
    removed = originals_nothing_reads(outcome)
    return [(outcome.kept_steps[order[i]], t != i) for t, i in runs
            if t != i or i not in removed]



def outcome_run_memory(outcome: RematOutcome) -> list[int]:
    """The planned live bytes at each run of ``outcome_runs`` (what the plan's peak is the
    most of): a frontend compares them with what the compiled runs measure."""
    planned = outcome.planned
    if planned is None:
        return list(outcome.before.run_memory)
    evaluation = planned.evaluation
    positions = list(range(len(evaluation.runs)))
    memory = list(evaluation.run_memory)
    if planned.schedule is not None:
        positions = planned.schedule.order
        profile = OrderGraph(runs_problem(outcome.problem, evaluation)).profile(positions)
        memory = [int(m) for m in profile]
    removed = originals_nothing_reads(outcome)
    runs = evaluation.runs
    return [memory[k] for k, r in enumerate(positions)
            if runs[r][0] != runs[r][1] or runs[r][1] not in removed]

def moved_order(n: int, after: dict[int, list[int]]) -> list[int]:
    """The steps' order once each list of ``after`` runs right after its anchor, moved
    one by one as the pass moves the ops (anchors in increasing order)."""
    order = list(range(n))
    for j, ops in sorted(after.items()):
        anchor = j
        for u in ops:
            order.remove(u)
            order.insert(order.index(anchor) + 1, u)
            anchor = u
    return order


def originals_nothing_reads(outcome: RematOutcome) -> set[int]:
    """The plan's moved ops (indices of the order the plan was made in) whose original
    run the rewrite removes: every copy that run makes is read only by original runs
    removed too, and no buffer it makes is used otherwise (returned, say). Later ops
    first, so that a chain goes whole."""
    planned = outcome.planned
    evaluation, problem = planned.evaluation, outcome.problem
    readers, made_by = evaluation.reads_of_copies()
    original = {i: r for r, (t, i) in enumerate(evaluation.runs) if t == i}
    found: set[int] = set()
    for i in reversed(evaluation.moved):
        op = problem.ops[planned.original_op(i)]
        if not op.writes or any(outcome.program.buffers[b].escapes for b in op.writes):
            continue
        if all(evaluation.runs[r][0] == evaluation.runs[r][1] and evaluation.runs[r][1] in found
               for c in made_by.get(original[i], ()) for r in readers.get(c, ())):
            found.add(i)
    return found
