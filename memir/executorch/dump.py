"""A planned ExecuTorch program as memir IR, so memir's tools can check the plan it ships.

Why: ExecuTorch's runtime checks no overlap, so a user who wants to see or prove a plan
needs it in a form ``memir-opt`` reads. ``program_ir`` writes one memory id of a planned
program (whatever planner made it) as buffer-level memir IR; then
``memir-opt program.mlir -p 'verify-layout,check-execution,report'`` proves the offsets
safe under memir's own liveness (never wider than ExecuTorch's), runs the program on a
shadow arena, and prints the arena and the bound.
"""

from __future__ import annotations

import torch

from memir.executorch.fx_nodes import (FIXED_NODES, NAMING_ONLY, accesses, is_alloc,
                                       kernel_name, nodes_in, specs_of, storage_root)
from memir.executorch.out_reading import out_readers
from memir.executorch.specs import lifetime_of
from memir.model.lifetimes import live_peak
from memir.model.text import string_literal, unique_name


class _Writer:
    def __init__(self, mem_id: int) -> None:
        self.mem_id = mem_id
        self.names: set[str] = set()  # SSA names taken
        self.value: dict[int, str] = {}  # id(root) -> SSA name
        self.arguments: list[str] = []
        self.body: list[str] = []
        self.arena = 0
        self.roots: list = []

    def planned(self, root) -> bool:
        return root.mem_id == self.mem_id and root.mem_offset is not None

    def use(self, spec, hint: str) -> str:
        root = storage_root(spec)
        if id(root) in self.value:
            return self.value[id(root)]
        name = unique_name(hint, self.names)
        self.value[id(root)] = name
        if self.planned(root):
            self.roots.append(root)
            size = int(root.allocated_memory)
            self.arena = max(self.arena, int(root.mem_offset) + size)
            self.body.append(f"    %{name} = memir.alloc {size} align {int(root.alignment)} "
                             f"offset {int(root.mem_offset)} id {string_literal(hint)}")
        else:
            self.arguments.append(f"%{name}: !memir.buf")
        return name

    def compute(self, kernel: str, ins: list[str], outs: list[str]) -> None:
        ins, outs = list(dict.fromkeys(ins)), list(dict.fromkeys(outs))
        listed = (", ".join(f"%{v}" for v in values) for values in (ins, outs))
        self.body.append(f"    memir.compute {string_literal(kernel)} ins({next(listed)}) "
                         f"outs({next(listed)})")


def _accesses(node: torch.fx.Node, writer: _Writer) -> tuple[list[str], list[str]]:
    ins: list[str] = []
    outs: list[str] = []
    for role, arg, spec in accesses(node):
        (outs if role == "write" else ins).append(writer.use(spec, arg.name))
    return ins, outs


def _fixed_order_bound(roots: list) -> int:
    """The largest sum of live bytes at one node, by ExecuTorch's lifetimes: what no plan of
    this program order goes below."""
    timed = [(int(r.allocated_memory), lifetime) for r in roots
             if (lifetime := lifetime_of(r)) is not None]
    return live_peak([size for size, _ in timed], [lower for _, (lower, _) in timed],
                     [upper for _, (_, upper) in timed])


# Storages planned in the memory id (views share their root's) are memir.alloc ops at the
# program's offset, allocated right before their first use; other storages (constants,
# other memory ids, unplanned inputs) are function arguments. An "input" compute writes
# the planned graph inputs first, an "output" compute reads the outputs last; every other
# node is one memir.compute named after its kernel, in program order, reading its read
# arguments and writing its written ones (out buffers, in-place inputs).
def program_ir(graph_module: torch.fx.GraphModule, mem_id: int = 1,
               name: str = "forward") -> str:
    """Memory id ``mem_id`` of a planned program as memir IR text (module doc)."""
    writer = _Writer(mem_id)
    inputs = [writer.use(s, n.name) for n in graph_module.graph.nodes
              if n.op == "placeholder" for s in specs_of(n) if writer.planned(storage_root(s))]
    if inputs:
        writer.compute("input", [], inputs)
    readers = out_readers(graph_module)  # probed in ExecuTorch's runtime (out_reading)
    for node in graph_module.graph.nodes:
        if node.op in FIXED_NODES or is_alloc(node) or node.target in NAMING_ONLY:
            continue  # an alloc, a view or a getitem runs nothing
        ins, outs = _accesses(node, writer)
        if node in readers:
            ins += outs  # it reads its out buffer: an update in place
        writer.compute(kernel_name(node.target), ins, outs)
    output = next(n for n in graph_module.graph.nodes if n.op == "output")
    results = [writer.use(s, a.name) for a in nodes_in(output.args) for s in specs_of(a)]
    writer.compute("output", results, [])
    bound = _fixed_order_bound(writer.roots)
    status = "optimal" if writer.arena == bound else "heuristic"
    plan = (f"#memir.plan<arena {writer.arena}, bound {bound}, strategy \"executorch mem_id "
            f"{mem_id}\", status \"{status}\", seconds 0.0>")
    lines = [f"builtin.module attributes {{memir.plan = {plan}}} {{",
             f"  func.func @{name}({', '.join(writer.arguments)}) {{", *writer.body,
             "    func.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def dump_ir(program, path: str | None = None, method: str = "forward", mem_id: int = 1) -> str:
    """``program_ir`` of one method of an ``ExecutorchProgramManager``; written to ``path``
    when given. Returns the text."""
    text = program_ir(program.exported_program(method).graph_module, mem_id, method)
    if path is not None:
        from pathlib import Path

        from memir.files import write_atomically

        write_atomically(path, lambda tmp: Path(tmp).write_text(text))
    return text
