"""Kernels that read their ``out`` buffer, found by running them in ExecuTorch's runtime.

The planted kernel (planted_kernel.cpp, compiled here against the ExecuTorch wheel's
headers and runtime library) adds into its ``out`` while eager PyTorch's op copies: only a
probe that runs the runtime's kernel can tell.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from et_programs import WithLoss, eager_grads, export, lower, max_grad_error, train_step, training

import torch  # noqa: E402  (after the skip in et_programs)
from torch import nn  # noqa: E402

import memir.executorch as mx  # noqa: E402
from memir.executorch import out_reading, zero_fill  # noqa: E402
from memir.executorch.out_probe import Verdict, out_names  # noqa: E402

MAX_POOL_BACKWARD = ("aten::max_pool2d_with_indices_backward.grad_input",
                     "float32,float32,int64 -> float32")
PLANTED = ("memir_test::accumulate.out", "float32 -> float32")
TOLERANCE = 1e-5

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    """An empty disk cache of this module's own, and empty memory, before and after."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        out_reading.forget()
        yield folder
    out_reading.forget()


@pytest.fixture(scope="module")
def poolnet(cache_dir):
    """PoolNet's training program planned by memir: every kernel probed once."""
    module, inputs = training("poolnet")
    exported = export(module, inputs, train=True)
    planning = mx.memory_planning_pass()
    lower(exported, planning)
    return SimpleNamespace(exported=exported, planning=planning, known=out_reading.known())


def test_the_probe_alone_finds_max_pool_backward(poolnet):
    assert not hasattr(zero_fill, "OUT_READING_KERNELS")  # no list to fall back on
    readers = {key for key, v in poolnet.known.items() if v.reads_out}
    assert readers == {MAX_POOL_BACKWARD}
    assert all(v.reads_out is not None for v in poolnet.known.values())
    for kernel in ("aten::convolution.out", "aten::addmm.out", "aten::relu.out"):
        assert [v.reads_out for (k, _), v in poolnet.known.items() if k == kernel] == [False]
    assert poolnet.planning.zero_fills == 1


def test_verdicts_are_cached_on_disk_and_read_back(poolnet, cache_dir, monkeypatch):
    stored = json.loads((cache_dir / "memir" / "out_reading.json").read_text())
    (entries,) = stored.values()
    assert entries[" | ".join(MAX_POOL_BACKWARD)]["reads_out"] is True
    out_reading.forget()
    monkeypatch.setattr(out_reading, "run_probes", lambda probes: [] if not probes else
                        pytest.fail(f"probed again: {[p.name for p in probes]}"))
    planning = mx.memory_planning_pass()
    lower(poolnet.exported, planning)
    assert planning.zero_fills == 1


def _compile_planted(folder: Path) -> Path:
    compiler = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if compiler is None:
        if os.environ.get("CI"):
            raise RuntimeError("CI must run the planted-kernel test: install a C++ compiler")
        pytest.skip("needs a C++ compiler")
    import executorch.exir

    root = Path(executorch.exir.__file__).resolve().parents[1]
    library = folder / "libplanted_kernel.so"
    subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC",
                    "-DC10_USING_CUSTOM_GENERATED_MACROS", "-DET_EVENT_TRACER_ENABLED",
                    f"-I{root / 'include'}",
                    f"-I{root / 'include/executorch/runtime/core/portable_type/c10'}",
                    str(Path(__file__).with_name("planted_kernel.cpp")), f"-L{root / 'lib'}",
                    "-lexecutorch", f"-Wl,-rpath,{root / 'lib'}", "-o", str(library)],
                   check=True, capture_output=True, timeout=120)
    return library


@pytest.fixture(scope="module")
def planted_ops(tmp_path_factory):
    """memir_test::accumulate (copies in eager, adds into out in the runtime) and
    memir_test::unregistered (no kernel in the runtime), both with out variants."""
    ctypes.CDLL(str(_compile_planted(tmp_path_factory.mktemp("kernel"))))
    library = torch.library.Library("memir_test", "FRAGMENT")
    for name in ("accumulate", "unregistered"):
        library.define(f"{name}(Tensor x) -> Tensor")
        library.define(f"{name}.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
        library.impl(name, lambda x: x.clone(), "CompositeExplicitAutograd")
        library.impl(f"{name}.out", lambda x, *, out: out.copy_(x), "CompositeExplicitAutograd")
        torch.library.register_autograd(f"memir_test::{name}", lambda ctx, grad: grad,
                                        lib=library)
    yield library
    library._destroy()


class Planted(nn.Module):
    def __init__(self, op: str) -> None:
        super().__init__()
        self.op = op
        self.a, self.b = nn.Linear(8, 8), nn.Linear(8, 4)

    def forward(self, x):
        return self.b(getattr(torch.ops.memir_test, self.op)(torch.relu(self.a(x))))


def _planted(op: str):
    torch.manual_seed(0)
    return WithLoss(Planted(op)), (torch.randn(4, 8), torch.tensor([0, 1, 2, 3]))


def test_a_planted_kernel_that_adds_into_out_is_found_and_filled(planted_ops, cache_dir):
    module, inputs = _planted("accumulate")
    program = export(module, inputs, train=True)
    want = eager_grads(module, inputs)
    _, second = train_step(lower(program), inputs, calls=2)  # ExecuTorch's plan, no fill
    assert max_grad_error(second, want) > 1e-2
    planning = mx.memory_planning_pass()
    ours = lower(program, planning)
    assert out_reading.known()[PLANTED].reads_out is True
    assert planning.zero_fills == 1
    for grads in train_step(ours, inputs, calls=2):
        assert max_grad_error(grads, want) < TOLERANCE
    stored = (cache_dir / "memir" / "out_reading.json").read_text()
    assert "memir_test" not in stored  # a user's kernel may change: in memory only


def test_a_kernel_that_cannot_be_probed_is_filled_and_named(planted_ops):
    module, inputs = _planted("unregistered")
    planning = mx.memory_planning_pass()
    with pytest.warns(UserWarning, match=r"memir_test::unregistered\.out could not be probed "
                                         r"\(no kernel registered in the runtime\)"):
        lower(export(module, inputs, train=True), planning)
    assert planning.zero_fills == 1


class Split(nn.Module):
    """A list out (split_with_sizes_copy) and calls with three out arguments (layer norm)."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.norm, self.b = nn.Linear(8, 12), nn.LayerNorm(4), nn.Linear(4, 5)

    def forward(self, x):
        p, q, r = self.a(x).split([4, 4, 4], dim=1)
        return self.b(self.norm(torch.relu(p) * q + r))


def test_fills_of_every_kind_of_out_keep_the_gradients(cache_dir, monkeypatch):
    """Every call declared reading (one out tensor, a list out, several out arguments):
    each gets its fills and the program still computes eager's gradients."""
    monkeypatch.setattr(zero_fill, "out_readers", lambda graph_module: {
        node: Verdict(str(node.target), "", True, 0.0) for node in graph_module.graph.nodes
        if node.op == "call_function" and out_names(node.target)})
    torch.manual_seed(0)
    module, inputs = WithLoss(Split()), (torch.randn(3, 8), torch.tensor([1, 2, 0]))
    planning = mx.memory_planning_pass()
    ours = lower(export(module, inputs, train=True), planning)
    kernels = {str(n.target) for n in ours.exported_program().graph_module.graph.nodes}
    assert {"aten.split_with_sizes_copy.out", "aten.native_layer_norm.out"} <= kernels
    assert planning.zero_fills > 20
    want = eager_grads(module, inputs)
    for grads in train_step(ours, inputs, calls=2):
        assert max_grad_error(grads, want) < TOLERANCE


def test_only_programs_that_return_gradients_are_probed():
    def signature(*kinds):
        return SimpleNamespace(output_specs=[SimpleNamespace(kind=SimpleNamespace(name=k))
                                             for k in kinds])

    assert zero_fill.probed(None)
    assert zero_fill.probed(signature("USER_OUTPUT", "GRADIENT_TO_PARAMETER"))
    assert not zero_fill.probed(signature("USER_OUTPUT", "BUFFER_MUTATION"))
