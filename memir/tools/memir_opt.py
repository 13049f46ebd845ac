"""memir-opt: parse memir IR, run a pass pipeline, print the result.

    memir-opt graph.mlir --pass-pipeline='builtin.module(bufferize,assign-layout)'
    memir-opt graph.mlir -p 'bufferize,assign-layout{strategy=exact time-limit=10}'

Reads a file or standard input (``-`` or no file), writes standard output or ``-o FILE``
(atomically). Any failure prints a located diagnostic on stderr and exits with status 1.
"""

from __future__ import annotations

from memir.tools import signals

# First, so that a signal during the imports below ends the run as one later would.
if signals.run_as_program(__name__, "memir-opt"):
    signals.install("memir-opt")

import argparse
import sys
import time
from collections.abc import Sequence

from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.exceptions import DiagnosticException, PassFailedException, VerifyException

from memir import progress
from memir.dialects import xdsl_patches
from memir.tools.diagnostics import ToolError, first_line
from memir.tools.driver import (
    ToolArgumentParser,
    leave_to_exit,
    parse_chunk,
    print_module,
    read_input,
    run_tool,
    split_chunks,
    verify,
    write_output,
)
from memir.tools.expected_diagnostics import check, expectations
from memir.tools.pipeline import build_pipeline
from memir.tools.registry import all_passes, external_passes, make_context, pass_listing


def make_parser(passes: dict | None) -> argparse.ArgumentParser:
    """The argument parser; ``passes`` (for --help only) fills the pass listing."""
    parser = ToolArgumentParser(
        prog="memir-opt",
        description="Run memir passes over memir IR (an mlir-opt for memory planning).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=pass_listing(passes) if passes is not None else None,
    )
    parser.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    parser.add_argument("-o", "--output-file", default=None, help="output file (atomic write)")
    parser.add_argument("-p", "--passes", default=None, help="xDSL form: 'a,b{x=1 y=2}'")
    parser.add_argument(
        "--pass-pipeline", default=None, help="MLIR form: 'builtin.module(a,b{x=1 y=2})'"
    )
    parser.add_argument("--split-input-file", action="store_true",
                        help="process each '// -----' chunk on its own")
    parser.add_argument("--verify-diagnostics", action="store_true",
                        help="check '// expected-error {{...}}' annotations (as mlir-opt); "
                             "exit 1 on a mismatch")
    parser.add_argument("--print-diagnostics", action="store_true",
                        help="print each chunk's diagnostic on stdout and exit 0 (for "
                             "FileCheck tests that check the column too)")
    parser.add_argument("--print-ir-after-all", action="store_true",
                        help="print the IR on stderr after every pass")
    parser.add_argument("--print-op-generic", "--mlir-print-op-generic", action="store_true", help="generic op syntax")
    parser.add_argument("--time-passes", action="store_true", help="seconds per pass on stderr")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="one updating line on stderr while a pass runs past "
                             f"{progress.SHOW_AFTER:g} s (default: when stderr is a terminal)")
    parser.add_argument("--allow-unregistered-dialect", action="store_true")
    return parser


def run_passes(chunk, pipeline: Sequence[ModulePass], ctx, args) -> None:
    """Run the pipeline through xDSL's PassPipeline; between passes the callback times,
    invalidates analyses, verifies, and prints the IR when asked. As MLIR's pass manager
    does, it does not verify again after a pass that preserves every analysis (one that
    only reads or annotates): on a 20k-buffer module a verification costs seconds."""
    from memir.passes.support.analysis_manager import manager, preserved_by, preserves_all

    state = {"running": pipeline[0] if pipeline else None, "start": time.perf_counter()}
    timings = ctx.pass_timings

    def between(previous: ModulePass | None, module, following: ModulePass | None) -> None:
        if previous is not None:
            timings.append((previous.name, time.perf_counter() - state["start"]))
            preserved = preserved_by(previous)
            manager(ctx).invalidate(preserved)
            if not preserves_all(preserved):  # as MLIR: such a pass changed nothing
                verify(chunk)
            if args.print_ir_after_all:
                sys.stderr.write(f"// -----// IR Dump After {previous.name} //----- //\n"
                                 + print_module(module, args.print_op_generic))
        state["running"] = following
        state["start"] = time.perf_counter()
        if following is not None:
            progress.begin(following.name)

    if pipeline:
        progress.begin(pipeline[0].name)
    try:
        PassPipeline(tuple(pipeline), between).apply(ctx, chunk.module)
    except PassFailedException as error:
        name = state["running"].name if state["running"] is not None else "pipeline"
        message = getattr(error, "message", None) or first_line(error)
        raise chunk.error_at(getattr(error, "op", None), f"{name}: {message}")
    except (DiagnosticException, VerifyException) as error:
        name = state["running"].name if state["running"] is not None else "pipeline"
        raise chunk.error_at(None, f"{name}: {first_line(error)}")
    finally:
        progress.end()


def warn_about(plugin_problems: list[str]) -> None:
    for problem in plugin_problems:
        sys.stderr.write(f"memir-opt: warning: {problem}\n")


def plugins() -> dict:
    """Passes of installed plug-ins (for a pipeline naming a pass memir does not ship)."""
    found, problems = external_passes()
    warn_about(problems)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # run as a program: a signal ends it (signals.py)
        signals.install("memir-opt")
    xdsl_patches.apply()  # the tool opts into memir's fixes to xDSL (xdsl_patches.py)
    try:
        status = run_tool("memir-opt", lambda: _main(argv))
    finally:
        progress.disable()
    if argv is None:  # run as a program (the console script, python -m)
        leave_to_exit()
    return status


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    wants_help = any(a in ("-h", "--help") for a in argv)
    # The pass listing and the plug-ins' entry points cost start-up time: load them only
    # for --help or when the pipeline names a pass memir does not ship.
    passes, plugin_problems = all_passes(plugins=wants_help)
    args = make_parser(passes if wants_help else None).parse_args(argv)
    warn_about(plugin_problems)
    if progress.wanted(args.progress):
        progress.enable()
    if args.passes is not None and args.pass_pipeline is not None:
        raise ToolError("give either -p or --pass-pipeline, not both")
    if args.verify_diagnostics and args.print_diagnostics:
        raise ToolError("give either --verify-diagnostics or --print-diagnostics, not both")
    pipeline = build_pipeline(args.pass_pipeline or args.passes or "", passes, plugins)
    text, name = read_input(args.input)
    outputs: list[str] = []
    timings: list[tuple[str, float]] = []
    mismatches: list[str] = []
    for chunk_text, line_offset in split_chunks(text, args.split_input_file):
        ctx = make_context()  # a fresh analysis cache per module
        ctx.allow_unregistered = args.allow_unregistered_dialect
        diagnostic = None
        try:
            chunk = parse_chunk(ctx, chunk_text, name, line_offset)
            verify(chunk)
            run_passes(chunk, pipeline, ctx, args)
            outputs.append(print_module(chunk.module, args.print_op_generic) + chunk.trailer())
        except ToolError as error:
            if not (args.verify_diagnostics or args.print_diagnostics):
                raise
            diagnostic = str(error) if error.located else f"{name}: error: {error}"
            if args.print_diagnostics:
                outputs.append(f"{diagnostic}\n")
        finally:
            timings.extend(ctx.pass_timings)
        if args.verify_diagnostics:
            mismatches += check(name, expectations(chunk_text, line_offset), diagnostic)
    if args.time_passes:
        for pass_name, seconds in timings:
            sys.stderr.write(f"{pass_name}: {seconds:.4f} s\n")
    if mismatches:
        raise ToolError("\n".join(mismatches), located=True)
    write_output("// -----\n".join(outputs), args.output_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
