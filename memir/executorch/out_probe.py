"""One kernel call of a program, ready to run on its own: a probe of whether it reads ``out``.

Why from the program's own node: its shapes, dtypes and constant arguments are the ones the
runtime will see, so no argument has to be guessed. A probe holds the kernel's functional
form (``to_executorch`` turns it back into the same out variant), the node's arguments with
each tensor replaced by an ``Input`` of the node's shape and dtype, and the bytes of each
tensor its ``out`` buffers hold. ``memir.executorch.probe_program`` runs probes.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import torch
from torch.fx.node import map_arg

Shaped = tuple[tuple[int, ...], torch.dtype]


@dataclass(frozen=True)
class Verdict:
    """What probing found for one kernel at one dtype signature."""

    kernel: str  # ns::name.overload of the out variant
    dtypes: str  # tensor inputs' dtypes -> each out's dtypes ("-": an out the call masks)
    reads_out: bool | None  # None: not probed (``why`` says why); treated as reading
    seconds: float  # this probe's share of the program that ran it
    why: str = ""


@dataclass(frozen=True)
class Input:
    index: int  # into the probe's own inputs


@dataclass(eq=False)
class Probe:
    """One kernel call to run: ``args``/``kwargs`` hold ``Input`` where a tensor goes."""

    kernel: torch._ops.OpOverload
    name: str
    dtypes: str
    functional: torch._ops.OpOverload
    args: tuple
    kwargs: dict
    inputs: list[Shaped] = field(default_factory=list)
    outs: list[int] = field(default_factory=list)  # bytes of each tensor of the out buffers


def out_names(kernel) -> list[str]:
    schema = getattr(kernel, "_schema", None)
    return [a.name for a in schema.arguments if a.is_out] if schema is not None else []


@functools.cache
def functional_of(kernel: torch._ops.OpOverload) -> torch._ops.OpOverload | None:
    """The functional (else the mutable) overload ExecuTorch turns into ``kernel``."""
    from executorch.exir.operator.convert import to_out_variant

    packet = kernel.overloadpacket
    candidates = [getattr(packet, name) for name in packet.overloads()]
    for candidate in sorted(candidates, key=lambda op: op._schema.is_mutable):
        if candidate is kernel:
            continue
        try:
            if to_out_variant(candidate)[0] is kernel:
                return candidate
        except Exception:  # not a functional form, or no out variant: not this one
            continue
    return None


def _shape_dtype(value) -> Shaped | None:
    if not isinstance(value, torch.fx.Node):
        return None
    meta = value.meta.get("spec")
    if meta is None or isinstance(meta, (list, tuple)):
        meta = value.meta.get("val")
    if not hasattr(meta, "shape") or not hasattr(meta, "dtype"):
        return None
    try:
        return tuple(int(d) for d in meta.shape), meta.dtype
    except TypeError:  # a symbolic size
        return None


def alloc_tensors(alloc) -> list[Shaped] | None:
    """(shape, dtype) of each tensor an ``alloc`` node allocates: ``((shape, dtype),)`` for
    one, ``([(shape, dtype), ...],)`` for a list (``split_copy``'s ``out``)."""
    spec = alloc.args[0] if isinstance(alloc, torch.fx.Node) and alloc.args else None
    many = spec if isinstance(spec, list) else [spec]
    if not all(isinstance(s, tuple) and len(s) == 2 and isinstance(s[1], torch.dtype)
               for s in many):
        return None
    return [(tuple(int(d) for d in shape), dtype) for shape, dtype in many]


def _short(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


def _takes(name: str, op) -> bool:
    return any(a.name == name for a in op._schema.arguments)


def probe_of(node: torch.fx.Node, kernel_name: str) -> Probe | str:
    """The probe of an out-variant call, or why there is none."""
    functional = functional_of(node.target)
    if functional is None:
        return "no functional form to export"
    outs = out_names(node.target)
    inputs: list[Shaped] = []
    unknown: list[str] = []

    def placeholder(arg: torch.fx.Node):
        known = _shape_dtype(arg)
        if known is None:
            unknown.append(arg.name)
            return arg
        inputs.append(known)
        return Input(len(inputs) - 1)

    args = map_arg(node.args, placeholder)
    kwargs = {k: map_arg(v, placeholder) for k, v in node.kwargs.items() if k not in outs}
    written = {n: alloc_tensors(node.kwargs[n]) for n in outs if node.kwargs.get(n) is not None}
    if unknown or not written or None in written.values():
        return f"no static shape for {', '.join(unknown) or 'an out buffer'}"
    tensors = [t for n in outs for t in written.get(n, [])]
    if not any(math.prod(shape) for shape, _ in tensors):
        return "its out buffers hold no bytes"
    dtypes = (",".join(_short(d) for _, d in inputs) + " -> " + ",".join(
        ",".join(_short(d) for _, d in written[n]) if n in written else "-" for n in outs))
    if _takes("dtype", functional) and not _takes("dtype", node.target):
        kwargs["dtype"] = tensors[0][1]  # the out variant takes its dtype from out
    return Probe(node.target, kernel_name, dtypes, functional, args, kwargs, inputs,
                 [math.prod(shape) * dtype.itemsize for shape, dtype in tensors])
