"""Recomputation and saving priced as Inductor runs them: an op Inductor fuses costs only
the results it must write, those a kernel it cannot fuse into reads.

Why: ``rematerialize`` prices a recomputation with a roofline over the op's FLOPs and bytes
(memir.planning.remat.cost). Inductor generates one kernel for a pointwise chain, so a
recomputed op of it reads its operands inside that kernel and writes only what a kernel of
its own reads (a convolution, a matmul, their backwards, a returned value); a reduction
runs a loop of its own and keeps its roofline. Priced by the roofline, memir recomputed
convolutions where PyTorch recomputes batch norm's chain (docs/torch-compile.md). Saving
costs too: a fused forward result the backward reads is written in the forward, which
recomputing it in the backward spares (``Step.held``). Which ops fuse is PyTorch's own
partitioner's list (``get_default_op_list().is_fusible``, less its compute-intensive ops).
"""

from __future__ import annotations

import math

from torch._functorch.partitioners import get_default_op_list

from memir.torch.joint import JointProgram


def price_fused(program: JointProgram) -> dict[int, int]:
    """Each graph node whose FX node Inductor fuses moves only the bytes of its results that
    an unfused kernel reads (an op with no cost keeps none: it is never recomputed). A
    forward node is recomputed for the backward, so only the backward's unfused kernels
    count there: a ReLU that a max pool reads, recomputed for its own backward, is fused
    into it and never written. Returns, per fused node, the bytes of the results no unfused
    kernel reads: Inductor writes those only where the node runs in the forward and the
    backward reads them (``Step.held``)."""
    ops = get_default_op_list()
    graph = program.graph
    fused = [source is not None and source.op == "call_function" and ops.is_fusible(source)
             and not ops.is_compute_intensive(source) for source in program.source]
    readers = _readers(graph)
    returned = set(program.outputs) | {graph.tensors[t].alias_of for t in program.outputs}
    held = {}
    for index, node in enumerate(graph.nodes):
        if not fused[index] or node.bytes_moved is None or _reduces(graph, node):
            continue
        later = index > program.boundary
        made = [t for t in node.outputs if graph.tensors[t].alias_of is None]  # views: none
        written = [t for t in made if t in returned or any(not fused[r] for r in readers[t])]
        node.bytes_moved = sum(graph.tensors[t].size for t in made if t in returned or any(
            not fused[r] and (later or r > program.boundary) for r in readers[t]))
        held[index] = sum(graph.tensors[t].size for t in made if t not in written)
    return held


def _reduces(graph, node) -> bool:
    """A result with fewer elements than an operand: Inductor runs a reduction in a loop of
    its own (it fuses its operands' chain into it, not it into its readers), so a
    recomputed one reads its operands again; it keeps its roofline."""
    def elements(t):
        shape = graph.tensors[t].shape
        return None if shape is None else math.prod(shape)

    made = [elements(t) for t in node.outputs]
    read = [elements(t) for t in node.inputs]
    return None not in made + read and bool(read) and max(made, default=0) < max(read)


def _readers(graph) -> list[set[int]]:
    """Per tensor, the nodes reading it or a view of it."""
    readers = [set(t.consumers) for t in graph.tensors]
    for tensor in graph.tensors:
        if tensor.alias_of is not None:
            readers[tensor.alias_of].update(tensor.consumers)
    return readers
