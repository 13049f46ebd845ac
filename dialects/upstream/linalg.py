"""linalg as MLIR 22 prints it: xDSL 0.74's ops, and ``structured.StructuredOp`` for the rest.

xDSL's ``linalg.matmul`` drops its ``indexing_maps`` when printed (a transposed matmul would
print as a plain one), and its ``linalg.reduce`` does not read MLIR's short form
(``linalg.reduce { arith.addf } ins(...)``), so both are read by the structured definition
too. Every name xDSL does not define reads through the same definition
(``named_op``), registered on demand by the context (memir/tools/registry.py).
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import linalg
from xdsl.dialects.linalg import ops as linalg_ops
from xdsl.ir import Dialect
from xdsl.irdl import OpDef, traits_def

from memir.dialects.upstream.structured import StructuredOp

REPLACED = frozenset({"linalg.matmul", "linalg.reduce"})


class IndexOp(linalg_ops.IndexOp):
    """``linalg.index`` in any linalg op's body (xDSL allows it in linalg.generic only;
    MLIR's bufferization writes it in linalg.map too)."""

    traits = traits_def()

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _INDEX_DEF

    def verify_(self) -> None:
        _INDEX_DEF.verify(self)


_INDEX_DEF = replace(linalg_ops.IndexOp.get_irdl_definition(), traits=traits_def())


def named_op(name: str) -> type[StructuredOp]:
    return StructuredOp.named(name)


def dialect() -> Dialect:
    ops = [IndexOp if op.name == IndexOp.name else op
           for op in linalg.Linalg.operations if op.name not in REPLACED]
    ops += [named_op(name) for name in sorted(REPLACED)]
    return Dialect("linalg", ops, list(linalg.Linalg.attributes))
