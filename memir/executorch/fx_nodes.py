"""What an FX node of an ExecuTorch program touches: its tensor specs, the storages behind
them, and which of its arguments it writes. Shared by the reorder and the IR dump."""

from __future__ import annotations

import operator

import torch
from executorch.exir import memory

from memir.executorch.specs import view_base

NAMING_ONLY = (operator.getitem, memory.view)  # their result is a storage written elsewhere
FIXED_NODES = ("placeholder", "get_attr", "output")  # never moved, never a step


def specs_of(value) -> list:
    """The tensor specs of a node (its ``meta["spec"]``, flattened)."""
    spec = value.meta.get("spec") if isinstance(value, torch.fx.Node) else None
    if spec is None:
        return []
    flat = spec if isinstance(spec, (list, tuple)) else [spec]
    return [s for s in flat if hasattr(s, "allocated_memory")]


def storage_root(spec):
    """The spec that owns ``spec``'s storage: through views (``_ViewSpec._base``) and
    ``storage_base`` links."""
    seen = set()
    while id(spec) not in seen:
        seen.add(id(spec))
        base = view_base(spec)
        if base is not None:
            spec = base
            continue
        if spec.storage_base is None:
            return spec
        spec = spec.storage_base
    return spec


def written_args(node: torch.fx.Node) -> set[str]:
    """Names of the arguments the node's operator writes (``Tensor(a!)``: ``out`` buffers,
    in-place inputs)."""
    schema = getattr(node.target, "_schema", None)
    if schema is None:
        return set()
    return {a.name for a in schema.arguments
            if a.alias_info is not None and a.alias_info.is_write}


def nodes_in(value) -> list[torch.fx.Node]:
    """The FX nodes inside an argument (lists, tuples and dicts included)."""
    found: list[torch.fx.Node] = []
    torch.fx.node.map_arg(value, lambda n: found.append(n) or n)
    return found


def is_alloc(node: torch.fx.Node) -> bool:
    return node.op == "call_function" and node.target is memory.alloc


def accesses(node: torch.fx.Node):
    """(role, arg node, spec) for everything the node touches: written arguments as
    "write", other arguments as "read", and its own result as "write", except for
    ``getitem`` and views, which only name a storage another node wrote."""
    written = written_args(node)
    schema = getattr(node.target, "_schema", None)
    names = [a.name for a in schema.arguments] if schema is not None else []
    named = [(names[k] if k < len(names) else "", v) for k, v in enumerate(node.args)]
    for name, value in named + list(node.kwargs.items()):
        role = "write" if name in written else "read"
        for arg in nodes_in(value):
            for spec in specs_of(arg):
                yield role, arg, spec
    if node.target not in NAMING_ONLY:
        for spec in specs_of(node):
            yield "write", node, spec
    else:
        for spec in specs_of(node):
            yield "read", node, spec


def kernel_name(target) -> str:
    """``ns::name.overload`` of an operator, else the callable's name."""
    schema = getattr(target, "_schema", None)
    if schema is None:
        return getattr(target, "__name__", str(target))
    overload = schema.overload_name
    return f"{schema.name}.{overload}" if overload else schema.name
