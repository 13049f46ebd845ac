"""An example out-of-tree memir pass: counts allocs and prints the number on stderr.

Registered through the ``memir.passes`` entry point in this folder's pyproject.toml.
"""

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import AllocOp


@dataclass(frozen=True)
class CountAllocs(ModulePass):
    """Print how many memir.alloc ops the module has."""

    name = "count-allocs"

    label: str = "allocs"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        count = sum(isinstance(o, AllocOp) for o in op.walk())
        sys.stderr.write(f"{self.label}: {count} allocs\n")
