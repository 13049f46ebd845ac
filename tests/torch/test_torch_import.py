"""The PyTorch importer on small models: sizes, aliases, arguments, training ops, planning."""

from __future__ import annotations

import importlib.util
import math

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode  # noqa: E402
from torch_models import (  # noqa: E402
    many_outputs, needs_real_values, small_convnet, small_lstm, tiny_lm)

from xdsl.ir import BlockArgument  # noqa: E402

from memir.dialects import AllocOp, ComputeOp  # noqa: E402
from memir.io.graph_ir import graph_to_ir  # noqa: E402
from memir.io.torch import TorchImportError, build_fake_model, trace_model  # noqa: E402
from memir.passes import AssignLayout, Bufferize, StreamSafety, VerifyLayout  # noqa: E402
from memir.tools.driver import parse_chunk, verify  # noqa: E402
from memir.tools.registry import make_context  # noqa: E402

SMALL = dict(batch=2, input_shape=(3, 16, 16))


def kernels(imported) -> list[str]:
    return [node.kernel for node in imported.graph.nodes]


def arguments(imported) -> dict[str, int]:
    return {t.name: i for i, t in enumerate(imported.graph.tensors)
            if t.producer is None and t.alias_of is None}


def root(graph, t: int) -> int:
    while graph.tensors[t].alias_of is not None:
        t = graph.tensors[t].alias_of
    return t


def to_ir(imported) -> str:
    """The importer's text, in-place writes included (what memir-translate prints)."""
    return graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated)


def plan(text: str, passes) -> object:
    """Parse and verify the IR, run the passes in process, return the module."""
    ctx = make_context()
    chunk = parse_chunk(ctx, text, "<torch>")
    verify(chunk)
    for pass_ in passes:
        pass_.apply(ctx, chunk.module)
        verify(chunk)
    return chunk.module


@pytest.fixture(scope="module")
def infer():
    return trace_model(small_convnet, mode="infer", **SMALL)


@pytest.fixture(scope="module", params=["adam", "sgd"])
def train(request):
    return request.param, trace_model(small_convnet, mode="train", optimizer=request.param,
                                      **SMALL)


def test_byte_sizes_shapes_and_dtypes(infer):
    graph = infer.graph
    conv = next(n for n in graph.nodes if n.kernel == "aten.convolution")
    out = graph.tensors[conv.outputs[0]]
    assert out.shape == (2, 8, 16, 16) and out.dtype == "float32"
    assert out.size == 2 * 8 * 16 * 16 * 4
    for tensor in graph.tensors:
        if tensor.alias_of is None and tensor.shape is not None:
            element = {"float32": 4, "int64": 8, "uint8": 1, "bool": 1}[tensor.dtype]
            assert tensor.size == math.prod(tensor.shape) * element, tensor
    text = graph_to_ir(graph, infer.outputs)
    assert "%input: tensor<2x3x16x16xf32>" in text
    assert "= memir.compute \"aten.convolution\" (%input, %conv1_weight, %conv1_bias) : " \
           "tensor<2x8x16x16xf32>" in text


def test_weights_buffers_and_input_are_arguments(infer):
    args = arguments(infer)
    for name in ("input", "conv1.weight", "conv1.bias", "bn1.weight", "bn1.running_mean",
                 "bn1.running_var", "fc.weight"):
        assert name in args
    produced = {t for node in infer.graph.nodes for t in node.outputs}
    assert not produced & set(args.values())


def test_views_and_in_place_results_alias_their_source():
    imported = trace_model(small_convnet, mode="train", **SMALL)
    graph = imported.graph
    relu = next(n for n in graph.nodes if n.kernel == "aten.relu_")
    batch_norm = next(n for n in graph.nodes if n.kernel == "aten.native_batch_norm")
    assert root(graph, relu.outputs[0]) == batch_norm.outputs[0]
    for kernel in ("aten.view", "aten.t", "aten.detach", "aten.relu_"):
        nodes = [n for n in graph.nodes if n.kernel == kernel]
        assert nodes, kernel
        assert all(graph.tensors[t].alias_of is not None for n in nodes for t in n.outputs)
    # One allocation per fresh result, none for views and in-place results.
    fresh = sum(1 for n in graph.nodes for t in n.outputs if graph.tensors[t].alias_of is None)
    module = plan(to_ir(imported), [Bufferize()])
    assert sum(isinstance(op, AllocOp) for op in module.walk()) == fresh
    assert 'memir.compute "aten.relu_"' in to_ir(imported)


def test_default_inputs_are_images_or_tokens():
    images = trace_model(small_convnet)
    tokens = trace_model(tiny_lm)
    image = images.graph.tensors[arguments(images)["input"]]
    token = tokens.graph.tensors[arguments(tokens)["input"]]
    assert (image.shape, image.dtype) == ((1, 3, 224, 224), "float32")
    assert (token.shape, token.dtype) == ((1, 128), "int64")


def test_training_has_backward_and_optimizer(train):
    optimizer, imported = train
    names = kernels(imported)
    args = arguments(imported)
    for kernel in ("aten.convolution_backward", "aten.native_batch_norm_backward",
                   "aten.nll_loss_backward", "aten.threshold_backward"):
        assert kernel in names
    updates = {"adam": ["aten.lerp_.Scalar", "aten.addcmul_", "aten.addcdiv_"],
               "sgd": ["aten.mul_.Tensor", "aten.add_.Tensor"]}[optimizer]
    for kernel in updates:
        assert kernel in names
    slots = {"adam": ["exp_avg", "exp_avg_sq"], "sgd": ["momentum_buffer"]}[optimizer]
    for slot in slots:
        assert f"{slot}.conv1.weight" in args and f"{slot}.fc.bias" in args
    assert "labels" in args
    # Every parameter is written in place once its update runs, after the backward.
    graph = imported.graph
    last_backward = max(i for i, k in enumerate(names) if k.endswith("_backward"))
    for name in ("conv1.weight", "bn1.bias", "side.weight", "fc.weight"):
        writers = [i for i, written in enumerate(imported.mutated)
                   if any(root(graph, t) == args[name] for t in written)]
        assert len(writers) == 1 and writers[0] > last_backward, name
    loss = graph.tensors[imported.outputs[0]]
    assert loss.shape == () and loss.dtype == "float32"


def test_tied_embedding_is_one_argument_updated_once():
    imported = trace_model(tiny_lm, mode="train", optimizer="adam", batch=2, input_shape=(8,))
    args = arguments(imported)
    assert "embed.weight" in args and "head.weight" not in args
    assert "aten.embedding_dense_backward" in kernels(imported)
    updates = [i for i, node in enumerate(imported.graph.nodes)
               if node.kernel == "aten.addcdiv_"
               and root(imported.graph, imported.mutated[i][0]) == args["embed.weight"]]
    assert len(updates) == 1


def test_models_become_fake_even_when_built_for_real():
    for factory in (small_convnet, needs_real_values):
        _, state = build_fake_model(factory, FakeTensorMode(allow_non_fake_inputs=True))
        assert state and all(isinstance(t, FakeTensor) for t in state.values())
    assert trace_model(needs_real_values, **SMALL).graph.nodes


@pytest.mark.parametrize("factory,mode,optimizer,shape", [
    (small_convnet, "infer", "adam", (3, 16, 16)),
    (small_convnet, "train", "adam", (3, 16, 16)),
    (tiny_lm, "train", "sgd", (8,)),
    (small_lstm, "train", "adam", (5, 16)),
])
def test_single_stream_ir_parses_and_plans(factory, mode, optimizer, shape):
    imported = trace_model(factory, batch=2, mode=mode, optimizer=optimizer, input_shape=shape)
    module = plan(to_ir(imported), [Bufferize(), AssignLayout(), VerifyLayout()])
    result = module.attributes["memir.plan"]
    assert result.arena.data >= result.bound.data > 0


@pytest.mark.parametrize("streams", [1, 2, 4])
def test_full_pipeline_with_stream_safety(streams):
    assert importlib.util.find_spec("memir.analysis.stream_safety"), \
        "memir.analysis.stream_safety has not landed yet"
    imported = trace_model(small_convnet, mode="train", streams=streams, **SMALL)
    module = plan(to_ir(imported), [Bufferize(), StreamSafety(), AssignLayout(), VerifyLayout()])
    result = module.attributes["memir.plan"]
    assert result.arena.data >= result.bound.data > 0


def test_an_out_kernel_that_grows_its_buffer_is_sized_after_the_growth():
    import torch

    from memir.io.torch_trace import KernelRecorder

    recorder = KernelRecorder()
    with FakeTensorMode():
        a = torch.empty(4, 8)
        recorder.add_argument(a, "a")
        with recorder:
            out = torch.empty(0)
            torch.cat([a, a], out=out)
    grown = recorder.graph.tensors[root(recorder.graph, recorder.index(out))]
    assert grown.producer is not None and grown.size == 8 * 8 * 4


def test_every_returned_tensor_is_a_result():
    imported = trace_model(many_outputs, batch=2, mode="infer", input_shape=(16,))
    text = to_ir(imported)
    assert len(imported.outputs) == 3
    module = plan(text, [Bufferize(), AssignLayout(), VerifyLayout()])
    external = [op for op in module.walk() if isinstance(op, AllocOp) and op.external]
    assert len(external) == 3  # results are not planned: nothing may overwrite them


def test_adam_updates_are_written_in_place_and_verify():
    """Issue 11: every parameter and optimizer-state update is in outs (and ins), so the
    buffer-level IR shows the write; the graph verifies before and after bufferize."""
    imported = trace_model(small_convnet, mode="train", optimizer="adam", **SMALL)
    text = to_ir(imported)
    assert 'memir.compute "aten.addcdiv_" (%conv1_weight, ' in text
    assert ") writes(%conv1_weight) : ()" in text
    module = plan(text, [Bufferize()])
    state = {"exp_avg", "exp_avg_sq"}
    updated = set()
    for op in module.walk():
        if isinstance(op, ComputeOp) and op.kernel.data in (
                "aten.lerp_.Scalar", "aten.mul_.Tensor", "aten.addcmul_", "aten.addcdiv_"):
            written = [v for v in op.outputs if isinstance(v, BlockArgument)]
            assert written and all(v in op.inputs for v in written), op
            updated |= {v.name_hint for v in written}
    params = [n.replace(".", "_") for n, _ in small_convnet().named_parameters()]
    for name in params:
        assert name in updated
        assert {f"{slot}_{name}" for slot in state} <= updated


def test_batch_norm_updates_its_running_statistics_in_a_node_of_its_own():
    """In training the normalisation is pure (it reads neither running statistic, so it
    can be recomputed) and the next node folds the saved batch statistics into the running
    ones in place; in inference the batch norm reads them and nothing writes them."""
    from memir.io.torch_trace import RUNNING_STATS_KERNEL

    imported = trace_model(small_convnet, mode="train", **SMALL)
    graph, args = imported.graph, arguments(imported)
    stats = {args["bn1.running_mean"], args["bn1.running_var"]}
    k = next(k for k, n in enumerate(graph.nodes) if n.kernel == "aten.native_batch_norm")
    norm, update = graph.nodes[k], graph.nodes[k + 1]
    assert not stats & set(norm.inputs) and not imported.mutated[k]
    assert update.kernel == RUNNING_STATS_KERNEL and not update.outputs
    assert update.inputs[:2] == norm.outputs[1:3] and set(update.inputs[2:]) == stats
    assert set(imported.mutated[k + 1]) == stats
    mean, rstd = (graph.tensors[t].size for t in norm.outputs[1:3])
    assert update.bytes_moved == mean + rstd + 2 * 2 * 8 * 4  # 8 channels, f32
    assert sum(n.kernel == RUNNING_STATS_KERNEL for n in graph.nodes) == sum(
        n.kernel == "aten.native_batch_norm" for n in graph.nodes)
    infer = trace_model(small_convnet, **SMALL)
    norm = next(n for n in infer.graph.nodes if n.kernel == "aten.native_batch_norm")
    stats = {arguments(infer)["bn1.running_mean"], arguments(infer)["bn1.running_var"]}
    assert stats <= set(norm.inputs)
    assert RUNNING_STATS_KERNEL not in kernels(infer)
    assert not any(stats & set(m) for m in infer.mutated)


def _recomputed_at_60000(tmp_path, model) -> list[str]:
    """The recomputed ops' lines after rematerialize{capacity=60000} and the whole plan,
    checked by check-execution{data=true} (the values the input program computes)."""
    from memir.io.torch import import_model
    from memir.tools.memir_opt import main as memir_opt

    source, out = tmp_path / "cnn.mlir", tmp_path / "out.mlir"
    source.write_text(import_model(model, mode="train", **SMALL))
    assert memir_opt([str(source), "-p", "bufferize,schedule,rematerialize{capacity=60000},"
                      "stream-safety,assign-layout,verify-layout,check-execution{data=true}",
                      "-o", str(out)]) == 0
    return [line for line in out.read_text().splitlines() if "memir.recomputed" in line]


def test_a_batch_norm_and_its_relu_are_recomputed_and_the_values_kept(tmp_path):
    """The normalisation recomputes (its running-stat update stays where it was) with the
    in-place relu_ after it, and the planned program computes the values the input does."""
    recomputed = _recomputed_at_60000(tmp_path, small_convnet)
    assert any('"aten.native_batch_norm"' in line for line in recomputed)
    assert any('"aten.relu_"' in line for line in recomputed)
    assert not any("running_stats" in line for line in recomputed)


def _relu6_convnet():
    from torch import nn

    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8),
                         nn.ReLU6(inplace=True), nn.Conv2d(8, 8, 3, padding=1),
                         nn.BatchNorm2d(8), nn.ReLU6(inplace=True), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(8, 10))


def test_the_clone_autograd_takes_before_an_in_place_activation_goes(tmp_path):
    """Eager ``hardtanh_`` (ReLU6, as in MobileNetV2) saves a clone of the batch norm's
    output before overwriting it. rematerialize removes the clone (its readers read the
    batch norm's output; the hardtanh_ writes a buffer of its own: ``remat.forwarding``),
    so the batch norm alone is made again where that value is needed (the peak without
    recomputation cannot go below 67936 bytes), and the values are kept."""
    from memir.io.torch import import_model

    assert '"aten.clone"' in import_model(_relu6_convnet, mode="train", **SMALL)
    recomputed = _recomputed_at_60000(tmp_path, _relu6_convnet)
    assert any('"aten.native_batch_norm"' in line for line in recomputed)
    assert not any('"aten.clone"' in line for line in recomputed)


def test_at_the_floor_the_batch_norm_re_runs_without_its_relu6_where_its_output_is_read(
        tmp_path, capsys):
    """With the clone gone, the backward reads the batch norm's output itself: where that
    is made again, the batch norm re-runs alone (the hardtanh_ writes apart), and at the
    smallest capacity reached the planned program computes the values the input does."""
    import re

    from memir.io.torch import import_model
    from memir.tools.memir_opt import main as memir_opt

    source, out = tmp_path / "cnn.mlir", tmp_path / "out.mlir"
    source.write_text(import_model(_relu6_convnet, mode="train", **SMALL))
    assert memir_opt([str(source), "-p", "bufferize,schedule,rematerialize{capacity=1}",
                      "-o", str(out)]) == 1
    floor = int(re.search(r"smallest peak reached is (\d+) bytes",
                          capsys.readouterr().err).group(1))
    pipeline = ("bufferize,schedule,rematerialize{{capacity={c}}},stream-safety,"
                "assign-layout,verify-layout,check-execution{{data=true}}")
    if memir_opt([str(source), "-p", pipeline.format(c=floor), "-o", str(out)]) != 0:
        arena = re.search(r"smallest arena reached is (\d+) bytes", capsys.readouterr().err)
        assert memir_opt([str(source), "-p", pipeline.format(c=int(arena.group(1))),
                          "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert not any('"aten.clone"' in line for line in lines)
    norms = [line for line in lines
             if "memir.recomputed" in line and '"aten.native_batch_norm"' in line]
    assert norms
    for line in norms:  # the re-run's output is read, not overwritten in place after it
        made = re.search(r"outs\((%[\w.]+)", line).group(1)
        assert not any("hardtanh_" in other and f"outs({made})" in other for other in lines)


def test_the_rematerialized_program_fits_the_capacity_once_laid_out(tmp_path, capsys):
    """At 68064 bytes the cheapest plan's peak fits but its copies, laid out, take 68128:
    the pass plans again for a lower peak, and assign-layout fits the capacity. At the
    smallest peak (51680) no layout fits: an error naming the smallest arena reached."""
    from memir.io.torch import import_model
    from memir.tools.memir_opt import main as memir_opt

    source, out = tmp_path / "cnn.mlir", tmp_path / "out.mlir"
    source.write_text(import_model(_relu6_convnet, mode="train", **SMALL))
    pipeline = ("bufferize,schedule,rematerialize{{capacity={c}}},stream-safety,"
                "assign-layout{{capacity={c}}},verify-layout,check-execution{{data=true}}")
    assert memir_opt([str(source), "-p", pipeline.format(c=68064), "-o", str(out)]) == 0
    capsys.readouterr()
    assert memir_opt([str(source), "-p", pipeline.format(c=51680), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "cannot be reached once laid out: the smallest arena reached is 51872" in err
    assert "Traceback" not in err


def _two_layer_transformer():
    from torch import nn

    return nn.Sequential(nn.Embedding(100, 32),
                         nn.TransformerEncoderLayer(32, 2, 64, dropout=0.0, batch_first=True),
                         nn.TransformerEncoderLayer(32, 2, 64, dropout=0.0, batch_first=True),
                         nn.Linear(32, 100))


def test_weight_gradients_run_earlier_when_that_plan_is_cheapest_and_the_values_kept(tmp_path):
    """``schedule`` runs weight gradients late; at 36000 bytes the cheapest plan runs them
    (and their updates) early (``deferred_updates.hoists``; the reads that do nothing move too:
    ``hoisted_reads.hoisted_reads``), and the program computes the values the input does."""
    from xdsl.parser import Parser

    from memir.io.torch import import_model
    from memir.passes.support import analyses
    from memir.passes.rematerialize import remat_problem
    from memir.planning.remat.strategies import plan_remat
    from memir.planning.remat.cost import DEVICES
    from memir.planning.remat.deferred_updates import hoists
    from memir.tools.memir_opt import main as memir_opt

    source, scheduled, out = tmp_path / "t.mlir", tmp_path / "s.mlir", tmp_path / "out.mlir"
    source.write_text(import_model(_two_layer_transformer, mode="train", batch=1,
                                   input_shape=(16,)))
    assert memir_opt([str(source), "-p", "bufferize,schedule", "-o", str(scheduled)]) == 0
    ctx = make_context()
    module = Parser(ctx, scheduled.read_text()).parse_module()
    problem = remat_problem(analyses.program(ctx, module), DEVICES["default"])
    planned = plan_remat(problem, 36000)
    moved = {u for ops in planned.deferred.values() for u in ops}
    assert hoists(problem) and {u for ops in hoists(problem).values() for u in ops} <= moved
    assert memir_opt([str(source), "-p", "bufferize,schedule,rematerialize{capacity=36000},"
                      "stream-safety,assign-layout{capacity=36000},verify-layout,"
                      "check-execution{data=true}", "-o", str(out)]) == 0


def test_views_move_no_bytes_and_a_depthwise_weight_gradient_counts_its_groups():
    """A view (``view``, ``t``, ``detach``...) aliases its source and writes nothing: no
    bytes. The backward of a convolution with ``groups`` counts as two forwards (input and
    weight gradients), as the forward counts ``groups`` (torch's counter multiplies the
    weight gradient by ``groups``)."""
    from torch import nn

    def depthwise():
        return nn.Sequential(nn.Conv2d(8, 8, 3, padding=1, groups=8), nn.Conv2d(8, 8, 1),
                             nn.Flatten(), nn.Linear(8 * 16 * 16, 10))

    imported = trace_model(depthwise, mode="train", batch=2, input_shape=(8, 16, 16))
    graph = imported.graph
    views = [n for n in graph.nodes if n.kernel in ("aten.view", "aten.t", "aten.detach")]
    assert views and all(n.bytes_moved == 0 for n in views)
    assert all(n.bytes_moved > 0 for n in graph.nodes if n.kernel == "aten.clone")
    forward = [n for n in graph.nodes if n.kernel == "aten.convolution"]
    backward = [n for n in graph.nodes if n.kernel == "aten.convolution_backward"]
    assert [f.flops for f in forward] == [2 * 2 * 16 * 16 * 8 * 1 * 9, 2 * 2 * 16 * 16 * 8 * 8]
    # the first conv reads the input, which needs no gradient: its weight gradient only
    by_weight = {n.inputs[2]: n for n in backward}
    for conv in forward:
        grads = by_weight[conv.inputs[1]]
        asked = 2 if conv is forward[1] else 1
        assert grads.flops == asked * conv.flops


def test_random_kernels_carry_their_place_in_the_random_stream():
    """Each kernel PyTorch tags nondeterministic_seeded (dropout's native_dropout, or
    bernoulli_ in this CPU build's eager dropout) gets ``seed``, counted over the step; no
    other kernel does."""
    from torch import nn

    def model():
        return nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.ReLU(), nn.Linear(16, 16),
                             nn.Dropout(0.5), nn.Linear(16, 4))

    for dropout, kernel in (("fused", "native_dropout"), ("eager", "bernoulli")):
        imported = trace_model(model, batch=2, mode="train", input_shape=(8,), dropout=dropout)
        seeded = [n for n in imported.graph.nodes if n.seed is not None]
        assert [n.seed for n in seeded] == list(range(len(seeded))) and len(seeded) == 2
        assert all(kernel in n.kernel for n in seeded)
        text = graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated)
        assert text.count("seed = ") == 2


def test_dropout_is_the_fused_kernel_a_gpu_runs_unless_asked_for_eager():
    """``fused`` (the default): one native_dropout with a one-byte mask and its backward;
    p = 0 runs no kernel. ``eager``: the float mask of this CPU build (empty_like,
    bernoulli_, div_, mul); the override is gone after the trace."""
    from torch import nn

    def model(p):
        return lambda: nn.Sequential(nn.Linear(8, 16), nn.Dropout(p), nn.Linear(16, 4))

    def kernels(p, dropout="fused"):
        imported = trace_model(model(p), batch=2, mode="train", input_shape=(8,),
                               dropout=dropout)
        return [n.kernel.removeprefix("aten.") for n in imported.graph.nodes], imported

    fused, imported = kernels(0.5)
    assert fused.count("native_dropout") == 1 and fused.count("native_dropout_backward") == 1
    assert not any(k.startswith(("bernoulli", "empty_like")) for k in fused)
    mask = next(t for t in imported.graph.tensors if t.dtype == "bool")
    assert mask.size == 2 * 16  # one byte an element
    eager, _ = kernels(0.5, "eager")
    assert "native_dropout" not in eager and {"empty_like", "bernoulli_.float",
                                                "div_.Scalar"} <= set(eager)
    assert not any("dropout" in k or "bernoulli" in k for k in kernels(0.0)[0])
    with pytest.raises(TorchImportError, match="unknown dropout"):
        trace_model(model(0.5), mode="train", dropout="cuda")
