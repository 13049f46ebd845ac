"""The printer every memir tool writes with, before its speed-ups (driver._Printer).

One rule on top of xDSL's: a linalg named op read in custom form has no body (MLIR builds
it from the op's name), and its generic form would need one, so it is written in custom form
even where the generic form is asked for; mlir-opt reads the two forms mixed in one file.
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.printer import Printer


class MlirPrinter(Printer):
    def print_op(self, op: Operation) -> None:
        if self.print_generic_format and getattr(op, "body_missing", False):
            self.print_generic_format = False
            try:
                super().print_op(op)
            finally:
                self.print_generic_format = True
            return
        super().print_op(op)
