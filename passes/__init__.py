"""memir's passes (importable as memir.passes). ``PASSES`` is what memir-opt registers.

Each pass is a frozen dataclass whose fields are its options. It reads the IR into plain
data through the one bridge (passes/bridge.py), takes analyses from the cache
(passes/analyses.py), calls an algorithm from memir.analysis / memir.planning /
memir.verify, and writes the result back through the bridge. See README "Writing a pass".
"""

from memir.passes.assign_layout import AssignLayout
from memir.passes.bufferize import Bufferize
from memir.passes.check_execution import CheckExecution
from memir.passes.materialize_arena import MaterializeArena
from memir.passes.memir_to_memref import MemirToMemref
from memir.passes.memref_to_memir import MemrefToMemir
from memir.passes.render_tile_chunks import RenderTileChunks
from memir.passes.report import Report
from memir.passes.schedule import Schedule
from memir.passes.stream_safety import StreamSafety
from memir.passes.verify_layout import VerifyLayout

PASSES: list = [Bufferize, Schedule, StreamSafety, RenderTileChunks, AssignLayout, VerifyLayout,
                MaterializeArena, Report, CheckExecution, MemrefToMemir, MemirToMemref]
