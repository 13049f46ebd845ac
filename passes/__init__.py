"""memir's passes (importable as memir.passes). ``PASSES`` is what memir-opt registers.

Each pass is a frozen dataclass whose fields are its options. It reads the IR into plain
data through the one reader (dialects/program.py), takes analyses from the cache
(passes/support/analyses.py), calls an algorithm from memir.analysis / memir.planning /
memir.verify, and writes the result back through the bridge (passes/support/bridge.py).
Every module here is a pass; what passes share lives in passes/support. See
docs/writing-a-pass.md.

Modules load on first use (``PASS_MODULES`` names them), so that memir-opt starts without
importing every pass: a pipeline loads the passes it names, ``--help`` loads them all.
"""

from importlib import import_module

PASS_MODULES: dict[str, tuple[str, str]] = {  # pass name -> (module, class), in help order
    "bufferize": ("bufferize", "Bufferize"),
    "schedule": ("schedule", "Schedule"),
    "rematerialize": ("rematerialize", "Rematerialize"),
    "stream-safety": ("stream_safety", "StreamSafety"),
    "render-tile-chunks": ("render_tile_chunks", "RenderTileChunks"),
    "assign-spaces": ("assign_spaces", "AssignSpaces"),
    "assign-layout": ("assign_layout", "AssignLayout"),
    "verify-layout": ("verify_layout", "VerifyLayout"),
    "materialize-arena": ("materialize_arena", "MaterializeArena"),
    "report": ("report", "Report"),
    "check-execution": ("check_execution", "CheckExecution"),
    "memref-to-memir": ("memref_to_memir", "MemrefToMemir"),
    "memir-to-memref": ("memir_to_memref", "MemirToMemref"),
}
_CLASSES = {cls: module for module, cls in PASS_MODULES.values()}


def load_pass(name: str) -> type:
    module, cls = PASS_MODULES[name]
    return getattr(import_module(f"memir.passes.{module}"), cls)


def __getattr__(attr: str):
    if attr == "PASSES":
        return [load_pass(name) for name in PASS_MODULES]
    if attr in _CLASSES:
        return getattr(import_module(f"memir.passes.{_CLASSES[attr]}"), attr)
    raise AttributeError(f"module 'memir.passes' has no attribute '{attr}'")
