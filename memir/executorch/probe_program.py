"""Runs probes in ExecuTorch's runtime with their ``out`` buffers poisoned: do they read them?

Why in the runtime: the kernel a ``.pte`` runs is the runtime's (its portable or optimized
library, or a kernel a user registered), not ATen's, and the two differ: ATen's
``max_pool2d_with_indices_backward`` zeroes ``grad_input``, the portable one adds into it.

How: the probes (``memir.executorch.out_probe``) become one small program, one call each.
``PoisonLayout`` places each call's ``out`` tensors over graph inputs of the same bytes,
which the runtime copies into the arena before the calls run. The program runs with those
inputs zero, poisoned and zero again: a call whose results change with the bytes reads its
``out``. One whose zero runs differ, or that cannot be exported, lowered or run, is not
probed (``reads_out`` None); a failing program is split until the failing probes stand alone.
"""

from __future__ import annotations

import math
import time
import warnings
import zlib

import torch

from memir.executorch.out_probe import Input, Probe, Verdict, out_names

ALIGN = 64
FILLS = ("zero", "poison", "zero")  # the bytes of the out buffers in each run


def _given(value, mine):
    if isinstance(value, Input):
        return mine[value.index]
    if isinstance(value, (list, tuple)):
        return type(value)(_given(v, mine) for v in value)
    return value


class _Calls(torch.nn.Module):
    """Every probe's functional call, on the graph inputs after the poisons."""

    def __init__(self, probes: list[Probe]) -> None:
        super().__init__()
        self.probes = probes

    def forward(self, *flat):
        first = sum(len(p.outs) for p in self.probes)
        results = []
        for probe in self.probes:
            mine = flat[first:first + len(probe.inputs)]
            first += len(probe.inputs)
            got = probe.functional(*_given(probe.args, mine),
                                   **{k: _given(v, mine) for k, v in probe.kwargs.items()})
            got = got if isinstance(got, (list, tuple)) else [got]
            results.extend(t for t in got if t is not None)  # a masked output is None
        return tuple(results)


def _reads_of(node: torch.fx.Node) -> list[torch.fx.Node]:
    outs = set(out_names(node.target))
    found: list[torch.fx.Node] = []
    for value in [node.args, *(v for k, v in node.kwargs.items() if k not in outs)]:
        torch.fx.node.map_arg(value, lambda n: found.append(n) or n)
    return found


def _call_of(graph: torch.fx.Graph, probe: Probe, inputs: list, taken: set) -> torch.fx.Node:
    """The call of the probe's kernel that reads the probe's own first input (one without
    inputs: the first call of the kernel that reads no tensor); else an error, so that no
    verdict comes from a call that was not poisoned."""
    calls = [n for n in graph.nodes if n.target is probe.kernel and n not in taken]
    if inputs:
        calls = [n for n in calls if inputs[0] in _reads_of(n)]
    else:
        calls = [n for n in calls if not _reads_of(n)][:1]
    if len(calls) != 1:
        raise RuntimeError(f"{len(calls)} calls of {probe.name} read its inputs")
    return calls[0]


def _out_specs(call: torch.fx.Node) -> list:
    specs = []
    for name in out_names(call.target):
        alloc = call.kwargs.get(name)
        if alloc is not None:
            spec = alloc.meta["spec"]
            specs += list(spec) if isinstance(spec, (list, tuple)) else [spec]
    return specs


class PoisonLayout:
    """The ``memory_planning_algo`` of a probe program: each out tensor at the offset of its
    poison input, everything else on bytes of its own."""

    __name__ = "memir_out_probe"

    def __init__(self, probes: list[Probe]) -> None:
        self.probes = probes

    def pairs(self, graph_module, graph_signature) -> list[tuple[object, object]]:
        """(poison spec, out spec) per out tensor, in probe order."""
        placeholders = {n.name: n for n in graph_module.graph.nodes if n.op == "placeholder"}
        users = [placeholders[name] for name in graph_signature.user_inputs]
        first = sum(len(p.outs) for p in self.probes)
        poisons, taken, pairs = users[:first], set(), []
        for probe in self.probes:
            call = _call_of(graph_module.graph, probe, users[first:first + len(probe.inputs)],
                            taken)
            first += len(probe.inputs)
            taken.add(call)
            specs = _out_specs(call)
            if [_nbytes(s) for s in specs] != probe.outs:
                raise RuntimeError(f"{probe.name} writes out tensors of "
                                   f"{[_nbytes(s) for s in specs]} bytes, not {probe.outs}")
            pairs += [(poisons[len(pairs)].meta["spec"], spec) for spec in specs]
        return pairs

    def __call__(self, alignment, specs, graph_module, graph_signature=None,
                 extra_padding=0) -> list[int]:
        offsets, cursor = {}, 0
        for poison, out in self.pairs(graph_module, graph_signature):
            offsets[id(poison)] = offsets[id(out)] = cursor
            cursor += _aligned(max(poison.allocated_memory, out.allocated_memory))
        for spec in specs:
            if id(spec) not in offsets:
                offsets[id(spec)] = cursor
                cursor += _aligned(spec.allocated_memory)
        for spec in specs:
            spec.mem_id, spec.mem_offset = 1, offsets[id(spec)]
        return [0, cursor + extra_padding]


def _nbytes(spec) -> int:
    return math.prod(spec.shape) * spec.dtype.itemsize


def _aligned(size: int) -> int:
    return max(ALIGN, -(-int(size) // ALIGN) * ALIGN)


def _value(shape, dtype: torch.dtype, generator: torch.Generator) -> torch.Tensor:
    if dtype.is_floating_point:
        return torch.randn(shape, generator=generator).to(dtype)
    if dtype == torch.bool:
        return torch.rand(shape, generator=generator) < 0.5
    return torch.zeros(shape, dtype=dtype)  # a valid index, class or count


def _poison(fill: str, size: int, generator: torch.Generator) -> torch.Tensor:
    """Zero bytes, or poison: runs of four 0xFF bytes (NaN in every float format; -1 in
    integers) between runs of four random bytes (values of any sign and size)."""
    if fill == "zero":
        return torch.zeros(size, dtype=torch.uint8)
    padded = -(-size // 8) * 8
    poison = torch.randint(0, 256, (padded,), dtype=torch.uint8, generator=generator)
    poison.view(-1, 8)[:, :4] = 0xFF
    return poison[:size]


def _method(probes: list[Probe], example: list[torch.Tensor]):
    """The loaded method, and what must stay alive while it runs."""
    from executorch.exir import EdgeCompileConfig, ExecutorchBackendConfig, to_edge
    from executorch.exir.passes import MemoryPlanningPass
    from executorch.exir.tracer import _default_decomposition_table
    from executorch.runtime import Runtime

    exported = torch.export.export(_Calls(probes), tuple(example), strict=False)
    table = _default_decomposition_table()  # ops passes add after to_edge (zeros) stay whole
    edge = EdgeCompileConfig(preserve_ops=list({p.functional for p in probes
                                                if p.functional in table}))
    planning = MemoryPlanningPass(PoisonLayout(probes))
    config = ExecutorchBackendConfig(memory_planning_pass=planning, remove_view_copy=False)
    buffer = to_edge(exported, compile_config=edge).to_executorch(config).buffer
    program = Runtime.get().load_program(buffer)  # reads the bytes in place: keep both
    return program.load_method("forward"), (buffer, program)


def _as_bytes(t: torch.Tensor) -> torch.Tensor:
    return t.detach().clone().contiguous().reshape(-1).view(torch.uint8)


def _bytes_of(probe: Probe) -> tuple[list[torch.Tensor], dict[str, list[torch.Tensor]]]:
    """The probe's inputs and its out bytes per fill, drawn from a generator seeded by the
    probe alone: its verdict does not depend on the probes beside it."""
    seed = zlib.crc32(f"{probe.name}|{probe.dtypes}|{probe.inputs}|{probe.outs}".encode())
    generator = torch.Generator().manual_seed(seed)
    inputs = [_value(shape, dtype, generator) for shape, dtype in probe.inputs]
    return inputs, {fill: [_poison(fill, size, generator) for size in probe.outs]
                    for fill in dict.fromkeys(FILLS)}


def _runs(probes: list[Probe]) -> list[list[torch.Tensor]]:
    """Every output's bytes, per run of ``FILLS``."""
    drawn = [_bytes_of(p) for p in probes]
    inputs = [t for mine, _ in drawn for t in mine]
    poisons = {fill: [t for _, outs in drawn for t in outs[fill]] for fill in FILLS}
    method, _alive = _method(probes, poisons["zero"] + inputs)
    return [[_as_bytes(t) for t in method.execute(poisons[fill] + inputs)] for fill in FILLS]


def _same(a: list[torch.Tensor], b: list[torch.Tensor]) -> bool:
    return len(a) == len(b) and all(torch.equal(x, y) for x, y in zip(a, b))


def _verdicts(probes: list[Probe], runs, seconds: float) -> list[Verdict]:
    verdicts, first = [], 0
    for probe in probes:
        zero, *poisoned, again = [run[first:first + len(probe.outs)] for run in runs]
        first += len(probe.outs)
        share = seconds / len(probes)
        if not _same(zero, again):
            verdicts.append(Verdict(probe.name, probe.dtypes, None, share,
                                    "two runs on the same bytes differ"))
        else:
            reads = any(not _same(zero, other) for other in poisoned)
            verdicts.append(Verdict(probe.name, probe.dtypes, reads, share))
    return verdicts


def _registered() -> set[str] | None:
    """The kernels registered in the runtime now (a user may register more at any time)."""
    try:
        from executorch.extension.pybindings.portable_lib import _get_operator_names
    except ImportError:  # pragma: no cover - depends on the ExecuTorch build
        return None
    return set(_get_operator_names())


def run_probes(probes: list[Probe]) -> list[Verdict]:
    """One verdict per probe, in order (module doc). A kernel the runtime does not have is
    not probed (the program could not run; nor can the user's)."""
    registered = _registered()
    if registered is None:
        return _run(probes)
    missing = {id(p) for p in probes if p.name not in registered}
    ran = iter(_run([p for p in probes if id(p) not in missing]))
    return [Verdict(p.name, p.dtypes, None, 0.0, "no kernel registered in the runtime")
            if id(p) in missing else next(ran) for p in probes]


def _run(probes: list[Probe]) -> list[Verdict]:
    if not probes:
        return []
    started = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            runs = _runs(probes)
        return _verdicts(probes, runs, time.perf_counter() - started)
    except Exception as error:  # any failure to build or run: split, or give up on it
        if len(probes) > 1:
            half = len(probes) // 2
            return _run(probes[:half]) + _run(probes[half:])
        why = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        return [Verdict(probes[0].name, probes[0].dtypes, None,
                        time.perf_counter() - started, why)]
