"""Which ops are the optimizer step, recognised from their kernels and what follows them.

Why one home: ``schedule`` places the updates (``memir.planning.schedule.update_placement``)
and ``rematerialize`` never re-runs them and defers some
(``memir.planning.remat.deferred_updates``); both must agree on which ops they are. The
importer does not mark them, so they are recognised: an op whose kernel is an elementwise
optimizer kernel (``OPTIMIZER_KERNELS``, or any ``_foreach_`` kernel) and all of whose
successors are updates too. An in-place add in the forward pass, which feeds later layers,
is therefore not one. A wrong guess costs time, never memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

OPTIMIZER_KERNELS = frozenset({
    "add", "add_", "addcdiv", "addcdiv_", "addcmul", "addcmul_", "clamp", "clamp_",
    "copy_", "div", "div_", "lerp", "lerp_", "maximum", "maximum_", "mul", "mul_", "neg",
    "neg_", "pow", "pow_", "reciprocal", "reciprocal_", "rsqrt", "sign", "sqrt", "sqrt_",
    "sub", "sub_", "zero_", "fill_",
})


def kernel_base(kind: str) -> str:
    """``aten.add_.Tensor`` -> ``add_``: the name without namespace and overload."""
    parts = kind.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def is_optimizer_kernel(kind: str) -> bool:
    """The kernel is one an optimizer step is made of (elementwise, or a ``_foreach_``)."""
    base = kernel_base(kind)
    return base in OPTIMIZER_KERNELS or base.startswith("_foreach_")


def optimizer_step(kinds: Sequence[str],
                   successors: Callable[[int], Iterable[int]]) -> list[bool]:
    """Per op (in a topological order, ``successors(v)`` all after ``v``): is it part of the
    optimizer step? An optimizer kernel whose successors all are."""
    flags = [False] * len(kinds)
    for v in range(len(kinds) - 1, -1, -1):  # successors first
        flags[v] = is_optimizer_kernel(kinds[v]) and all(flags[s] for s in successors(v))
    return flags


def guess_updates(kinds: Sequence[str], writes: Sequence[Sequence[int]],
                  touches: Sequence[Sequence[int]]) -> list[bool]:
    """Per op (in program order): is it part of the optimizer step? ``writes[i]`` are the
    buffers op i writes (produced or in place), ``touches[i]`` every buffer it reads or
    writes; op v's successors are the later ops touching what v writes."""
    users: dict[int, list[int]] = {}
    for j in range(len(kinds)):
        for b in set(touches[j]):
            users.setdefault(b, []).append(j)

    def successors(v: int) -> Iterable[int]:
        return (j for b in set(writes[v]) for j in users.get(b, ()) if j > v)

    return optimizer_step(kinds, successors)
