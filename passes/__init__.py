"""memir's passes (importable as memir.passes). ``PASSES`` is what memir-opt registers.

Each pass is a frozen dataclass whose fields are its options. It reads the IR into plain
data (passes/ir_model.py), calls an algorithm from memir.analysis / memir.planning /
memir.verify, and writes the result back. See README "Writing a pass".
"""

from memir.passes.bufferize import Bufferize

PASSES: list = [Bufferize]
