"""The error a memir pass raises: xDSL's ``PassFailedException`` that knows its op.

Why here, with the dialect: passes must not import ``memir.tools`` (they run under xDSL's own
``PassPipeline`` too), and any driver can point at ``error.op``'s source line. memir-opt
turns it into ``file:line:col: error: <pass>: message``.
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException


class PassError(PassFailedException):
    """A pass cannot go on; ``op`` (if any) is where to point the user."""

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.message = message
        self.op = op
