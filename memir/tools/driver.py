"""Shared machinery of memir-opt and memir-translate: read, parse, verify, print, write.

Every user-facing failure becomes a ToolError whose text is a short located diagnostic;
``run_tool`` prints it on stderr and returns exit status 1. A Python traceback is shown only
for internal errors and only with ``MEMIR_DEBUG=1``.

Why not a subclass of xDSL's ``xDSLOptMain`` (0.74): its ``__init__`` does the whole set-up
in one go, each step memir does differently: it registers every xDSL dialect (memir only its
own and those it reads: registry.py), exits 2 on a bad command line, patches xDSL for the
whole process on ``--disable-verify`` (memir makes no such change: dialects/xdsl_patches.py),
lets parse errors out as tracebacks, verifies without source positions, fast paths or
memir's module-wide rules, writes output in place rather than atomically, prints with
xDSL's slower printer and parses no memir pass options or plug-ins (pipeline.py). The
private xDSL members used here are reached through dialects/xdsl_internals.py.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from io import StringIO

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i64
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRLexer

from memir.dialects import AllocOp, BufferType, ComputeOp, ModuleCheckError, verify_module
from memir.dialects.fast_path import (
    TENSOR_TYPE,
    ops_to_verify,
    parse_alloc_lines,
    parsed_type,
    verify_op_fast,
)
from memir.dialects.graph_lines import reader_for
from memir.dialects.syntax import string_literal
from memir.dialects.xdsl_internals import (
    LinePrinter,
    ParserHooks,
    current_token,
    parse_alias_def,
    parse_file_metadata,
    resume_from,
)
from memir.files import write_atomically
from memir.tools.diagnostics import (
    LocatingParser,
    OpError,
    SourceText,
    ToolError,
    first_line,
    op_position,
    parse_error_text,
)
from memir.tools.printing import MlirPrinter as Printer  # xDSL's, with MLIR's rules
from memir.tools.resources import (
    VerbatimResourceHandles,
    defined_keys,
    resource_uses,
    split_resources,
)


@dataclass
class ParsedChunk:
    module: ModuleOp
    source: SourceText
    op_starts: dict[Operation, int] = field(default_factory=dict)
    resources: str = ""  # the file's {-# ... #-} sections, verbatim (tools/resources.py)

    def trailer(self) -> str:
        """What follows the printed module: the resource sections as they were read."""
        return f"\n{self.resources}\n" if self.resources else ""

    def error_at(self, op: Operation | None, message: str) -> ToolError:
        return ToolError(self.source.render(op_position(op, self.op_starts), message), True)


class ToolArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad command line is a ToolError (exit 1 like every other user
    error) instead of argparse's ``sys.exit(2)``; the usage line is still shown."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        raise ToolError(message)


def read_input(path: str | None) -> tuple[str, str]:
    """(text, display name); ``-`` or None reads standard input.

    Both are read as bytes and decoded here, so that a bad byte on stdin is reported
    like one in a file (with its line and column) whatever the locale; a leading UTF-8
    byte-order mark is dropped.
    """
    if path in (None, "-"):
        name = "<stdin>"
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream put in place of stdin (tests, embedding)
            return sys.stdin.read().removeprefix("\ufeff"), name
        try:
            data = buffer.read()
        except OSError as error:
            raise ToolError(f"cannot read standard input: {error.strerror}")
    else:
        name = path
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as error:
            raise ToolError(f"cannot read '{path}': {error.strerror}")
    return decode_utf8(data, name), name


def decode_utf8(data: bytes, name: str) -> str:
    """UTF-8 text, or a located error at the first byte that is not."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line_end = data.find(b"\n", start)
        line = data[line_start: None if line_end < 0 else line_end]
        shown = line.decode("utf-8", "backslashreplace")
        column = len(data[line_start:start].decode("utf-8", "backslashreplace")) + 1
        line_number = data.count(b"\n", 0, start) + 1
        raise ToolError(
            f"{name}:{line_number}:{column}: error: not UTF-8 text "
            f"(byte 0x{data[start]:02x})\n{shown}\n{' ' * (column - 1)}^", located=True)


def split_chunks(text: str, split: bool) -> list[tuple[str, int]]:
    """Chunks separated by ``// -----`` and the line each starts on (0-based offset)."""
    if not split:
        return [(text, 0)]
    chunks, offset = [], 0
    for piece in text.split("// -----"):
        chunks.append((piece, offset))
        offset += piece.count("\n")
    return chunks


def top_level_definitions(parser) -> None:
    """Read MLIR's top-level ``#alias = ...`` / ``!alias = ...`` definitions and file
    metadata ``{-# ... #-}``, as mlir-opt does, so files written for it parse unchanged."""
    while True:
        kind = current_token(parser).kind.name
        if kind in ("HASH_IDENT", "EXCLAMATION_IDENT"):
            parse_alias_def(parser)
        elif kind == "FILE_METADATA_BEGIN":
            parse_file_metadata(parser)
        else:
            return


class _Parser(VerbatimResourceHandles, ParserHooks, LocatingParser):
    """LocatingParser that reads runs of one-line allocs (dialects/fast_path.py) and of
    graph lines (dialects/graph_lines.py) in bulk."""

    def __init__(self, ctx: Context, text: str, name: str) -> None:
        super().__init__(ctx, text, name)
        self.alloc_class = AllocOp if ctx.get_optional_op("memir.alloc") is AllocOp else None
        self.graph_lines = reader_for(ctx)

    def parse_optional_type(self):
        """A plain tensor type is read in one match, its text parsed once per process
        (``fast_path.parsed_type``): a training step's function takes thousands of
        weights and optimizer states, each spelled as a type."""
        found = TENSOR_TYPE.match(self.lexer.input.content, self.pos)
        if found is not None and (parsed := parsed_type(self, found.group(0))) is not None:
            resume_from(self, found.end())
            return parsed
        return super().parse_optional_type()

    def parse_block_ops(self, block) -> None:
        alloc_class, op_starts = self.alloc_class, self.op_starts
        while True:
            if alloc_class is not None:
                parse_alloc_lines(self, block, alloc_class, op_starts)
            if self.graph_lines.read(self, block, op_starts):
                continue  # an alloc line may follow
            if (op := self.parse_optional_operation()) is None:
                return
            block.add_op(op)


def parse_chunk(ctx: Context, text: str, name: str, line_offset: int = 0) -> ParsedChunk:
    source = SourceText(name, text, line_offset)
    text, resources = split_resources(text)
    try:
        parser = _Parser(ctx, text, name)  # lexes the first token: may fail
        top_level_definitions(parser)
        module = parser.parse_optional_operation() if text.strip() else None
        if module is None:
            # Empty and comment-only input is an empty module, as in mlir-opt.
            if text.strip() and current_token(parser).kind.name != "EOF":
                parser.raise_error("expected an operation")
            module = ModuleOp([])
        elif not isinstance(module, ModuleOp):
            # A bare list of top-level ops: wrap it in a module, as mlir-opt does.
            ops = [module]
            while True:
                top_level_definitions(parser)
                if (op := parser.parse_optional_operation()) is None:
                    break
                ops.append(op)
            module = ModuleOp(ops)
        top_level_definitions(parser)
        if current_token(parser).kind.name != "EOF":
            parser.raise_error("unexpected text after the module")
    except ParseError as error:
        raise ToolError(parse_error_text(error, source), located=True)
    chunk = ParsedChunk(module, source, parser.op_starts, resources)
    if parser.forward_ssa_references:
        raise_undefined_use(chunk, parser.forward_ssa_references)
    if "dense_resource" in text:
        check_resources(chunk)
    return chunk


def check_resources(chunk: ParsedChunk) -> None:
    """Every ``dense_resource`` handle has its entry in the file's resource section."""
    defined = defined_keys(chunk.resources)
    for op, key in resource_uses(chunk.module):
        if key not in defined:
            raise chunk.error_at(op, f"dense_resource '{key}' has no entry in the file's "
                                     "{-# dialect_resources #-} section")


def raise_undefined_use(chunk: ParsedChunk, undefined: dict) -> None:
    """Point at the first op that uses a value never defined (xDSL names none)."""
    pending = {id(v): f"%{name}" for name, refs in undefined.items() for v in refs.values()}
    for op in chunk.module.walk():
        for operand in op.operands:
            if id(operand) in pending:
                name = pending[id(operand)]
                message = f"use of undefined value {name}"
                start = chunk.op_starts.get(op)
                if start is None:
                    raise chunk.error_at(op, message)
                # point at the name itself, as the parser does for values it resolves
                found = re.compile(re.escape(name) + r"(?![\w$.\-])").search(
                    chunk.source.text, start)
                raise ToolError(chunk.source.render(found.start() if found else start,
                                                    message), located=True)
    raise ToolError(f"{chunk.source.name}: error: use of undefined value "
                    + ", ".join(sorted(pending.values())), located=True)


def verify(chunk: ParsedChunk) -> None:
    """Verify every op (structure and its own rules), then module-wide rules.

    The first failing op is reported at its source line. Common allocs and computes take
    a shorter route to the same checks (dialects/fast_path.py).
    """
    for op in ops_to_verify(chunk.module):  # all but the plain allocs, checked inline
        try:
            if not verify_op_fast(op):
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


class _Printer(LinePrinter, Printer):
    """xDSL's printer, with less work per op for what large modules are made of.

    Plain text and runs of whole lines are written in one piece (``LinePrinter``); a string
    literal is written in one piece, not one call per character; a plain alloc (no memref
    or attributes) and a plain buffer-form compute are each written as one line, named as
    ``print_ssa_value`` names them, without print_op's generic bookkeeping (traits,
    diagnostics). The text is the same (tests/test_syntax_differential.py compares the two
    printers).
    """

    def print_string_literal(self, string: str) -> None:
        self.print_string(string_literal(string))

    def _line(self, op: Operation) -> str | None:
        """The op's whole line when it is a plain alloc or a plain buffer-form compute and
        nothing but the text is asked for (no generic form, debug info or diagnostics);
        None: xDSL's print_op prints it."""
        kind = type(op)
        if kind is not AllocOp and kind is not ComputeOp or self.print_generic_format \
                or self.print_debuginfo or self.diagnostic.op_messages:
            return None
        return self._alloc_line(op) if kind is AllocOp else self._compute_line(op)

    def _alloc_line(self, op: Operation) -> str | None:
        """``%name = memir.alloc ...``, named as ``print_ssa_value`` names the result; None
        for an alloc with a memref type or attributes."""
        props = op.properties
        if op.attributes or "memref" in props:
            return None
        (value,) = op.results
        text = f"%{self.name_value(value)} = memir.alloc{op.clauses_text()}"
        if (safety := props.get("safety")) is not None:
            text += f" safety {safety.parameter_text()}"
        return text

    def _compute_line(self, op: Operation) -> str | None:
        """``memir.compute "k" on %s ins(..) outs(..) ...`` for a buffer-form compute whose
        operands are named already and whose attributes are ``i64`` integers under plain
        keys (the importer's ``bytes``, ``flops``); None for any other."""
        if op.results or "writes" in op.properties:
            return None
        names, values = self.value_names(), op.inputs
        inputs = [names.get(v) for v in values]
        if None in inputs or any(type(v.type) is not BufferType for v in values):
            return None  # not named yet, or the tensor form
        outputs = [names.get(v) for v in op.outputs]
        spaces = [names.get(v) for v in op.workspaces]
        stream = op.stream
        on = "" if stream is None else names.get(stream)
        if on is None or None in outputs or None in spaces:
            return None
        text = f"memir.compute {string_literal(op.kernel.data)}"
        if on:
            text += f" on %{on}"
        text += " ins(" + ", ".join(f"%{n}" for n in inputs) + ") outs(" \
            + ", ".join(f"%{n}" for n in outputs) + ")"
        if spaces:
            text += " ws(" + ", ".join(f"%{n}" for n in spaces) + ")"
        if (workspace := op.properties.get("workspace")) is not None:
            text += f" workspace {workspace.data}"
        if op.attributes:
            entries = []
            for key, value in op.attributes.items():
                if type(value) is not IntegerAttr or value.type != i64 \
                        or not _BARE_KEY.fullmatch(key):
                    return None
                entries.append(f"{key} = {value.value.data} : i64")
            text += " {" + ", ".join(entries) + "}"
        return text

    def print_op(self, op: Operation) -> None:
        text = self._line(op)
        if text is None:
            super().print_op(op)
            return
        self.print_string(text)  # the whole line in one write

    def print_block(self, block, print_block_args: bool = True,
                    print_block_terminator: bool = True) -> None:
        """xDSL's print_block; in a block printed whole and without its label (a module's
        or a function's body), each run of ops ``_line`` writes is written in one piece."""
        if print_block_args or not print_block_terminator:
            super().print_block(block, print_block_args, print_block_terminator)
            return
        with self.indented():
            op = block.first_op
            while op is not None:
                if self.line_callback_pending() or (line := self._line(op)) is None:
                    self.print_new_line()
                    self.print_op(op)
                    op = op.next_op
                    continue
                lines = [line]
                op = op.next_op
                while op is not None and (line := self._line(op)) is not None:
                    lines.append(line)
                    op = op.next_op
                self.write_lines(lines)


_BARE_KEY = MLIRLexer.bare_identifier_regex  # an attribute key xDSL prints unquoted


def print_module(module: ModuleOp, generic: bool = False) -> str:
    out = StringIO()
    _Printer(stream=out, print_generic_format=generic).print_op(module)
    out.write("\n")
    return out.getvalue()


# Output paths that mean standard output: written through the stream, as "-" is (opening
# /dev/stdout again would truncate the file a shell redirected it to).
STDOUT_PATHS = (None, "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def write_output(text: str, path: str | None) -> None:
    """Standard output, or a file written atomically (``memir.files.write_atomically``:
    temp file, fsync, rename; a device is written in place)."""
    if path in STDOUT_PATHS:
        write_stdout(text)
        return

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    try:
        write_atomically(path, write)
    except OSError as error:
        raise ToolError(f"cannot write '{path}': {error.strerror}")


def write_stdout(text: str) -> None:
    """Standard output as UTF-8 whatever the locale; a failing stream (a full disk, a
    closed pipe) is a user error, and stdout is pointed at /dev/null so that the
    interpreter's final flush does not fail a second time."""
    buffer = getattr(sys.stdout, "buffer", None)
    try:
        if buffer is None:
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            sys.stdout.flush()
            buffer.write(text.encode("utf-8"))
            buffer.flush()
    except OSError as error:
        _silence_stdout()
        if isinstance(error, BrokenPipeError):
            raise
        raise ToolError(f"cannot write standard output: {error.strerror or error}")


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing to do
        pass


def say(text: str) -> None:
    """Write a message on stderr; characters the stream cannot encode are escaped."""
    try:
        sys.stderr.write(text)
    except UnicodeEncodeError:
        encoding = getattr(sys.stderr, "encoding", None) or "ascii"
        sys.stderr.write(text.encode(encoding, "backslashreplace").decode(encoding))
    except OSError:
        pass  # nowhere left to report to


def leave_to_exit() -> None:
    """Call when a tool run as a program is done: its IR (cycles of ops, values and
    blocks, with the cyclic collector off) is left for the process's exit to drop.
    Without this, the interpreter's last collection at exit scans every object: about
    a second for a 100k-op module. Not for in-process callers (tests), whose later
    collections must still free the IR."""
    gc.freeze()


def run_tool(prog: str, body: Callable[[], int | None]) -> int:
    """Run a tool's body; user errors and internal errors alike end in a short message.

    The cyclic garbage collector is off: IR is a large graph of parent/use cycles that a
    short-lived tool never frees, and scanning it made parsing superlinear.
    """
    gc.disable()
    try:
        return body() or 0
    except ToolError as error:
        say(f"{error}\n" if error.located else f"{prog}: error: {error}\n")
        return 1
    except OpError as error:
        say(f"{prog}: error: {error.message}\n")
        return 1
    except KeyboardInterrupt:
        say(f"{prog}: interrupted\n")
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except RecursionError:
        say(f"{prog}: error: input nests too deeply\n")
        return 1
    except Exception as error:  # an internal error: still no traceback for the user
        if os.environ.get("MEMIR_DEBUG"):
            traceback.print_exc()
        say(
            f"{prog}: internal error: {type(error).__name__}: {first_line(error)}\n"
            f"(set MEMIR_DEBUG=1 to see where)\n"
        )
        return 1
