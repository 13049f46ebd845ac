"""Every private member of xDSL that memir uses, and the only module that names one.

Why: xDSL promises nothing about names that begin with ``_``, and memir needs some of them
for want of public ones (speed on large modules, parser hooks, MLIR's syntax). Gathered
here, an xDSL upgrade checks one file: each member is registered with why memir needs it
(``MEMBERS``), all were checked against ``XDSL_VERSION`` (the version pyproject.toml
pins), and tests/dialect/test_xdsl_internals.py checks that each still exists and that no
other memir module names a private xDSL member. This module only reads xDSL: its mixins
change memir's own subclasses, and the patches that do change xDSL
(dialects/xdsl_patches.py) take their targets from here and apply only when asked.

Not named, but relied on: dialects/fast_path.py copies an op's instance fields wholesale
(``vars``) to build ops without ``__init__``, so xDSL's ops must stay plain dataclasses.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from types import ModuleType

import xdsl
from xdsl.context import Context
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.irdl import operations as irdl_operations
from xdsl.parser import AttrParser, Parser
from xdsl.parser.affine_parser import AffineParser
from xdsl.printer import Printer
from xdsl.utils.mlir_lexer import MLIRLexer

XDSL_VERSION = "0.74.0"
"""The xDSL version every member below was checked against (pyproject.toml pins it)."""


@dataclass(frozen=True)
class Member:
    """``owner.name``, a private member of xDSL, and why memir uses it."""

    owner: type | ModuleType
    name: str
    why: str

    def exists(self) -> bool:
        """Whether the installed xDSL still has it (a field, a method or a property)."""
        if hasattr(self.owner, self.name) or self.name in getattr(
                self.owner, "__dataclass_fields__", {}):
            return True
        return any(self.name in getattr(kind, "__annotations__", {})
                   for kind in getattr(self.owner, "__mro__", ()))

    def read(self):
        return getattr(self.owner, self.name)


MEMBERS: list[Member] = []


def _member(owner: type | ModuleType, name: str, why: str) -> Member:
    member = Member(owner, name, why)
    MEMBERS.append(member)
    return member


def installed_version() -> str:
    """xDSL's version. ``xdsl.__version__`` asks importlib.metadata, whose import (email's
    parser with it) is a tenth of memir-opt's start-up: where xDSL's wheel record lies
    beside the package, as pip installs it, its name gives the version instead."""
    version = xdsl.__version__
    if isinstance(version, str):  # set by hand (tests), or a later xDSL's plain string
        return version
    site = os.path.dirname(os.path.dirname(os.path.abspath(xdsl.__file__)))
    try:
        records = [n for n in os.listdir(site) if n.startswith("xdsl-")
                   and n.endswith(".dist-info")]
    except OSError:
        records = []
    if len(records) == 1:
        return records[0][len("xdsl-"):-len(".dist-info")]
    return str(version)


# ------------------------------------------------------------------ ops and blocks
_member(Block, "_first_op", "walking a block's ops without a generator or property call "
        "per op (dialects/fast_path.py: verifying large modules)")
_member(Block, "_last_op", "appending a run of freshly parsed ops without add_op's checks")
_member(Operation, "_next_op", "walking and linking a block's ops (as _first_op)")
_member(Operation, "_prev_op", "linking freshly parsed ops (as _last_op)")
_member(Operation, "_operands", "an op's operands without the copy the public property "
        "makes (fast_path's verifiers, memir_dialect's module checks, segments' accessors)")
_member(Operation, "_successors", "the same for successors")
_member(SSAValue, "_name", "a parsed name hint stored without the setter's regular "
        "expression (fast_path's runs of allocs; their names are checked already)")
_member(Block, "_args", "a block's argument tuple replaced in one go (passes/bufferize.py: "
        "the public way rebuilds the tuple per argument, quadratic in a training step's "
        "thousands of weights)")

first_op: Callable[[Block], Operation | None] = attrgetter("_first_op")
next_op: Callable[[Operation], Operation | None] = attrgetter("_next_op")
raw_operands: Callable[[Operation], tuple[SSAValue, ...]] = attrgetter("_operands")
raw_successors: Callable[[Operation], tuple[Block, ...]] = attrgetter("_successors")


def has_operands_or_successors(op: Operation) -> bool:
    """``bool(op.operands or op.successors)`` without building either."""
    return bool(op._operands or op._successors)


def append_new_ops(block: Block, ops: list[Operation], results: list[SSAValue],
                   names: list[str]) -> None:
    """Put ``ops`` (new, unattached) at the end of ``block`` and give ``results[i]`` (a
    result of op i) the name hint ``names[i]``, which must be a valid one: ``add_op`` and
    the ``name_hint`` setter, less their checks."""
    last = block._last_op
    for op, result, name in zip(ops, results, names):
        result._name = name
        op.parent = block
        if last is None:
            block._first_op = op
        else:
            op._prev_op = last
            last._next_op = op
        last = op
    if ops:
        block._last_op = last


def set_block_args(block: Block, args: tuple) -> None:
    """Replace ``block``'s arguments by ``args`` (each already made for this block)."""
    block._args = tuple(args)


_member(irdl_operations, "get_accessors_from_op_def", "fast_path verifies a module's and "
        "a function's definition with faster traits, then calls the class's own verify_, "
        "which IRDL's generated verify_ keeps in its closure")


def own_verify(op_class: type[Operation]) -> Callable[[Operation], None]:
    """The class's own ``verify_`` that IRDL's generated one calls after the definition's
    checks (a StopIteration when the class has none)."""
    return next(cell.cell_contents for cell in op_class.verify_.__closure__
                if callable(cell.cell_contents))


# ------------------------------------------------------------------ parsers
_member(Parser, "_current_token", "the kind of the next token without consuming it (is "
        "this the end, an alias definition, file metadata, a bare key?) and where an op "
        "starts, for located diagnostics")
_member(Parser, "_resume_from", "moving the parser past text a fast path read in one "
        "regular-expression match (xDSL's own way; there is no public one)")
_member(Parser, "_parse_alias_def", "MLIR's top-level #alias / !alias definitions, which "
        "xDSL reads only inside parse_module (memir-opt decides the wrapping itself)")
_member(Parser, "_parse_file_metadata_dictionary", "the same for {-# ... #-} file metadata")
_member(Parser, "_parse_block_body", "the hook memir-opt's parser overrides to read runs "
        "of alloc and graph lines in bulk")
_member(Parser, "_parse_dialect_resource_handle", "the hook memir-opt's parser overrides "
        "so that dense_resource<key> keeps its key verbatim")
_member(Parser, "_parser_state", "an AffineParser that reads at the op parser's position "
        "(affine's memory accesses: MLIR's affine maps of SSA values)")
_member(AffineParser, "_parse_affine_expr", "the same: one expression whose bare "
        "identifiers are SSA values")


def current_token(parser: Parser):
    return parser._current_token


def resume_from(parser: Parser, position: int) -> None:
    parser._resume_from(position)


def parse_alias_def(parser: Parser) -> None:
    parser._parse_alias_def()


def parse_file_metadata(parser: Parser) -> None:
    parser._parse_file_metadata_dictionary()


def affine_expr_reader(parser: Parser) -> Callable[[Callable], object]:
    """A function that reads one affine expression at ``parser``'s position, with the
    given reader of bare identifiers (dimensions and symbols)."""
    return AffineParser(parser._parser_state)._parse_affine_expr


class ParserHooks:
    """A Parser mixin, put before the Parser in the bases: xDSL's private hooks under
    public names that a subclass overrides (``parse_block_ops``,
    ``parse_resource_handle``); by default they do what xDSL does."""

    def _parse_block_body(self, block: Block) -> None:
        self.parse_block_ops(block)

    def parse_block_ops(self, block: Block) -> None:
        """Read the ops of ``block``'s body and add them at its end."""
        super()._parse_block_body(block)  # type: ignore[misc]

    def _parse_dialect_resource_handle(self, dialect_name: str, interface):
        return self.parse_resource_handle(dialect_name, interface)

    def parse_resource_handle(self, dialect_name: str, interface):
        """The handle of ``dense_resource<handle>``."""
        return super()._parse_dialect_resource_handle(dialect_name, interface)  # type: ignore[misc]


# ------------------------------------------------------------------ patch targets
# Replaced only by xdsl_patches.apply(), for the reasons its docstrings give.
STRING_LITERAL_REGEX = _member(MLIRLexer, "_unescaped_characters_regex",
                               "patched: a string literal lexed in linear time")
LEX_STRING_LITERAL = _member(MLIRLexer, "_lex_string_literal",
                             "patched: an escaped literal that is UTF-8 stays a string")
INTEGER_TYPE_REGEX = _member(AttrParser, "_builtin_integer_type_regex",
                             "patched: integer type widths of at most 7 digits")
TENSOR_LITERAL_ELEMENT = _member(AttrParser, "_parse_tensor_literal_element",
                                 "patched: hexadecimal float elements read as MLIR does")
DENSE_LITERAL_TYPE = _member(AttrParser, "_parse_dense_literal_type",
                             "patched: a bound on a dense literal's element count")
_member(AttrParser, "_TensorLiteralElement", "the element the tensor-literal patch returns")

TensorLiteralElement = AttrParser._TensorLiteralElement


# ------------------------------------------------------------------ the context
for _table in ("_loaded_ops", "_loaded_attrs", "_loaded_types"):
    _member(Context, _table, "an upstream name memir does not define filed under that name "
            "(load_op and load_attr_or_type file a class under its own name, which for "
            "xDSL's unregistered classes is builtin.unregistered; dialects/upstream/opaque.py)")


def file_op(ctx: Context, name: str, op: type[Operation]) -> None:
    ctx._loaded_ops[name] = op


def file_attr(ctx: Context, name: str, attr: type[Attribute]) -> None:
    ctx._loaded_attrs[name] = attr


def file_type(ctx: Context, name: str, kind: type[Attribute]) -> None:
    ctx._loaded_types[name] = kind


# ------------------------------------------------------------------ printers
_member(Printer, "_current_column", "the printer's layout state, kept as xDSL keeps it by "
        "LinePrinter, which writes plain text and whole lines in one piece")
_member(Printer, "_current_line", "the same")
_member(Printer, "_indent", "the same")
_member(Printer, "_next_line_callback", "the same: diagnostics waiting for the next line")
_member(Printer, "_print_new_line", "the same: overridden, without print()'s overhead")
_member(Printer, "_ssa_values", "the names given to values, to name an alloc's result as "
        "print_ssa_value would without printing it")
_member(Printer, "_get_new_valid_name_id", "the same, for a value without a name hint")
_member(Printer, "_print_results", "vector.mask prints its masked op without the op's "
        "result names (MLIR's syntax); there is no public switch")


class LinePrinter:
    """A Printer mixin, put before the Printer in the bases: text without a newline goes
    straight to the stream (xDSL calls ``print()`` for every piece), and a run of whole
    lines is written in one piece, the layout state kept as xDSL keeps it."""

    def print_string(self, text: str, *, indent: int | None = None) -> None:
        if "\n" in text:
            super().print_string(text, indent=indent)  # type: ignore[misc]
        else:
            self._current_column += len(text)
            self.stream.write(text)

    def _print_new_line(self, indent: int | None = None, print_message: bool = True) -> None:
        if print_message and self._next_line_callback:
            super()._print_new_line(indent, print_message)  # type: ignore[misc]
            return
        spaces = (self._indent if indent is None else indent) * self.indent_num_spaces
        self.stream.write("\n" + " " * spaces)
        self._current_line += 1
        self._current_column = spaces

    def print_new_line(self) -> None:
        """A new line at the current indentation."""
        self._print_new_line()

    def line_callback_pending(self) -> bool:
        """Whether something waits for the next new line (a diagnostic to print)."""
        return bool(self._next_line_callback)

    def write_lines(self, lines: list[str]) -> None:
        """Each of ``lines`` on a new line at the current indentation."""
        indent = " " * (self._indent * self.indent_num_spaces)
        self.stream.write("".join(f"\n{indent}{line}" for line in lines))
        self._current_line += len(lines)
        self._current_column = len(indent) + len(lines[-1])

    def value_names(self) -> dict[SSAValue, str]:
        """The names values were given so far (read only)."""
        return self._ssa_values

    def name_value(self, value: SSAValue) -> str:
        """The name ``print_ssa_value`` gives ``value``, without printing it."""
        names = self._ssa_values
        name = names.get(value)
        if name is None:
            if hint := value.name_hint:
                used = self.ssa_names
                index = used.get(hint, 0)
                name = f"{hint}_{index}" if index else hint
                used[hint] = index + 1
            else:
                name = self._get_new_valid_name_id()
            names[value] = name
        return name


@contextmanager
def result_names_left_out(printer: Printer, op: Operation):
    """While it lasts, ``printer`` prints ``op`` without its ``%results =`` (on this one
    printer instance: xDSL's class is untouched)."""
    results = printer._print_results

    def print_results(other: Operation) -> None:
        if other is not op:
            results(other)

    printer._print_results = print_results
    try:
        yield
    finally:
        del printer._print_results


PRIVATE_NAMES = frozenset(member.name for member in MEMBERS if member.name.startswith("_"))
"""The names no other memir module may use (tests/dialect/test_xdsl_internals.py)."""
