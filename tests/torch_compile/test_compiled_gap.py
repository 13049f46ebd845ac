"""Where Inductor's compiled step holds more than memir's plan (memir.torch.compiled_gap):
the k-th call of an op against the plan's k-th run of it, only ops called as often as
planned; and the bytes live during each call (``measure._most_live``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

torch = pytest.importorskip("torch")

from memir.torch.compiled_gap import HeldAt, held_at_runs  # noqa: E402
from memir.torch.measure import _most_live  # noqa: E402
from memir.torch.plan import Run  # noqa: E402

aten = torch.ops.aten


def program_of(*targets):
    return SimpleNamespace(source=[None if t is None else SimpleNamespace(target=t)
                                   for t in targets])


def plan_of(runs, memory):
    return SimpleNamespace(runs=[Run(node, again) for node, again in runs],
                           run_memory=memory)


def test_each_call_meets_the_run_of_its_kind_in_the_same_place():
    """Inductor ran the recomputed convolution before the first one's backward: still the
    k-th convolution call is the plan's k-th convolution run."""
    program = program_of(aten.convolution.default, aten.convolution_backward.default,
                         aten.convolution.default, aten.add.Tensor, None)
    plan = plan_of([(0, False), (1, False), (2, True), (3, False), (4, False)],
                   [100, 200, 300, 50, 60])
    ops = [("aten::convolution", 130), ("aten::convolution", 290),
           ("aten::convolution_backward", 260)]
    found = held_at_runs(program, plan, ops)
    assert found == [HeldAt(0, "aten::convolution", 130, 100),
                     HeldAt(1, "aten::convolution_backward", 260, 200),
                     HeldAt(2, "aten::convolution", 290, 300)]
    assert [h.beyond for h in found] == [30, 60, -10]


def test_an_op_called_other_than_planned_is_not_compared():
    program = program_of(aten.mm.default, aten.addmm.default)
    plan = plan_of([(0, False), (1, False), (0, True)], [100, 100, 100])
    ops = [("aten::mm", 500), ("aten::addmm", 900), ("aten::addmm", 900)]
    assert held_at_runs(program, plan, ops) == []


def test_the_bytes_live_during_a_call_count_from_its_start_to_its_end():
    changes = [(1, 100), (3, 50), (4, -50), (6, 20), (9, -100)]
    spans = [(2, 5, "aten::a"), (7, 8, "aten::b"), (9, 9, "aten::c")]
    assert _most_live(changes, spans) == [("aten::a", 150), ("aten::b", 120),
                                          ("aten::c", 120)]


def test_the_ops_a_compiled_graph_calls_itself_with_the_bytes_held_while_each_ran():
    """Ops called inside an op (``cat``'s own) or outside a compiled graph (``ones``) are
    not listed; bytes count from before the work: ``y``'s 400 with ``mm``'s 400, then
    ``cat``'s 1,600 more."""
    from torch.profiler import record_function

    from memir.torch.measure import COMPILED_GRAPH, ops_live

    x = torch.ones(10, 10)
    kept = []

    def work():
        y = torch.ones(10, 10)  # outside a compiled graph: not listed, its bytes counted
        with record_function(f"{COMPILED_GRAPH} abc ##"):
            kept.append(torch.mm(x, x))
            kept.append(torch.cat([x, x, x, x]))
        del y

    assert ops_live(work) == [("aten::mm", 800), ("aten::cat", 2400)]
