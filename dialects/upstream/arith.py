"""xDSL 0.74's arith dialect, with ``arith.trunci``'s overflow flags as MLIR 22 has them.

MLIR 22 gave ``arith.trunci`` an ``overflowFlags`` property (``#arith.overflow<none>`` in
generic form, omitted in custom form when none); xDSL 0.74's definition refuses it. The
subclass accepts it and keeps it; everything else is xDSL's.
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import arith
from xdsl.ir import Dialect
from xdsl.irdl import AnyAttr, OpDef, OptPropertyDef
from xdsl.utils.exceptions import VerifyException


class TruncIOp(arith.TruncIOp):
    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _TRUNCI_DEF

    def verify_(self) -> None:
        _TRUNCI_DEF.verify(self)
        source, result = self.input.type, self.result.type
        if not result.width.data < source.width.data:  # xDSL's own rule, as it states it
            raise VerifyException("Destination bit-width must be smaller than the input "
                                  "bit-width")


_BASE = arith.TruncIOp.get_irdl_definition()
_TRUNCI_DEF = replace(_BASE, properties={**_BASE.properties,
                                          "overflowFlags": OptPropertyDef(AnyAttr())})


def dialect() -> Dialect:
    ops = [TruncIOp if op.name == TruncIOp.name else op for op in arith.Arith.operations]
    return Dialect("arith", ops, list(arith.Arith.attributes))
