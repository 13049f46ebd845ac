"""bufferize: tensor-valued compute ops become allocs plus buffer-form compute ops.

Each tensor result gets a ``memir.alloc`` of its byte size (from the tensor type) right
before its producer; a ``workspace N`` becomes an alloc used only by that op ([Multi-stream reuse]'s
self-loop tensor, §2). Function arguments (weights, inputs) become unplanned
``!memir.buf`` arguments; buffers returned from a function are marked ``external`` (not
planned) unless ``plan-outputs=true``. Operands a compute op updates in place
(``writes(%x)``) stay in ``ins`` and are listed in ``outs`` too, after the new results:
the buffer-level IR shows every write. Record/wait ops stay: they are zero-size ordering
edges. Upstream tensor programs are one-shot-bufferize's: a function of upstream ops only
(or any, in a module without memir ops) is left as it is, and an upstream op that reads a
tensor argument bufferize would make a buffer is an error at that op. A symbolic size
(``memir.sizes``, as the importer writes it for ``?`` tensors) gives a symbolic alloc.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    ModuleOp,
    TensorType,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import BlockArgument
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, BufferType, ComputeOp, PassError
from memir.dialects.spaces import ARG_BYTES_ATTR
from memir.dialects.type_sizes import shaped_bytes
from memir.dialects.xdsl_internals import set_block_args
from memir.model.symbolic import Poly, SymbolicSyntaxError, parse_poly
from memir.passes.support.options import ALIGNMENT, check_bounds, option

BUFFER = BufferType()
SIZES_ATTR = "memir.sizes"
"""A compute's result byte sizes, one polynomial text per result (memir/io/graph_ir.py)."""


def tensor_bytes(tensor: TensorType, op) -> int:
    """The tensor's byte size, or a PassError at ``op`` saying why it has none."""
    if any(d < 0 for d in tensor.get_shape()):
        raise PassError(f"cannot bufferize a dynamically shaped tensor {tensor} without its "
                        f"byte size ({SIZES_ATTR} = [\"128*seq\"], one per result)", op)
    size = shaped_bytes(tensor.get_shape(), tensor.element_type)
    if size is None:
        raise PassError(f"element type {tensor.element_type} has no known byte size", op)
    return size


@dataclass(frozen=True)
class Bufferize(ModulePass):
    """Tensor compute ops -> memir.alloc buffers and ins/outs compute ops."""

    name = "bufferize"
    preserves: ClassVar = frozenset()  # tensor ops become buffer ops: the program changes

    alignment: int = option(64, "the alignment of every new buffer, in bytes (a power of "
                            "two)", ALIGNMENT)
    plan_outputs: bool = option(False, "plan the buffers a function returns too (else "
                                "they are external)")

    def check_options(self) -> None:
        check_bounds(self)
        if self.alignment & (self.alignment - 1):
            raise PassError(f"alignment must be a power of two, got {self.alignment}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        # Decided before any rewrite: once its producer is bufferized, a result-less op
        # on that producer's tensor reads a buffer but still has its ``writes`` to turn
        # into outs.
        todo, functions, memir_functions, other_functions = [], [], set(), set()
        for o in op.walk():  # one walk: a training step is tens of thousands of ops
            if isinstance(o, ComputeOp):
                if not o.is_buffer_form:
                    todo.append(o)
            elif isinstance(o, func.FuncOp):
                functions.append(o)
            if o.name.startswith("memir."):
                memir_functions.add(_function_of(o))
            elif not o.name.startswith(("func.", "builtin.")):
                other_functions.add(_function_of(o))
        # A function of upstream ops only (tensors before one-shot-bufferize), or any in a
        # module without memir ops, is not memir's to bufferize: its tensors stay tensors.
        functions = [f for f in functions if f in memir_functions
                     or (memir_functions and f not in other_functions)]
        arg_bytes = [_argument_bytes(f) for f in functions]  # before any is retyped
        for function in functions:
            _buffer_arguments(function)
        for compute in todo:
            self._bufferize_compute(compute)
        for function, sizes in zip(functions, arg_bytes):
            self._retype_function(function)
            _note_argument_bytes(function, sizes)

    def _bufferize_compute(self, compute: ComputeOp) -> None:
        outputs = []
        sizes = symbolic_sizes(compute)
        for k, result in enumerate(compute.results):
            if not isinstance(result.type, TensorType):
                raise PassError(f"result type {result.type} is not a tensor", compute)
            if sizes is not None and not sizes[k].is_constant:
                alloc = AllocOp.symbolic(sizes[k], self.alignment)
            else:
                alloc = AllocOp.sized(max(tensor_bytes(result.type, compute), 1),
                                      self.alignment)
            alloc.result.name_hint = result.name_hint
            Rewriter.insert_op(alloc, InsertPoint.before(compute))
            outputs.append(alloc.result)
        workspaces = []
        if compute.workspace is not None and compute.workspace.data > 0:
            ws = AllocOp.sized(compute.workspace.data, self.alignment)
            ws.result.name_hint = "ws"
            Rewriter.insert_op(ws, InsertPoint.before(compute))
            workspaces.append(ws.result)
        inputs = [
            Rewriter.replace_value_with_new_type(v, BUFFER) if isinstance(v.type, TensorType)
            else v
            for v in compute.inputs
        ]  # tensor inputs left are function arguments: they become unplanned buffers
        for i in compute.written_indices:  # in-place updates: read and written
            if inputs[i] not in outputs:
                outputs.append(inputs[i])
        compute.to_buffer_form(inputs, outputs, workspaces)

    def _retype_function(self, function: func.FuncOp) -> None:
        body = function.body.blocks.first
        if body is None:
            return
        outputs = []
        for ret in [o for o in function.walk() if isinstance(o, func.ReturnOp)]:
            outputs = [v.type for v in ret.arguments]
            for value in ret.arguments:
                owner = value.owner
                if isinstance(owner, AllocOp) and not self.plan_outputs:
                    owner.properties["external"] = UnitAttr()
        inputs = [a.type for a in body.args]
        function.function_type = FunctionType.from_lists(inputs, outputs or
                                                         list(function.function_type.outputs))


def symbolic_sizes(compute: ComputeOp) -> list[Poly] | None:
    """The compute's ``memir.sizes`` (taken off the op), one per result; None without."""
    attr = compute.attributes.pop(SIZES_ATTR, None)
    if attr is None:
        return None
    texts = [a.data for a in attr.data] if isinstance(attr, ArrayAttr) and all(
        isinstance(a, StringAttr) for a in attr.data) else None
    if texts is None or len(texts) != len(compute.results):
        raise PassError(f"{SIZES_ATTR} must be an array of {len(compute.results)} size "
                        "strings, one per result", compute)
    try:
        return [parse_poly(text) for text in texts]
    except SymbolicSyntaxError as error:
        raise PassError(f"{SIZES_ATTR}: {error.message}", compute) from None


def _buffer_arguments(function: func.FuncOp) -> None:
    """Tensor arguments become unplanned ``!memir.buf`` arguments, all in one go.

    What ``Rewriter.replace_value_with_new_type`` does per argument, but with the block's
    argument tuple rebuilt once: per argument, that is quadratic in their number (a
    training step's weights and optimizer states run to thousands). The tuple is private
    (``xdsl_internals.set_block_args``), as it is to the Rewriter."""
    body = function.body.blocks.first
    if body is None or not any(isinstance(a.type, TensorType) for a in body.args):
        return
    args = []
    for arg in body.args:
        if isinstance(arg.type, TensorType):
            _check_memir_uses(arg)
            new = BlockArgument(BUFFER, body, arg.index)
            new.name_hint = arg.name_hint
            arg.replace_all_uses_with(new)
            arg = new
        args.append(arg)
    set_block_args(body, tuple(args))


def _check_memir_uses(arg: BlockArgument) -> None:
    """A PassError at the first op outside memir and func that uses ``arg``: it would read
    a ``!memir.buf`` where its tensor was."""
    for use in arg.uses:
        user = use.operation
        if not user.name.startswith(("memir.", "func.")):
            raise PassError(f"'{user.name}' reads the tensor argument %{arg.name_hint or arg.index}"
                            ", which bufferize makes a !memir.buf: bufferize makes buffers of "
                            "memir.compute graphs; upstream tensor ops are one-shot-bufferize's "
                            "(mlir-opt -one-shot-bufferize, then memref-to-memir)", user)


def _function_of(op) -> func.FuncOp | None:
    while op is not None and not isinstance(op, func.FuncOp):
        op = op.parent_op()
    return op


def _argument_bytes(function: func.FuncOp) -> list[int | None]:
    body = function.body.blocks.first
    return [shaped_bytes(a.type.get_shape(), a.type.element_type)
            if isinstance(a.type, TensorType) else None
            for a in (body.args if body is not None else ())]


def _note_argument_bytes(function: func.FuncOp, arg_bytes: list[int | None]) -> None:
    """``{memir.bytes = N}`` on each argument that was a static tensor: a ``!memir.buf``
    argument has no size of its own, and assign-spaces needs it to copy the argument (a
    weight) into fast memory."""
    if not any(arg_bytes):
        return
    old = function.arg_attrs.data if function.arg_attrs is not None else [None] * len(arg_bytes)
    attrs = []
    alone: dict[int | None, DictionaryAttr] = {}  # {memir.bytes = N} by N: weights share sizes
    for size, before in zip(arg_bytes, old):
        if before is None or not before.data:
            if size not in alone:
                alone[size] = DictionaryAttr(
                    {ARG_BYTES_ATTR: IntegerAttr(size, 64)} if size else {})
            attrs.append(alone[size])
            continue
        entries = dict(before.data)
        if size:
            entries[ARG_BYTES_ATTR] = IntegerAttr(size, 64)
        attrs.append(DictionaryAttr(entries))
    function.properties["arg_attrs"] = ArrayAttr(attrs)
