"""The clauses of ``memir.alloc``, written down once.

    %a = memir.alloc SIZE [align A] [live [L, U)] [offset O] [id "ID"] [external]
                     [space "NAME"]

Why one table: this text is read and written in several places, most of them for speed
(a 100k-buffer import is nothing but alloc lines): the op's parser and printer
(dialects/buffer_ops.py), the fast paths (dialects/fast_path.py), the export
(memir/tools/alloc_export.py) and the MiniMalloc import's writer (memir/io/plan_io.py).
``ALLOC_CLAUSES`` says each clause's keyword, properties, value syntax and order once; the
op's parser, the fast paths' ``ALLOC_PATTERN`` and ``clauses_text`` derive from it. The
hand-written fast writers are checked against it by tests/test_syntax_differential.py.
The memref size, ``safety`` and the attribute dictionary are the op parser's alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from string import Formatter

from memir.dialects.syntax import string_literal


@dataclass(frozen=True)
class Kind:
    """How one value is written in the text and read back.

    ``pattern``: the value as the fast paths take it, ``{}`` standing for the named group
    of its digits or characters (a string literal with escapes is left to the op's
    parser). ``read``: the op's parser, given the xDSL parser and the error context.
    ``write``: the text of a plain value.
    """

    pattern: str
    read: Callable[[object, str], object]
    write: Callable[[object], str]


def _read_integer(parser, context: str) -> int:
    return parser.parse_integer(context_msg=context)


def _read_string(parser, context: str) -> str:
    return parser.parse_str_literal(context)


BYTES = Kind(r"(?P<{}>\d+)", _read_integer, str)  # sizes, alignments, offsets: digits
STEP = Kind(r"(?P<{}>-?\d+)", _read_integer, str)  # program steps may be negative
STRING = Kind(r'"(?P<{}>[^"\\\n]*)"', _read_string, string_literal)


@dataclass(frozen=True)
class Clause:
    """``template``: the clause as printed, its keyword first, ``{property}`` for each
    value; punctuation between values is read one character at a time."""

    template: str
    kinds: tuple[Kind, ...] = ()
    default: object = None  # a value equal to it is neither stored nor printed
    context: str = ""  # what a parse error says the value is for

    @cached_property
    def keyword(self) -> str:
        return self.template.split(" ", 1)[0]

    @cached_property
    def fields(self) -> tuple[str, ...]:
        return tuple(f for _, f, _, _ in Formatter().parse(self.template) if f is not None)

    @cached_property
    def steps(self) -> tuple[tuple[str, str | None, Kind | None], ...]:
        """After the keyword: (literal text, then a property and its kind, or None at
        the end), in the order the text has them."""
        rest = self.template[len(self.keyword):]
        kinds = iter(self.kinds)
        return tuple((literal, field, None if field is None else next(kinds))
                     for literal, field, _, _ in Formatter().parse(rest))


SIZE = "size"  # the leading value: bytes (or a memref type, which only the op reads)
ALLOC_CLAUSES = (
    Clause("align {alignment}", (BYTES,), default=1),
    Clause("live [{lower}, {upper})", (STEP, STEP)),
    Clause("offset {offset}", (BYTES,)),
    Clause("id {id}", (STRING,), context=" for the buffer id"),
    Clause("external"),  # a flag: present or not
    Clause("space {space}", (STRING,), context=" for the memory space"),
)

FIELD_KINDS: dict[str, Kind | None] = {SIZE: BYTES}  # None: a flag
for _clause in ALLOC_CLAUSES:
    FIELD_KINDS.update(zip(_clause.fields, _clause.kinds) if _clause.fields
                       else [(_clause.keyword, None)])
ALLOC_FIELDS = tuple(FIELD_KINDS)  # the fast paths' groups, in this order
DEFAULTS = {f: c.default for c in ALLOC_CLAUSES for f in c.fields if c.default is not None}


def _escape(text: str) -> str:
    return re.escape(text).replace("\\ ", " ")  # spaces as they are: easier to read


def _clause_pattern(clause: Clause) -> str:
    if not clause.fields:
        return f"(?P<{clause.keyword}> {_escape(clause.keyword)})?"
    text = " " + _escape(clause.keyword)
    for literal, field, kind in clause.steps:
        text += _escape(literal) + ("" if field is None else kind.pattern.format(field))
    return f"(?:{text})?"


# After the op name and one space: the size and the clauses in order, each optional.
ALLOC_PATTERN = BYTES.pattern.format(SIZE) + "".join(map(_clause_pattern, ALLOC_CLAUSES))


def read_clause(parser) -> dict[str, object] | None:
    """The op's parser for one clause at the parser's position (any clause, in any
    order: the printer writes them in table order): its values by property, or None when
    no clause keyword is next."""
    for clause in ALLOC_CLAUSES:
        if parser.parse_optional_keyword(clause.keyword) is None:
            continue
        if not clause.fields:
            return {clause.keyword: True}
        values: dict[str, object] = {}
        for literal, field, kind in clause.steps:
            for mark in literal.replace(" ", ""):
                parser.parse_punctuation(mark)
            if field is not None:
                values[field] = kind.read(parser, clause.context)
        return values
    return None


def clauses_text(values: dict[str, object]) -> str:
    """The reference writer: ``SIZE`` and the clauses whose values are all given (a flag:
    true) and not at their default, as the op prints them after its name."""
    text = f" {values[SIZE]}"
    for clause in ALLOC_CLAUSES:
        fields = clause.fields
        if not fields:
            text += f" {clause.keyword}" if values.get(clause.keyword) else ""
        elif all(values.get(f) is not None for f in fields) and (
                clause.default is None or values[fields[0]] != clause.default):
            text += " " + clause.template.format(**{
                f: kind.write(values[f]) for f, kind in zip(fields, clause.kinds)})
    return text
