"""memir-opt: parse memir IR, run a pass pipeline, print the result.

    memir-opt graph.mlir --pass-pipeline='builtin.module(bufferize,assign-layout)'
    memir-opt graph.mlir -p 'bufferize,assign-layout{strategy=exact time-limit=10}'

Reads a file or standard input (``-`` or no file), writes standard output or ``-o FILE``
(atomically). Any failure prints a located diagnostic on stderr and exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from memir.tools.diagnostics import OpError, ToolError, first_line
from memir.tools.driver import (
    parse_chunk,
    print_module,
    read_input,
    run_tool,
    split_chunks,
    verify,
    write_output,
)
from memir.tools.pipeline import build_pipeline, option_help
from memir.tools.registry import all_passes, make_context


def pass_listing(passes: dict) -> str:
    lines = ["passes (options in {}, defaults shown):"]
    for name in sorted(passes):
        cls = passes[name]()
        summary = first_line((cls.__doc__ or "").strip() or name, 90)
        options = option_help(cls)
        lines.append(f"  {name}{'{' + options + '}' if options else ''}")
        lines.append(f"      {summary}")
    return "\n".join(lines)


def make_parser(passes: dict) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memir-opt",
        description="Run memir passes over memir IR (an mlir-opt for memory planning).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=pass_listing(passes),
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
                        help="print diagnostics on stdout and exit 0 (for tests)")
    parser.add_argument("--print-op-generic", action="store_true", help="generic op syntax")
    parser.add_argument("--time-passes", action="store_true", help="seconds per pass on stderr")
    parser.add_argument("--allow-unregistered-dialect", action="store_true")
    return parser


def run_passes(chunk, pipeline: Sequence[ModulePass], ctx, timings: list) -> None:
    from memir.passes.common import pass_timings

    pass_timings.clear()
    for pass_ in pipeline:
        start = time.perf_counter()
        try:
            pass_.apply(ctx, chunk.module)
        except OpError as error:
            raise chunk.error_at(error.op, f"{pass_.name}: {error.message}")
        except (DiagnosticException, VerifyException) as error:
            raise chunk.error_at(None, f"{pass_.name}: {first_line(error)}")
        seconds = time.perf_counter() - start
        pass_timings.append((pass_.name, seconds))
        timings.append((pass_.name, seconds))
        verify(chunk)


def main(argv: Sequence[str] | None = None) -> int:
    return run_tool("memir-opt", lambda: _main(argv))


def _main(argv: Sequence[str] | None) -> int:
    passes, plugin_problems = all_passes()
    args = make_parser(passes).parse_args(argv)
    for problem in plugin_problems:
        sys.stderr.write(f"memir-opt: warning: {problem}\n")

    def body() -> int:
        if args.passes is not None and args.pass_pipeline is not None:
            raise ToolError("give either -p or --pass-pipeline, not both")
        pipeline = build_pipeline(args.pass_pipeline or args.passes or "", passes)
        ctx = make_context()
        ctx.allow_unregistered = args.allow_unregistered_dialect
        text, name = read_input(args.input)
        outputs: list[str] = []
        timings: list[tuple[str, float]] = []
        for chunk_text, line_offset in split_chunks(text, args.split_input_file):
            try:
                chunk = parse_chunk(ctx, chunk_text, name, line_offset)
                verify(chunk)
                run_passes(chunk, pipeline, ctx, timings)
                outputs.append(print_module(chunk.module, args.print_op_generic))
            except ToolError as error:
                if not args.verify_diagnostics:
                    raise
                outputs.append(f"{error}\n")
        if args.time_passes:
            for pass_name, seconds in timings:
                sys.stderr.write(f"{pass_name}: {seconds:.4f} s\n")
        write_output("// -----\n".join(outputs), args.output_file)
        return 0

    return body()


if __name__ == "__main__":
    sys.exit(main())
