"""Recomputation priced as Inductor runs it: an op Inductor fuses costs only the results it
must write, those a kernel it cannot fuse into reads.

Why: ``rematerialize`` prices a recomputation with a roofline over the op's FLOPs and the
bytes it reads and writes (memir.planning.remat.cost). Inductor generates one kernel for a
chain of pointwise ops and reductions, so a recomputed one reads its operands inside that
kernel; only its results read by a kernel of their own (a convolution, a matmul, their
backwards, a returned value) are written. Priced by the roofline, memir recomputed
convolutions where PyTorch recomputes batch norm's chain; priced at arithmetic alone (as
PyTorch's default estimator prices fusible ops), it recomputed results that convolutions
read many times over; both steps were slower than PyTorch's (docs/torch-compile.md). Which
ops fuse is PyTorch's own partitioner's list (``get_default_op_list().is_fusible``, less
its compute-intensive ops).
"""

from __future__ import annotations

from torch._functorch.partitioners import get_default_op_list

from memir.torch.joint import JointProgram


def price_fused(program: JointProgram) -> int:
    """Each graph node whose FX node Inductor fuses moves only the bytes of its results that
    an unfused kernel reads; the number of nodes so priced (an op with no cost keeps none:
    it is never recomputed)."""
    ops = get_default_op_list()
    graph = program.graph
    fused = [source is not None and source.op == "call_function" and ops.is_fusible(source)
             and not ops.is_compute_intensive(source) for source in program.source]
    readers = _readers(graph)
    returned = set(program.outputs) | {graph.tensors[t].alias_of for t in program.outputs}
    priced = 0
    for index, node in enumerate(graph.nodes):
        if not fused[index] or node.bytes_moved is None:
            continue
        node.bytes_moved = sum(
            graph.tensors[t].size for t in node.outputs
            if graph.tensors[t].alias_of is None  # a view writes nothing
            and (t in returned or any(not fused[r] for r in readers[t])))
        priced += 1
    return priced


def _readers(graph) -> list[set[int]]:
    """Per tensor, the nodes reading it or a view of it."""
    readers = [set(t.consumers) for t in graph.tensors]
    for tensor in graph.tensors:
        if tensor.alias_of is not None:
            readers[tensor.alias_of].update(tensor.consumers)
    return readers
