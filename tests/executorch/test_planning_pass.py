"""memir as ExecuTorch's planning pass: programs run in ExecuTorch's runtime with memir's plan.

Each program is lowered twice from the same export, with ExecuTorch's own planner and with
memir's pass, and both ``.pte`` run in the runtime: the outputs must be bit-equal, memir's
arena at most ExecuTorch's and equal to the fixed-order bound, and ExecuTorch's own overlap
checker must accept memir's plan (a second opinion besides memir's checker).
"""

from __future__ import annotations

import pytest

from et_programs import (arenas, export, inference, lower, run, same,
                                        train_step, training)

import memir.executorch as mx  # noqa: E402  (after the skip in et_programs)
from memir.model.layout import Plan  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.fixture(scope="module")
def exported():
    cache = {}

    def get(name: str):
        if name not in cache:
            module, inputs = inference(name)
            cache[name] = (module, inputs, export(module, inputs))
        return cache[name]

    return get


def _executorch_verifies(program) -> None:
    from executorch.exir.memory_planning import Verifier

    graph_module = program.exported_program().graph_module
    Verifier(graph_module, True, True, True).verify_storage_reuse()


@pytest.mark.parametrize("name", ["views_mlp", "convnet", "attention"])
def test_memir_plan_runs_bit_equal_to_executorchs(exported, name):
    _, inputs, program = exported(name)
    theirs = lower(program)
    planning = mx.memory_planning_pass()
    ours = lower(program, planning)
    assert same(run(ours, inputs), run(theirs, inputs))
    (report,) = planning.reports
    assert arenas(ours)[1] <= arenas(theirs)[1]
    assert arenas(ours)[1] == report.arenas[0].bound  # the fixed-order bound
    _executorch_verifies(ours)


@pytest.mark.parametrize("name", ["accumulator", "branch"])
def test_state_across_calls_and_control_flow_run_as_with_executorchs_plan(exported, name):
    """A mutable buffer updated in place (three calls: the state carries) and a
    ``torch.cond`` whose branches are planned as submodules, with and without reorder."""
    _, inputs, program = exported(name)
    want = run(lower(program), inputs, calls=3)
    for planning in (mx.memory_planning_pass(), mx.memory_planning_pass(reorder=True)):
        ours = lower(program, planning)
        assert same(run(ours, inputs, calls=3), want)
        _executorch_verifies(ours)


def test_reorder_keeps_outputs_and_never_raises_the_arena(exported):
    _, inputs, program = exported("convnet")
    fixed, ordered = mx.memory_planning_pass(), mx.memory_planning_pass(reorder=True)
    at_fixed, reordered = lower(program, fixed), lower(program, ordered)
    assert same(run(reordered, inputs), run(at_fixed, inputs))
    assert arenas(reordered)[1] <= arenas(at_fixed)[1]
    _executorch_verifies(reordered)


def test_reorder_lowers_a_training_arena_below_the_fixed_order_bound():
    module, inputs = training("poolnet")
    program = export(module, inputs, train=True)
    fixed, ordered = mx.memory_planning_pass(), mx.memory_planning_pass(reorder=True)
    at_fixed, reordered = lower(program, fixed), lower(program, ordered)
    assert ordered.orders[0].moved
    assert arenas(reordered)[1] < fixed.reports[0].arenas[0].bound
    (before,), (after,) = train_step(at_fixed, inputs), train_step(reordered, inputs)
    assert same([after[k] for k in sorted(after)], [before[k] for k in sorted(before)])


def test_graph_inputs_and_outputs_left_to_the_caller_are_not_planned(exported):
    _, inputs, program = exported("convnet")
    planning = mx.memory_planning_pass(alloc_graph_input=False, alloc_graph_output=False)
    ours = lower(program, planning)
    assert same(run(ours, inputs), run(lower(program), inputs))
    everything = mx.memory_planning_pass()
    lower(program, everything)
    assert planning.reports[0].arenas[0].tensors == everything.reports[0].arenas[0].tensors - 2


class _PinFirstOutput(mx.MemirMemoryPlanningPass):
    """A custom pool pass's work: the first kernel's output pinned to memory id 3."""

    def run(self, graph_module, graph_signature=None):
        first = next(n for n in graph_module.graph.nodes if n.op == "call_function"
                     and "out" in n.kwargs)
        first.meta["spec"].mem_id = 3
        self.pinned = first.meta["spec"]
        return super().run(graph_module, graph_signature)


def test_memory_ids_set_before_planning_are_kept(exported):
    _, inputs, program = exported("convnet")
    planning = _PinFirstOutput()
    ours = lower(program, planning)
    sizes = arenas(ours)
    assert len(sizes) == 4 and sizes[2] == 0 and sizes[3] == planning.pinned.allocated_memory
    assert planning.pinned.mem_id == 3 and planning.pinned.mem_offset == 0
    assert same(run(ours, inputs), run(lower(program), inputs))
    _executorch_verifies(ours)


class _Spy:
    """Wraps a planner, keeping the specs it was given."""

    def __init__(self, inner):
        self.inner, self.specs = inner, []
        self.__name__ = "memir"

    def __call__(self, alignment, specs, *rest):
        self.specs = list(specs)
        return self.inner(alignment, self.specs, *rest)


def test_a_planted_unsafe_plan_is_refused_and_nothing_is_written(exported):
    _, _, program = exported("views_mlp")
    planning = mx.memory_planning_pass()

    def everything_at_zero(problem, **_):
        return Plan([0] * len(problem.buffers), max(b.size for b in problem.buffers))

    planning.algorithm.layout = everything_at_zero
    spy = _Spy(planning.algorithm)
    planning.memory_planning_algo = spy
    with pytest.raises(mx.UnsafePlanError, match="refuses the plan .* nothing written back"):
        lower(program, planning)
    assert spy.specs and all(s.mem_offset is None for s in spy.specs)


def test_banks_split_tensors_over_memory_ids_within_capacity(exported):
    _, inputs, program = exported("convnet")
    theirs = lower(program)
    planning = mx.memory_planning_pass(banks=[("sram", 4096), ("dram", None)])
    ours = lower(program, planning)
    sizes = arenas(ours)
    assert len(sizes) == 3 and 0 < sizes[1] <= 4096 and sizes[2] > 0
    fast, slow = planning.reports[0].arenas
    assert (fast.name, fast.mem_id, slow.name, slow.mem_id) == ("sram", 1, "dram", 2)
    assert same(run(ours, inputs), run(theirs, inputs))
    _executorch_verifies(ours)


def test_a_bank_too_small_is_an_error_naming_it_and_the_bytes_missing(exported):
    _, _, program = exported("convnet")
    planning = mx.memory_planning_pass(banks=[("sram", 2048), ("dram", 4096)])
    with pytest.raises(mx.BankError, match=r"bank 'dram' \(mem_id 2\) is \d+ bytes short"):
        lower(program, planning)


def test_spaces_choose_memory_ids_by_modelled_time_and_the_pte_runs_the_same(exported):
    """spaces=: memory ids from the spaces planner (no copies); within every capacity,
    never slower on the model than all-in-slow-memory or fastest-first, and the .pte's
    outputs equal the single-arena .pte's."""
    from memir.planning.spaces.baselines import fastest_first
    from memir.planning.spaces.cost import timeline
    from memir.planning.spaces.devices import two_spaces

    _, inputs, program = exported("convnet")
    single = lower(program)
    planning = mx.memory_planning_pass(spaces=two_spaces(4096, "npu"))
    ours = lower(program, planning)
    sizes = arenas(ours)
    assert len(sizes) == 3 and 0 < sizes[1] <= 4096 and sizes[2] > 0
    fast, slow = planning.reports[0].arenas
    assert (fast.name, fast.mem_id, slow.name, slow.mem_id) == ("fast", 1, "slow", 2)
    problem, plan = planning.reports[0].spaces
    assert not plan.assignment.copies
    assert plan.total_ps <= min(plan.all_default_ps,
                                timeline(problem, fastest_first(problem)).total_ps)
    assert plan.total_ps < plan.all_default_ps
    assert same(run(ours, inputs), run(single, inputs))
    _executorch_verifies(ours)


@pytest.mark.parametrize("options, message", [
    (dict(spaces=[("fast", 10, 1e9, 1e9)]), "at least two memories"),
    (dict(spaces=[("fast", None, 1e9, 1e9), ("slow", None, 1e8, 1e8)]), "only the last"),
    (dict(spaces=[("a", 10, 1e9, 1e9), ("slow", None, 0, 1e8)]), r"spaces\[1\].read_bps must be"),
    (dict(spaces=[("fast", 10)]), r"must be a Space or \(name, capacity, read_bps, write_bps\)"),
    (dict(banks=[("a", 10), ("b", None)], spaces=[("a", 10, 1e9, 1e9), ("b", None, 1, 1)]),
     "not both"),
    (dict(banks=[("sram", -1), ("dram", None)]), "capacity must be a positive"),
    (dict(banks=[("sram", None), ("dram", None)]), "only the last"),
    (dict(banks=[("a", 10), ("a", None)]), "unique"),
    (dict(banks=[]), "at least one bank"),
    (dict(strategy="fastest"), "strategy must be one of .*, got 'fastest'"),
    (dict(effort=0), "effort must be an integer in 1..64"),
    (dict(time_limit=-1), "time_limit must be a positive number"),
])
def test_bad_options_are_clear_errors_before_anything_runs(options, message):
    with pytest.raises(ValueError, match=message):
        mx.memory_planning_pass(**options)
