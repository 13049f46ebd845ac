"""``apart.runs_apart`` on a hand-made joint graph: a backward run that makes a saved value
again is a node of its own, later readers read it, and the joint graph comes back as it
was, down to each node's users in their order."""

from __future__ import annotations

import operator

import pytest

torch = pytest.importorskip("torch")

from torch import fx  # noqa: E402

from device_graphs import graph_as_is  # noqa: E402

from memir.torch.apart import runs_apart  # noqa: E402


def _joint():
    """x -> a = neg(x) (the forward, saved); b = a * t and c = a + t (a tangent feeds both),
    b a user of a before c."""
    graph = fx.Graph()
    x, t = graph.placeholder("x"), graph.placeholder("tangents_1")
    a = graph.call_function(torch.neg, (x,))
    b = graph.call_function(operator.mul, (a, t))
    c = graph.call_function(operator.add, (a, t))
    graph.output((a, b, c))
    return fx.GraphModule(torch.nn.Module(), graph), x, t, a, b, c


def test_a_saved_value_made_again_is_read_by_later_readers_and_undone_after():
    joint, x, t, a, b, c = _joint()
    before = graph_as_is(joint.graph)
    # c reads the saved a; the backward makes a again; b reads the new one
    with runs_apart(joint, [c, a, b], [a], {t}, set(), num_fwd_outputs=1) as (runs, views):
        again = runs[1]
        assert again is not a and again.target is torch.neg and again.args == (x,)
        assert b.args == (again, t) and c.args == (a, t) and runs == [c, again, b]
        assert views == set()
    assert graph_as_is(joint.graph) == before  # b before c among a's users again
