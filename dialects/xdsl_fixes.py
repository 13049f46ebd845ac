"""A fix to xDSL 0.74's lexer (pinned), applied when the memir dialect is imported.

Why: xDSL lexes a string literal with a regex that nests a ``+`` (a run of plain
characters) inside a ``*``. When the closing quote is missing (``"\\" on %s ...``: the only
quote is escaped), the engine tries every way to split the rest of the line into runs
before it gives up: 2^(line length) steps, a hang on a 40-character line. The same
language matched one character (or one escape) at a time, possessively, fails in linear
time.

Escaped UTF-8: xDSL's printer writes "é" as ``"\\C3\\A9"``, and its lexer calls every
escaped literal whose bytes are not ASCII a bytes literal, so memir-opt could not read
back its own output (a CSV id "é" broke the import round trip). A literal whose bytes are
valid UTF-8 is a string here.

Integer types: xDSL accepts any width (``i18446744073709551616``) and then computes
``1 << width`` to check a value of that type: a MemoryError or a hang. Widths take at most
7 digits here (MLIR's own limit is 2^24 - 1 bits); a longer one is not a type name, so the
parser reports it where it stands.

Semi-affine maps: MLIR's bufferization of ``scf.for`` over tensors writes trip counts as
``(d1 - d0) ceildiv s0`` (a symbol divisor); xDSL builds ``floordiv`` by a symbol but raises
NotImplementedError for ``ceildiv``. The expression is built here as xDSL builds the
constant case, unsimplified; it prints back as it was read.
"""

from __future__ import annotations

import re

from xdsl.ir.affine.affine_expr import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineExpr,
)
from xdsl.parser.attribute_parser import AttrParser
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')

INTEGER_TYPE = re.compile(r"^[su]?i(\d{1,7})$")


_lex_string_literal = MLIRLexer._lex_string_literal


def _lex_utf8_string_literal(self: MLIRLexer, start_pos):
    token = _lex_string_literal(self, start_pos)
    if token.kind is MLIRTokenKind.BYTES_LIT:
        try:
            token.span.bytes_contents.decode("utf-8")
        except UnicodeDecodeError:
            return token
        return type(token)(MLIRTokenKind.STRING_LIT, token.span)
    return token


_ceil_div = AffineExpr.ceil_div


def _semi_affine_ceil_div(self: AffineExpr, other: AffineExpr | int) -> AffineExpr:
    if isinstance(other, AffineExpr) and not isinstance(other, AffineConstantExpr):
        return AffineBinaryOpExpr(AffineBinaryOpKind.CeilDiv, self, other)
    return _ceil_div(self, other)


def apply() -> None:
    AffineExpr.ceil_div = _semi_affine_ceil_div
    MLIRLexer._unescaped_characters_regex = STRING_LITERAL
    MLIRLexer._lex_string_literal = _lex_utf8_string_literal
    AttrParser._builtin_integer_type_regex = INTEGER_TYPE
