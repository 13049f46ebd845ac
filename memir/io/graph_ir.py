"""Plain-data Graph -> graph-level memir IR text (what the PyTorch importer emits).

Text, not ops: it is the cheapest way to build a large module, and the output is checked
by parsing it (tests do). Graph inputs become function arguments; each node becomes one
``memir.compute`` in tensor form. A view or in-place result (``alias_of``) is not a new
tensor: its uses read the tensor it aliases, and a node whose outputs are all aliases
becomes a result-less compute that uses its inputs. A tensor a node writes in place
(``mutated``: ``Tensor(a!)`` arguments in the PyTorch schema) is listed in the node's
``writes(...)``, so that bufferize puts it in ``outs``. Event edges become record/wait pairs.
A dynamic-shape import declares its size symbols on the function (``memir.symbols``), types
its tensors with ``?`` dimensions, and gives each compute's result byte sizes as
polynomials (``memir.sizes = ["128*seq"]``), which bufferize reads.
"""

from __future__ import annotations

import math

from memir.analysis.graph import Graph
from memir.model.symbolic import Poly, Symbol
from memir.model.text import string_literal, unique_name

SIZES_ATTR = "memir.sizes"
"""A compute's result byte sizes (polynomial text, one per result) where one is symbolic."""

_DTYPES = {
    "float32": "f32", "float": "f32", "float64": "f64", "double": "f64", "float16": "f16",
    "half": "f16", "bfloat16": "bf16", "int64": "i64", "long": "i64", "int32": "i32",
    "int": "i32", "int16": "i16", "int8": "i8", "uint8": "i8", "bool": "i1",
}
_BYTES = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2, "i8": 1,
          "i1": 1}


def tensor_type(size: int, shape: tuple[int, ...] | None, dtype: str | None,
                sym_size: Poly | None = None) -> str:
    """A static tensor type of exactly ``size`` bytes (falls back to bytes as i8); with a
    symbolic size, its shape with ``?`` for each dynamic dimension (``tensor<?xi8>``)."""
    element = _DTYPES.get((dtype or "").removeprefix("torch."))
    if sym_size is not None:
        if element is None or not shape:
            return "tensor<?xi8>"
        return "tensor<" + "".join("?x" if d < 0 else f"{d}x" for d in shape) + element + ">"
    if element is not None and shape is not None and all(d >= 0 for d in shape):
        if math.prod(shape) * _BYTES[element] == size:
            return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"
    return f"tensor<{max(size, 0)}xi8>"


def graph_to_ir(graph: Graph, outputs: list[int] | None = None, name: str = "main",
                mutated: list[list[int]] | None = None, symbols: tuple[Symbol, ...] = ()
                ) -> str:
    """Graph IR text; ``mutated[i]`` lists the tensors node ``i`` writes in place;
    ``symbols``: the size symbols the tensors' ``sym_size`` use."""
    def root(t: int) -> int:
        while graph.tensors[t].alias_of is not None:
            t = graph.tensors[t].alias_of
        return t

    used: set[str] = set()
    names: dict[int, str] = {}
    types: dict[int, str] = {}
    for t, tensor in enumerate(graph.tensors):
        if tensor.alias_of is None:
            names[t] = unique_name(tensor.name, used)
            types[t] = tensor_type(tensor.size, tensor.shape, tensor.dtype, tensor.sym_size)
    args = [t for t, tensor in enumerate(graph.tensors)
            if tensor.alias_of is None and tensor.producer is None]
    results = [root(t) for t in (outputs or [])]
    returns = ", ".join(types[t] for t in results)  # as the func printer writes them
    returns = "" if not results else f" -> {returns}" if len(results) == 1 else \
        f" -> ({returns})"
    declared = (f" attributes {{memir.symbols = #memir.symbols<"
                f"{', '.join(map(str, symbols))}>}}" if symbols else "")
    lines = [
        f"func.func @{name}("
        + ", ".join(f"%{names[t]}: {types[t]}" for t in args)
        + f"){returns}{declared} {{"
    ]
    streams = sorted({n.stream for n in graph.nodes} | {0})
    multi = len(streams) > 1 or bool(graph.deps)
    if multi:
        lines += [f"  %s{s} = memir.stream {s}" for s in streams]
    records: dict[int, list[int]] = {}
    waits: dict[int, list[int]] = {}
    for k, (a, b) in enumerate(graph.deps):
        records.setdefault(a, []).append(k)
        waits.setdefault(b, []).append(k)
    for i, node in enumerate(graph.nodes):
        on = f" on %s{node.stream}" if multi else ""
        for k in waits.get(i, []):
            lines.append(f"  memir.wait %ev{k}{on}")
        ins = list(dict.fromkeys(names[root(t)] for t in node.inputs))
        outs = [t for t in node.outputs if graph.tensors[t].alias_of is None]
        # In-place results are uses of their source; an alias of one of this node's own
        # new outputs (a kernel returning one tensor twice) is just that output.
        own = {root(t) for t in outs}
        ins += [names[root(t)] for t in node.outputs
                if graph.tensors[t].alias_of is not None and root(t) not in own
                and names[root(t)] not in ins]
        written = [names[root(t)] for t in (mutated[i] if mutated else ())
                   if root(t) not in own]
        ins += [n for n in dict.fromkeys(written) if n not in ins]
        written_set = set(written)
        writes = ", ".join(f"%{n}" for n in ins if n in written_set)  # in operand order
        kernel = string_literal(node.kernel.replace('"', "'"))  # escaped as the printer does
        ws = (f" writes({writes})" if writes else "") + (
            f" workspace {node.workspace}" if node.workspace else "")
        operands = ", ".join(f"%{n}" for n in ins)
        costs = [f"{key} = {value} : i64" for key, value in
                 (("flops", node.flops), ("bytes", node.bytes_moved), ("seed", node.seed))
                 if value is not None]
        if any(graph.tensors[t].sym_size is not None for t in outs):
            sizes = ", ".join(string_literal(str(_byte_size(graph.tensors[t]))) for t in outs)
            costs.append(f"{SIZES_ATTR} = [{sizes}]")
        attrs = f" {{{', '.join(costs)}}}" if costs else ""
        if outs:
            lhs = ", ".join(f"%{names[t]}" for t in outs)
            rtypes = ", ".join(types[t] for t in outs)
            rtypes = rtypes if len(outs) == 1 else f"({rtypes})"
            lines.append(f'  {lhs} = memir.compute {kernel}{on} ({operands}){ws} : {rtypes}'
                         f"{attrs}")
        else:
            lines.append(f'  memir.compute {kernel}{on} ({operands}){ws} : (){attrs}')
        for k in records.get(i, []):
            lines.append(f"  %ev{k} = memir.record{on}")
    if results:
        lines.append("  func.return " + ", ".join(f"%{names[t]}" for t in results) + " : "
                     + ", ".join(types[t] for t in results))
    else:
        lines.append("  func.return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _byte_size(tensor) -> Poly | int:
    return tensor.sym_size if tensor.sym_size is not None else tensor.size
