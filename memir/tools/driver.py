"""Shared machinery of memir-opt and memir-translate: read, parse, verify, print, write.

Every user-facing failure becomes a ToolError whose text is a short located diagnostic;
``run_tool`` prints it on stderr and returns exit status 1. A Python traceback is shown only
for internal errors and only with ``MEMIR_DEBUG=1``.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from io import StringIO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.printer import Printer
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from memir.dialects import ModuleCheckError, verify_module
from memir.tools.diagnostics import (
    LocatingParser,
    OpError,
    SourceText,
    ToolError,
    first_line,
    op_position,
    parse_error_text,
)


@dataclass
class ParsedChunk:
    module: ModuleOp
    source: SourceText
    op_starts: dict[Operation, int] = field(default_factory=dict)

    def error_at(self, op: Operation | None, message: str) -> ToolError:
        return ToolError(self.source.render(op_position(op, self.op_starts), message), True)


def read_input(path: str | None) -> tuple[str, str]:
    """(text, display name); ``-`` or None reads standard input."""
    if path in (None, "-"):
        return sys.stdin.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    except OSError as error:
        raise ToolError(f"cannot read '{path}': {error.strerror}")
    except UnicodeDecodeError:
        raise ToolError(f"'{path}' is not UTF-8 text")


def split_chunks(text: str, split: bool) -> list[tuple[str, int]]:
    """Chunks separated by ``// -----`` and the line each starts on (0-based offset)."""
    if not split:
        return [(text, 0)]
    chunks, offset = [], 0
    for piece in text.split("// -----"):
        chunks.append((piece, offset))
        offset += piece.count("\n")
    return chunks


def parse_chunk(ctx: Context, text: str, name: str, line_offset: int = 0) -> ParsedChunk:
    source = SourceText(name, text, line_offset)
    parser = LocatingParser(ctx, text, name)
    try:
        module = parser.parse_optional_operation() if text.strip() else None
        if module is None:
            # Empty and comment-only input is an empty module, as in mlir-opt.
            if text.strip() and parser._current_token.kind.name != "EOF":
                parser.raise_error("expected an operation")
            module = ModuleOp([])
        elif not isinstance(module, ModuleOp):
            # A bare list of top-level ops: wrap it in a module, as mlir-opt does.
            ops = [module]
            while (op := parser.parse_optional_operation()) is not None:
                ops.append(op)
            module = ModuleOp(ops)
        if parser._current_token.kind.name != "EOF":
            parser.raise_error("unexpected text after the module")
    except ParseError as error:
        raise ToolError(parse_error_text(error, source), located=True)
    chunk = ParsedChunk(module, source, parser.op_starts)
    if parser.forward_ssa_references:
        raise_undefined_use(chunk, parser.forward_ssa_references)
    return chunk


def raise_undefined_use(chunk: ParsedChunk, undefined: dict) -> None:
    """Point at the first op that uses a value never defined (xDSL names none)."""
    pending = {id(v): f"%{name}" for name, refs in undefined.items() for v in refs.values()}
    for op in chunk.module.walk():
        for operand in op.operands:
            if id(operand) in pending:
                raise chunk.error_at(op, f"use of undefined value {pending[id(operand)]}")
    raise ToolError(f"{chunk.source.name}: error: use of undefined value "
                    + ", ".join(sorted(pending.values())), located=True)


def verify(chunk: ParsedChunk) -> None:
    """Verify every op (structure and its own rules), then module-wide rules.

    The first failing op is reported at its source line.
    """
    for op in chunk.module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as error:
            message = first_line(error).removeprefix("Operation does not verify: ")
            raise chunk.error_at(op, f"'{op.name}' op {message}")
        except ValueError as error:  # xDSL reports some structural breakage this way
            raise chunk.error_at(op, f"'{op.name}' op is malformed: {first_line(error)}")
    try:
        verify_module(chunk.module)
    except ModuleCheckError as error:
        raise chunk.error_at(error.op, first_line(error))


def print_module(module: ModuleOp, generic: bool = False) -> str:
    out = StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(module)
    out.write("\n")
    return out.getvalue()


def write_output(text: str, path: str | None) -> None:
    """Standard output, or a file written atomically (temp file + rename)."""
    if path in (None, "-"):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".memir-", dir=directory)
    except OSError as error:
        raise ToolError(f"cannot write '{path}': {error.strerror}")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as error:
        os.unlink(tmp)
        raise ToolError(f"cannot write '{path}': {error.strerror}")


def run_tool(prog: str, body: Callable[[], int | None]) -> int:
    """Run a tool's body; user errors and internal errors alike end in a short message.

    The cyclic garbage collector is off: IR is a large graph of parent/use cycles that a
    short-lived tool never frees, and scanning it made parsing superlinear.
    """
    gc.disable()
    try:
        return body() or 0
    except ToolError as error:
        sys.stderr.write(f"{error}\n" if error.located else f"{prog}: error: {error}\n")
        return 1
    except OpError as error:
        sys.stderr.write(f"{prog}: error: {error.message}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted\n")
        return 130
    except BrokenPipeError:
        return 1
    except RecursionError:
        sys.stderr.write(f"{prog}: error: input nests too deeply\n")
        return 1
    except Exception as error:  # an internal error: still no traceback for the user
        if os.environ.get("MEMIR_DEBUG"):
            traceback.print_exc()
        sys.stderr.write(
            f"{prog}: internal error: {type(error).__name__}: {first_line(error)}\n"
            f"(set MEMIR_DEBUG=1 to see where)\n"
        )
        return 1
