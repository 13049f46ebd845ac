"""memir-translate: the door in and out of memir IR, as mlir-translate is for MLIR.

    memir-translate --import-minimalloc A.csv > a.mlir       # buffers with lifetimes
    memir-translate --export-minimalloc planned.mlir > planned.csv
    memir-translate --export-json planned.mlir > plan.json
    memir-translate --import-torch torchvision.models:resnet18 --batch 1 --mode infer
    memir-translate --import-torch my_models:tiny_lm --dynamic seq=1..2048   # symbolic sizes

Reads a file or standard input, writes standard output or ``-o FILE`` (atomically).
"""

from __future__ import annotations

from memir.tools import signals

# First, so that a signal during the imports below ends the run as one later would.
if signals.run_as_program(__name__, "memir-translate"):
    signals.install("memir-translate")

import argparse
import logging
import sys
from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr

from memir.dialects import xdsl_patches
from memir.tools.diagnostics import SourceText, ToolError
from memir.tools.driver import (
    ToolArgumentParser,
    leave_to_exit,
    parse_chunk,
    read_input,
    run_tool,
    verify,
    write_output,
)
from memir.tools.registry import make_context


def make_parser() -> argparse.ArgumentParser:
    parser = ToolArgumentParser(
        prog="memir-translate",
        description="Translate between memir IR and other formats.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--import-minimalloc", action="store_true",
                      help="MiniMalloc CSV (id,lower,upper,size[,alignment][,offset]) -> IR")
    mode.add_argument("--export-minimalloc", action="store_true",
                      help="planned IR -> the CSV rows with an offset column")
    mode.add_argument("--export-json", action="store_true", help="planned IR -> JSON plan")
    mode.add_argument("--import-torch", metavar="MODULE:FACTORY",
                      help="PyTorch model (FACTORY() returns it) -> graph IR; needs memir[torch]")
    parser.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    parser.add_argument("-o", "--output-file", default=None)
    torch = parser.add_argument_group("--import-torch options")
    torch.add_argument("--batch", type=int, default=1)
    torch.add_argument("--mode", choices=("infer", "train"), default="infer")
    torch.add_argument("--optimizer", choices=("adam", "sgd"), default="adam")
    torch.add_argument("--input-shape", default=None,
                       help="example input shape without batch, e.g. 3x224x224 or 128")
    torch.add_argument("--streams", type=int, default=1, help="spread the graph over N streams")
    torch.add_argument("--dropout", choices=("fused", "eager"), default="fused",
                       help="dropout as a GPU runs it (native_dropout, one-byte mask; the "
                            "default) or as this CPU build's eager kernels (a float mask)")
    torch.add_argument("--dynamic", action="append", default=[],
                       metavar="[DIM:]NAME=LO..HI[:DIV]",
                       help="a dimension of the example input as a size symbol NAME in "
                            "[LO, HI] (HI may be inf; :DIV: multiples of DIV only), as "
                            "torch.export's Dim; sizes become polynomials of it. DIM counts "
                            "from the batch (0); default: 1, the sequence, for token models "
                            "(first layer an embedding), else 0, the batch (also for a NAME "
                            "of batch). Repeatable. e.g. --dynamic seq=1..2048")
    return parser


def read_module(text: str, name: str):
    chunk = parse_chunk(make_context(), text, name)
    verify(chunk)
    return chunk


def import_minimalloc(path: str) -> str:
    from memir.io.minimalloc import CsvError, read_csv
    from memir.io.plan_io import problem_to_ir

    text, name = read_input(path)
    try:
        table = read_csv(text, name)
    except CsvError as error:
        raise ToolError(SourceText(name, text).render(line_start(text, error.line),
                                                      error.message), located=True)
    return problem_to_ir(table.problem, table.ids, table.header)


def line_start(text: str, line: int) -> int:
    """Character offset of the 1-based ``line``."""
    pos = 0
    for _ in range(line - 1):
        found = text.find("\n", pos)
        if found < 0:
            return len(text)
        pos = found + 1
    return pos


def export_rows(path: str, as_json: bool) -> str:
    from memir.dialects import PlanAttr
    from memir.io.plan_io import rows_to_csv, rows_to_json
    from memir.passes.support.bridge import PLAN_ATTR as PLAN

    text, name = read_input(path)
    found = plain_alloc_rows(text, name)
    if found is None:
        found = program_rows(read_module(text, name))
    rows, module = found
    columns, plan = module.attributes.get("memir.csv_columns"), module.attributes.get(PLAN)
    if columns is not None:
        if not (isinstance(columns, ArrayAttr)
                and all(isinstance(c, StringAttr) for c in columns.data)):
            raise ToolError(f"{name}: error: the module's memir.csv_columns must be an array "
                            "of strings", located=True)
        columns = [c.data for c in columns.data]
    if plan is not None and not isinstance(plan, PlanAttr):
        raise ToolError(f"{name}: error: the module's {PLAN} must be a #memir.plan",
                        located=True)
    return rows_to_json(rows, plan) if as_json else rows_to_csv(rows, columns)


def plain_alloc_rows(text: str, name: str):
    """(rows, module header) of a module of plain planned allocs, from its text
    (memir/tools/alloc_export.py); None for anything else."""
    from memir.tools.alloc_export import alloc_rows

    found = alloc_rows(text)
    if found is None:
        return None
    rows, header_text = found
    try:
        header = read_module(header_text, name)
    except ToolError:
        return None  # the full path reports it, located in the whole text
    module = header.module
    if not isinstance(module, ModuleOp) or module.body.block.first_op is not None:
        return None
    return rows, module


UPSTREAM_ALLOCS = ("memref.alloc", "memref.alloca", "memref.view")


def program_rows(chunk):
    """(rows, module) of any verified module, through its program: every buffer must
    have an offset."""
    from memir.dialects import PassError
    from memir.dialects.program import read_program
    from memir.passes.support.bridge import plan_rows

    try:
        prog = read_program(chunk.module)
        rows = plan_rows(prog.data, prog.ir)
    except PassError as error:
        raise chunk.error_at(error.op, error.message)
    missing = next((i for i, row in enumerate(rows) if row["offset"] is None), None)
    if missing is not None:
        raise chunk.error_at(prog.ir.allocs[missing],
                             "buffer has no offset: run assign-layout first")
    unplanned = None if rows else next(
        (op for op in chunk.module.walk() if op.name in UPSTREAM_ALLOCS), None)
    if unplanned is not None:  # an upstream program, or one memir-to-memref lowered
        raise chunk.error_at(unplanned, "nothing to export: the module holds no memir.alloc; "
                             "plan it first (memref-to-memir, assign-layout) and export "
                             "before memir-to-memref")
    return rows, chunk.module


def import_torch(args) -> str:
    """What ``memir-translate --import-torch MODULE:FACTORY`` prints: the importer's IR, or
    one line saying why the model could not be imported or traced."""
    try:
        from memir.io.torch import TorchImportError, import_model, load_factory, parse_shape
        from memir.io.torch_dynamic import DynamicShapeError, parse_dynamic
    except ImportError as error:
        raise ToolError(f"--import-torch needs PyTorch: pip install 'memir[torch]' ({error})")
    spec = args.import_torch
    # A failing meta kernel is also logged by torch with a full traceback; the one-line
    # error below says the same, so the command line keeps to one screen.
    fake_log = logging.getLogger("torch._subclasses.fake_tensor")
    saved_level = fake_log.level
    fake_log.setLevel(logging.CRITICAL)
    try:
        shape = parse_shape(args.input_shape) if args.input_shape else None
        dynamic = [parse_dynamic(text) for text in args.dynamic]
        factory = load_factory(spec)
        return import_model(factory, batch=args.batch, mode=args.mode,
                            optimizer=args.optimizer, input_shape=shape, streams=args.streams,
                            dropout=args.dropout, dynamic=dynamic)
    except (TorchImportError, DynamicShapeError) as error:
        raise ToolError(str(error)) from None
    except Exception as error:  # a model that does not trace: say which and why, briefly
        message = str(error).strip().splitlines()[0] if str(error).strip() else ""
        text = f"tracing '{spec}' failed: {type(error).__name__}: {message}"
        raise ToolError(text[:400]) from None
    finally:
        fake_log.setLevel(saved_level)


def main(argv: Sequence[str] | None = None) -> int:
    def body() -> int:
        args = make_parser().parse_args(argv)
        if args.import_minimalloc:
            out = import_minimalloc(args.input)
        elif args.export_minimalloc or args.export_json:
            out = export_rows(args.input, args.export_json)
        else:
            out = import_torch(args)
        write_output(out, args.output_file)
        return 0

    if argv is None:  # run as a program: a signal ends it (signals.py)
        signals.install("memir-translate")
    xdsl_patches.apply()  # the tool opts into memir's fixes to xDSL (xdsl_patches.py)
    status = run_tool("memir-translate", body)
    if argv is None:  # run as a program (the console script, python -m)
        leave_to_exit()
    return status


if __name__ == "__main__":
    sys.exit(main())
