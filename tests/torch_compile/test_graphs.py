"""The two graphs memir writes back: no random op whose result nothing reads (PyTorch's
extraction copies into a part every op it can run there, a random op of the other part
too, and FX keeps an unread random op, whose draw moves the random stream); no node
without a reader; no saved 4-D view (Inductor would copy it to channels-last)."""

from __future__ import annotations

import copy

import pytest

torch = pytest.importorskip("torch")

from device_graphs import graph_as_is, joint_graph  # noqa: E402
from tc_models import example  # noqa: E402

import memir.torch as mt  # noqa: E402


@pytest.mark.parametrize("compiler, budget", [("eager", 0.0), ("inductor", None)])
def test_no_random_op_is_left_unread(compiler, budget):
    """The transformer block's dropout: with eager compilers at budget 0 the backward got
    its ``native_dropout``s, with Inductor's decompositions its ``rand``s."""
    torch._dynamo.reset()
    model, inputs = example("block")
    joint, kwargs = joint_graph(model, inputs, compiler)
    partitioner = mt.Partitioner(budget=budget, fused=compiler == "inductor")
    graphs = partitioner(copy.deepcopy(joint), None, **kwargs)
    assert partitioner.reports[-1].fallback is None
    assert any(_random(n) for n in joint.graph.nodes)  # the premise
    for graph in graphs:
        assert [n.name for n in graph.graph.nodes if _random(n) and not n.users] == []


def _random(node) -> bool:
    return node.op == "call_function" \
        and torch.Tag.nondeterministic_seeded in getattr(node.target, "tags", ())


@pytest.mark.parametrize("name", ["cnn_relu6", "block", "mlp"])
@pytest.mark.parametrize("budget", [1.0, 0.5, 0.2])
@pytest.mark.parametrize("compiler", ["inductor", "eager"])
def test_every_node_memir_writes_back_is_read(name, budget, compiler):
    """No node of either graph is left without a reader: a plan keeps no recomputation
    whose copies nothing reads (``without_unread``; with saving priced, a min-cut start's
    prune once kept some), and the first run of a returned value made again later goes
    (``graphs.ordered``; eager compilers ran it)."""
    torch._dynamo.reset()
    model, inputs = example(name)
    joint, kwargs = joint_graph(model, inputs, compiler)
    partitioner = mt.Partitioner(budget=budget, fused=compiler == "inductor")
    graphs = partitioner(copy.deepcopy(joint), None, **kwargs)
    assert partitioner.reports[-1].fallback is None
    for graph in graphs:
        assert [n.name for n in graph.graph.nodes if n.op == "call_function"
                and not n.users and not n.is_impure()] == []


class PixelMLP(torch.nn.Module):
    """A convolution, then a per-pixel MLP on channels-last pixels: its first linear's
    result is a matmul's, seen as a 4-D view by the GELU the backward differentiates."""

    def __init__(self, width: int = 8):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, width, 3, padding=1)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(width, 4 * width), torch.nn.GELU(),
                                       torch.nn.Linear(4 * width, width))
        self.head = torch.nn.Linear(width, 10)

    def forward(self, x, y):
        pixels = self.conv(x).permute(0, 2, 3, 1)
        features = (pixels + self.mlp(pixels)).mean((1, 2))
        return torch.nn.functional.cross_entropy(self.head(features), y)


@pytest.mark.parametrize("budget", [1.0, 0.5, 0.2])
def test_no_4d_view_is_saved(budget):
    """Inductor lays each saved 4-D tensor out channels-last where a convolution is
    upstream: a saved 4-D view of the linear's matmul became a transposing copy in the
    forward. Its base is saved instead, and the backward makes the view."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    model, inputs = PixelMLP(), (torch.randn(2, 3, 8, 8), torch.randint(0, 10, (2,)))
    joint, kwargs = joint_graph(model, inputs, "inductor")
    partitioner = mt.Partitioner(budget=budget, fused=True)
    forward, backward = partitioner(copy.deepcopy(joint), None, **kwargs)
    assert partitioner.reports[-1].fallback is None
    saved = forward.graph.find_nodes(op="output")[0].args[0][kwargs["num_fwd_outputs"]:]
    views = {torch.ops.aten.view.default, torch.ops.aten._unsafe_view.default,
             torch.ops.aten.permute.default, torch.ops.aten.reshape.default}
    assert [n.name for n in saved if isinstance(n, torch.fx.Node) and n.target in views
            and n.meta["val"].dim() == 4] == []
    assert any(n.target in views and n.meta["val"].dim() == 4  # the premise: made there
               for n in backward.graph.nodes if n.op == "call_function")


class _TanhGelu(torch.nn.Module):
    def forward(self, x):
        return 0.5 * x * (1.0 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))


def _gelu_blocks(blocks: int = 2, rows: tuple[int, ...] = (128,)):
    """``blocks`` residual blocks of LayerNorm, Linear, GELU's tanh form (as GPT-2 writes
    it) and Linear, then a head, on ``rows`` x 128 inputs. Two blocks on 2-D inputs: at
    budget 0 memir saves the first LayerNorm's output for an early reader in the backward
    and runs that LayerNorm again for the later ones. One block on 3-D inputs (a Linear is
    then ``addmm`` and a view, as in GPT-2): memir runs the first Linear again twice in the
    backward, its readers reading it through the view."""
    nn = torch.nn
    torch.manual_seed(0)
    layers = [nn.Sequential(nn.LayerNorm(128), nn.Linear(128, 512), _TanhGelu(),
                            nn.Linear(512, 128)) for _ in range(blocks)]

    class Residual(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks, self.head = nn.ModuleList(layers), nn.Linear(128, 10)

        def forward(self, x, y):
            for block in self.blocks:
                x = x + block(x)
            return nn.functional.cross_entropy(self.head(x).flatten(0, -2), y)

    return Residual(), (torch.randn(*rows, 128), torch.randint(0, 10, (128,)))


@pytest.mark.parametrize("blocks, rows", [(2, (128,)), (1, (1, 128))])
def test_a_value_made_again_is_read_from_its_new_run(blocks, rows):
    """Readers after the backward runs a node again read the new run, as memir's plan has
    it, a saved part of it or a view of it too, so the old run dies at its last earlier
    reader: the step holds the planned peak (before, it held the saved part, or the old
    run through the view, on: one 128x128 tensor above the plan)."""
    import memir.torch as mt
    from memir.torch.measure import peak_bytes
    from tc_models import step

    torch._dynamo.reset()
    model, inputs = _gelu_blocks(blocks, rows)
    backend = mt.backend(budget=0.0)
    compiled = torch.compile(model, backend=backend)
    step(compiled, inputs)
    (report,) = backend.partitioner.reports
    assert report.fallback is None and report.recomputed
    measured = peak_bytes(lambda: step(compiled, inputs))
    assert abs(measured - report.peak) <= 64, (measured, report.peak)


def _planned(model, shape: tuple[int, ...]):
    """(joint graph, partition arguments, memir's program and plan, its runs by FX node
    name) of ``model``'s step on a ``shape`` input and 32 labels, nothing recomputed; plans
    written by hand from it test the graphs written back."""
    joint, kwargs = joint_graph(model, (torch.randn(*shape), torch.randint(0, 10, (32,))),
                                "eager")
    partitioner = mt.Partitioner(budget=None)
    partitioner(joint, None, **kwargs)
    program, plan = partitioner.last_plan
    run_of = {program.source[r.node].name: r for r in plan.runs
              if program.source[r.node] is not None}
    return joint, kwargs, program, plan, run_of


class _Square(torch.nn.Module):
    def forward(self, x):
        return x * x


def test_a_saved_value_the_backward_makes_again_is_run_there():
    """A plan that saves a value for one reader in the backward and makes it again for a
    later one: PyTorch's extraction makes the saved value a placeholder of the backward,
    which then never runs it, and the later reader would read the saved copy, held past
    where the plan frees it. The backward runs it (``graphs.split``), and the joint graph
    is left as it was."""
    from memir.torch.graphs import split
    from memir.torch.plan import Run

    nn = torch.nn
    torch.manual_seed(0)

    class Squared(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(64, 256), _Square(), nn.Linear(256, 10))

        def forward(self, x, y):
            return nn.functional.cross_entropy(self.net(x), y)

    joint, kwargs, program, plan, run_of = _planned(Squared(), (32, 64))
    # the square's backward reads the Linear's result twice: mul_1, then mul_2
    k = plan.runs.index(run_of["mul_2"])
    runs = [*plan.runs[:k], Run(run_of["addmm"].node, True), *plan.runs[k:]]
    before = graph_as_is(joint.graph)
    _, bw = split(joint, program, runs, num_fwd_outputs=kwargs["num_fwd_outputs"])
    made = [n for n in bw.graph.nodes if n.target is torch.ops.aten.addmm.default]
    by_name = {n.name: n for n in bw.graph.nodes}
    assert len(made) == 1 and made[0] in by_name["mul_2"].args
    assert by_name["addmm"].op == "placeholder" and by_name["addmm"] in by_name["mul_1"].args
    assert graph_as_is(joint.graph) == before


def test_a_view_of_a_node_the_forward_runs_again_is_made_from_the_new_run():
    """A plan that runs a Linear's ``addmm`` again in the forward for a later reader, which
    reads it through the Linear's view: the view is made again from the new run (read from
    the old view, the old run would live on, and the new one go unread)."""
    from memir.torch.graphs import split
    from memir.torch.plan import Run

    nn = torch.nn
    torch.manual_seed(0)

    class TwoReaders(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear, self.head = nn.Linear(64, 256), nn.Linear(256, 10)

        def forward(self, x, y):
            h = self.linear(x)  # 3-D: addmm, then a view
            return nn.functional.cross_entropy(
                self.head(h.tanh() * h.sigmoid()).flatten(0, 1), y)

    joint, kwargs, program, plan, run_of = _planned(TwoReaders(), (1, 32, 64))
    k = plan.runs.index(run_of["sigmoid"])
    assert plan.runs.index(run_of["tanh"]) < k  # the premise
    runs = [*plan.runs[:k], Run(run_of["addmm"].node, True), *plan.runs[k:]]
    fw, _ = split(joint, program, runs, num_fwd_outputs=kwargs["num_fwd_outputs"])
    made = [n for n in fw.graph.nodes if n.target is torch.ops.aten.addmm.default
            and n.args[0].name == "primals_2"]
    by_target = {n.target: n for n in fw.graph.nodes}
    read = {f: by_target[f].args[0].args[0] for f in (torch.ops.aten.tanh.default,
                                                      torch.ops.aten.sigmoid.default)}
    assert len(made) == 2
    assert read == {torch.ops.aten.tanh.default: made[0],
                    torch.ops.aten.sigmoid.default: made[1]}


def _base(node):
    """What ``node`` is a view of, through ``t`` and ``detach`` (itself otherwise)."""
    while node.target in (torch.ops.aten.t.default, torch.ops.aten.detach.default):
        node = node.args[0]
    return node


def test_a_backward_run_again_reads_the_newest_runs_and_returns_the_last():
    """A plan that runs the first Linear and its tanh again at the end of the backward,
    then tanh's backward and the weight's gradient again: the saved tanh reaches tanh's
    backward as a view (``detach``), so the new run of tanh_backward reads a view of the new
    tanh, and the gradient returned is the last one made (its first run is dropped)."""
    from memir.torch.graphs import split
    from memir.torch.plan import Run

    nn = torch.nn
    torch.manual_seed(0)

    class TanhNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(64, 256), nn.Tanh(), nn.Linear(256, 10))

        def forward(self, x, y):
            return nn.functional.cross_entropy(self.net(x), y)

    joint, kwargs, program, plan, run_of = _planned(TanhNet(), (32, 64))
    again = [Run(run_of[name].node, True) for name in ("addmm", "tanh", "tanh_backward", "mm_2")]
    before = graph_as_is(joint.graph)
    _, bw = split(joint, program, [*plan.runs[:-1], *again, plan.runs[-1]],
                  num_fwd_outputs=kwargs["num_fwd_outputs"])
    nodes = list(bw.graph.nodes)
    first, last = [n for n in nodes if n.target is torch.ops.aten.tanh_backward.default]
    assert _base(first.args[1]).op == "placeholder"  # the saved tanh, through its detach
    assert _base(last.args[1]).target is torch.ops.aten.tanh.default
    gradient = _base(nodes[-1].args[0][0])  # the first Linear's weight
    assert gradient.target is torch.ops.aten.mm.default and _base(gradient.args[0]) is last
    assert [n for n in nodes if n.target is torch.ops.aten.mm.default
            and _base(n.args[0]) is first] == []
    assert graph_as_is(joint.graph) == before
