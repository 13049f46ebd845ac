"""PyTorch importer: a ``torch.nn.Module`` -> graph-level memir IR (needs ``memir[torch]``).

Why: the planner is only as useful as the graphs it sees, and real models are where the
buffers, aliases and lifetimes come from. We run the model once on fake tensors (shapes,
no data) and record every ATen kernel (memir.io.torch_trace): for inference the forward
pass; for training the forward, a cross-entropy loss, autograd's backward and one
optimizer step (Adam or SGD with momentum, written as torch's single-tensor kernels do it,
in place) in one graph. Weights, buffers, optimizer state, inputs and labels are graph
arguments, so they are not planned; views and in-place results alias their source.

The model is built inside the fake mode, with torch.nn.init's initializers skipped (no
memory, no compute), unless its factory needs real values; then it is built for real and
its parameters converted to fake tensors. ``import torch`` below is the real torch: this
module is ``memir.io.torch`` and absolute imports never resolve to it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from glob import glob
from pathlib import Path

import torch
from torch import nn
from torch._subclasses.fake_tensor import FakeTensorMode

from memir.analysis.graph import Graph
from memir.io.graph_ir import graph_to_ir
from memir.io.torch_dynamic import (
    DynamicDim,
    make_fake_mode,
    parse_dynamic,
    portable_kernels,
    resolve_dims,
    symbolic_example,
)
from memir.io.torch_streams import spread_over_streams
from memir.io.torch_trace import KernelRecorder

IMAGE_SHAPE = (3, 224, 224)
TOKEN_SHAPE = (128,)
OPTIMIZERS = ("adam", "sgd")


class TorchImportError(Exception):
    """A user-facing problem with the model or the options (one line, no traceback)."""


@dataclass
class Imported:
    graph: Graph
    outputs: list[int]
    mutated: list[list[int]]
    seconds: float
    symbols: tuple = ()  # the --dynamic sizes (memir.model.symbolic.Symbol), in order


def first_layer_is_embedding(model: nn.Module) -> bool:
    for module in model.modules():
        if next(module.parameters(recurse=False), None) is not None:
            return isinstance(module, nn.Embedding)
    return False


def parse_shape(text: str) -> tuple[int, ...]:
    try:
        shape = tuple(int(d) for d in text.lower().replace("*", "x").split("x"))
    except ValueError:
        shape = ()
    if not shape or any(d <= 0 for d in shape):
        raise TorchImportError(f"bad --input-shape '{text}': expected e.g. 3x224x224 or 128")
    return shape


def main_output(output) -> torch.Tensor:
    """The tensor a loss is taken from: the output, ``.logits``, or the first tensor."""
    if isinstance(output, torch.Tensor):
        return output
    logits = getattr(output, "logits", None)
    if isinstance(logits, torch.Tensor):
        return logits
    if isinstance(output, dict):
        output = list(output.values())
    for value in output if isinstance(output, (list, tuple)) else ():
        if isinstance(value, torch.Tensor):
            return value
    raise TorchImportError(f"the model returned no tensor ({type(output).__name__})")


def output_tensors(output) -> list[torch.Tensor]:
    """Every tensor the model returns (nested tuples, lists, dicts, HF ModelOutputs)."""
    if isinstance(output, torch.Tensor):
        return [output]
    if isinstance(output, dict):
        output = list(output.values())
    if isinstance(output, (list, tuple)):
        return [t for value in output for t in output_tensors(value)]
    return []


@contextmanager
def _no_weight_init():
    """torch.nn.init's in-place initializers as no-ops: fake tensors hold no values anyway,
    and some (trunc_normal_) read a value back, which a fake tensor cannot give."""
    names = [n for n in dir(nn.init) if n.endswith("_") and not n.startswith("_")]
    saved = {n: getattr(nn.init, n) for n in names}
    try:
        for name in names:
            setattr(nn.init, name, lambda tensor, *args, **kwargs: tensor)
        yield
    finally:
        for name, function in saved.items():
            setattr(nn.init, name, function)


def _build(factory: Callable[[], nn.Module], fake: FakeTensorMode):
    try:
        with fake, _no_weight_init():
            return factory()  # parameters are fake from the start: no memory, no init compute
    except Exception:  # it needs real values while building (e.g. .item()): build it for real
        return factory()


def build_fake_model(factory: Callable[[], nn.Module] | nn.Module, fake: FakeTensorMode):
    """(model, {name: fake tensor}) for its parameters and buffers."""
    model = factory if isinstance(factory, nn.Module) else _build(factory, fake)
    if not isinstance(model, nn.Module):
        raise TorchImportError(f"the factory returned {type(model).__name__}, not an nn.Module")
    state = dict(model.named_parameters())
    state.update(model.named_buffers())
    for name, tensor in state.items():
        if not isinstance(tensor, torch._subclasses.FakeTensor):
            converted = fake.from_tensor(tensor)
            converted.requires_grad_(tensor.requires_grad)
            state[name] = converted
    return model, state


def optimizer_state(params: dict[str, torch.Tensor], optimizer: str) -> dict[str, torch.Tensor]:
    names = ("exp_avg", "exp_avg_sq") if optimizer == "adam" else ("momentum_buffer",)
    return {f"{slot}.{name}": torch.zeros_like(p, requires_grad=False)
            for name, p in params.items() for slot in names}


def optimizer_step(params, grads, state, optimizer: str, lr: float = 1e-3) -> None:
    """One step of torch's single-tensor Adam (step 1) or SGD with momentum, in place."""
    beta1, beta2, eps, momentum = 0.9, 0.999, 1e-8, 0.9
    for name, param in params.items():
        grad = grads.get(name)
        if grad is None:
            continue
        if optimizer == "adam":
            exp_avg, exp_avg_sq = state[f"exp_avg.{name}"], state[f"exp_avg_sq.{name}"]
            exp_avg.lerp_(grad, 1 - beta1)
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            denom = (exp_avg_sq.sqrt() / (1 - beta2) ** 0.5).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-lr / (1 - beta1))
        else:
            buffer = state[f"momentum_buffer.{name}"]
            buffer.mul_(momentum).add_(grad)
            param.add_(buffer, alpha=-lr)


DROPOUTS = ("fused", "eager")


@contextmanager
def _dropout_kernels(dropout: str):
    """``aten::dropout`` as CUDA's ATen runs it while tracing (``fused``): one
    ``native_dropout`` kernel with a one-byte mask (its backward ``native_dropout_backward``),
    whatever the fake tensors' device; ``eager`` keeps this CPU build's decomposition
    (``empty_like``, ``bernoulli_``, ``div_`` and ``mul``: a float mask, 4 bytes an element).

    Why fused by default: the costs are a roofline of a GPU (an A100 unless told), and a
    GPU step holds the one-byte mask; AOTAutograd's graphs (PyTorch's partitioner) have it
    too, and a float mask raises a training step's peak. The override
    is ATen's rule for CUDA (``is_fused_kernel_acceptable``: training, 0 < p < 1, not
    empty; otherwise the input itself, or zeros at p = 1), registered for the trace only.
    """
    if dropout == "eager":
        yield
        return
    library = torch.library.Library("aten", "IMPL")

    def fused(input, p, train):
        if train and 0 < p < 1 and input.numel() > 0:
            return torch.ops.aten.native_dropout.default(input, p, train)[0]
        if train and p == 1:
            return input * torch.zeros((), dtype=input.dtype, device=input.device)
        return input

    with warnings.catch_warnings():  # "overriding a previously registered kernel"
        warnings.simplefilter("ignore")
        library.impl("dropout", fused, "CompositeImplicitAutograd")
    try:
        yield
    finally:
        library._destroy()


def trace_model(factory, batch: int = 1, mode: str = "infer", optimizer: str = "adam",
                input_shape: tuple[int, ...] | None = None, streams: int = 1,
                dropout: str = "fused", dynamic=()) -> Imported:
    """Trace one inference or training step of the model on fake tensors (dropout as
    ``_dropout_kernels`` says); ``dynamic``: DynamicDims or their ``--dynamic`` text
    (memir.io.torch_dynamic), input dimensions whose sizes stay symbols."""
    if mode not in ("infer", "train"):
        raise TorchImportError(f"unknown mode '{mode}': expected infer or train")
    if dropout not in DROPOUTS:
        raise TorchImportError(f"unknown dropout '{dropout}': expected fused or eager")
    if optimizer not in OPTIMIZERS:
        raise TorchImportError(f"unknown optimizer '{optimizer}': expected adam or sgd")
    from memir.dialects.limits import MAX_BATCH, MAX_IMPORT_STREAMS

    if not (0 < batch <= MAX_BATCH and 0 < streams <= MAX_IMPORT_STREAMS):
        raise TorchImportError(f"--batch must lie in [1, {MAX_BATCH}] and --streams in "
                               f"[1, {MAX_IMPORT_STREAMS}], got {batch} and {streams}")
    dynamic = [d if isinstance(d, DynamicDim) else parse_dynamic(d) for d in dynamic]
    start = time.perf_counter()
    fake = make_fake_mode(bool(dynamic))
    model, state = build_fake_model(factory, fake)
    model.train(mode == "train")
    tokens = first_layer_is_embedding(model)
    shape = (batch, *(input_shape or (TOKEN_SHAPE if tokens else IMAGE_SHAPE)))
    dtype = torch.long if tokens else torch.float32
    dims = resolve_dims(dynamic, shape, tokens) if dynamic else {}
    example, sizes = symbolic_example(fake, shape, dtype, dims) if dims else (None, None)
    recorder = KernelRecorder(sizes)
    with fake, _dropout_kernels(dropout), portable_kernels(bool(dims)):
        if example is None:
            example = torch.empty(shape, dtype=dtype)
        recorder.add_argument(example, "input")
        for name, tensor in state.items():
            recorder.add_argument(tensor, name)
        optimizer_from = None
        if mode == "infer":
            with torch.no_grad(), recorder:
                returned = torch.func.functional_call(model, state, (example,))
            main_output(returned)  # a model that returns no tensor is an error
            # Everything returned lives past the function: results, not temporaries.
            outputs = list(dict.fromkeys(recorder.index(t) for t in output_tensors(returned)))
        else:
            loss, optimizer_from = _trace_training(model, state, example, optimizer, recorder)
            outputs = [recorder.index(loss)]
    if sizes is not None:
        sizes.check_general()
    spread_over_streams(recorder.graph, recorder.mutated, streams,
                        optimizer_from=optimizer_from)
    return Imported(recorder.graph, outputs, recorder.mutated, time.perf_counter() - start,
                    tuple(d.symbol for d in dynamic))


def _trace_training(model, state, example, optimizer: str, recorder) -> tuple[torch.Tensor, int]:
    """The loss, and the index of the first node of the optimizer step."""
    params = {n: state[n] for n, p in model.named_parameters() if p.requires_grad}
    if not params:
        raise TorchImportError("the model has no trainable parameters")
    slots = optimizer_state(params, optimizer)
    for name, tensor in slots.items():
        recorder.add_argument(tensor, name)
    with torch.enable_grad(), recorder:
        logits = main_output(torch.func.functional_call(model, state, (example,)))
    if not logits.is_floating_point() or logits.dim() < 2:
        with torch.enable_grad(), recorder:
            loss = logits.float().square().mean()
    else:
        labels = torch.empty(logits.shape[:-1], dtype=torch.long)
        recorder.add_argument(labels, "labels")
        with torch.enable_grad(), recorder:
            loss = nn.functional.cross_entropy(logits.flatten(0, -2), labels.flatten())
    with recorder:
        grads = torch.autograd.grad(loss, list(params.values()), allow_unused=True)
        optimizer_from = len(recorder.graph.nodes)
        with torch.no_grad():
            optimizer_step(params, dict(zip(params, grads)), slots, optimizer)
    return loss, optimizer_from


def import_model(factory, **options) -> str:
    """Graph IR text for a model (or a factory returning one); options as trace_model."""
    imported = trace_model(factory, **options)
    return graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated,
                       symbols=imported.symbols)


_TORCHVISION_SCHEMAS = None  # kept alive: the definitions live as long as this Library


def allow_torchvision_models() -> None:
    """Let ``import torchvision`` succeed when its C++ ops cannot load beside this torch.

    PyPI's torchvision is a CUDA build; beside the CPU torch its ``_C`` library fails to
    load and the import dies registering fake kernels for ``torchvision::nms``. Defining
    the two schemas it needs lets the pure-Python parts (the models) load.
    """
    if "torchvision" in sys.modules:
        return
    spec = importlib.util.find_spec("torchvision")
    if spec is None or not spec.submodule_search_locations:
        return
    libraries = glob(str(Path(spec.submodule_search_locations[0]) / "_C*.so"))
    try:
        torch.ops.load_library(libraries[0])
        return
    except (IndexError, OSError, RuntimeError):
        pass
    global _TORCHVISION_SCHEMAS
    if _TORCHVISION_SCHEMAS is None:
        _TORCHVISION_SCHEMAS = torch.library.Library("torchvision", "FRAGMENT")
        for op in ("nms", "qnms"):
            _TORCHVISION_SCHEMAS.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold)"
                                        " -> Tensor")


def load_factory(spec: str) -> Callable[[], nn.Module]:
    """``MODULE:FACTORY`` -> the callable (module imported, torchvision made importable)."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise TorchImportError(f"expected MODULE:FACTORY, got '{spec}'")
    allow_torchvision_models()
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.insert(0, "")  # as ``python -m``: modules in the working directory import
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise TorchImportError(f"cannot import '{module_name}': {error}") from None
    except Exception as error:
        raise TorchImportError(f"importing '{module_name}' failed: "
                               f"{type(error).__name__}: {error}") from None
    factory = module
    for part in attribute.split("."):
        factory = getattr(factory, part, None)
        if factory is None:
            raise TorchImportError(f"'{module_name}' has no attribute '{attribute}'")
    if not callable(factory):
        raise TorchImportError(f"'{spec}' is not callable")
    return factory
