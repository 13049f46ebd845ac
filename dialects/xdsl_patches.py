"""Every change memir makes to xDSL itself, applied only by ``apply()``.

Importing memir leaves xDSL as it was (tests/dialect/test_xdsl_untouched.py checks it).
memir-opt and memir-translate call ``apply()`` when they start; a library user who wants
the same behaviour calls it too::

    from memir.dialects import xdsl_patches
    xdsl_patches.apply()

Each patch replaces one attribute of one xDSL class, process-wide (xDSL builds its lexer
and parsers itself, so a fix there cannot be scoped to memir's own parses). Each is for
xDSL 0.74.0, the pinned version: on any other version ``apply()`` changes nothing and warns
once, naming the patches it left out. memir still works without them; what is lost is
what each docstring below describes (inputs xDSL mishandles), not memir's own features.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

import xdsl
from xdsl.ir.affine.affine_expr import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineExpr,
)
from xdsl.parser.attribute_parser import AttrParser
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

XDSL_VERSION = "0.74.0"
"""The xDSL version the patches below are written against (pyproject.toml pins it)."""


@dataclass(frozen=True)
class Patch:
    """``owner.name = value``, and why."""

    owner: type
    name: str
    value: object
    reason: str

    def applied(self) -> bool:
        return self.owner.__dict__.get(self.name) is self.value


# ------------------------------------------------------------ string literals: backtracking
STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')
"""xDSL's string-literal regex, one character or escape at a time, possessively."""

_BACKTRACKING = """xDSL lexes a string literal with a regex that nests a ``+`` (a run of
plain characters) inside a ``*``. When the closing quote is missing (``"\\" on %s ...``:
the only quote is escaped), the engine tries every way to split the rest of the line into
runs before it gives up: 2^(line length) steps, a hang on a 40-character line. The same
language matched one character (or one escape) at a time, possessively, fails in linear
time. No upstream issue found."""


# ------------------------------------------------------------ string literals: escaped UTF-8
_lex_string_literal = MLIRLexer._lex_string_literal


def _lex_utf8_string_literal(self: MLIRLexer, start_pos):
    """xDSL's, but an escaped literal whose bytes are valid UTF-8 is a string."""
    token = _lex_string_literal(self, start_pos)
    if token.kind is MLIRTokenKind.BYTES_LIT:
        try:
            token.span.bytes_contents.decode("utf-8")
        except UnicodeDecodeError:
            return token
        return type(token)(MLIRTokenKind.STRING_LIT, token.span)
    return token


_ESCAPED_UTF8 = """xDSL's printer writes "é" as ``"\\C3\\A9"``, and its lexer calls every
escaped literal whose bytes are not ASCII a bytes literal (its own docstring says: unless
they decode as UTF-8, the rule of xdslproject/xdsl#2032), so memir-opt could not read back
its own output (a CSV id "é" broke the import round trip)."""


# ------------------------------------------------------------ integer types
INTEGER_TYPE = re.compile(r"^[su]?i(\d{1,7})$")
"""An integer type name of at most 7 digits (MLIR's limit is 2^24 - 1 bits)."""

_INTEGER_WIDTH = """xDSL accepts any width (``i18446744073709551616``) and then computes
``1 << width`` to check a value of that type: a MemoryError or a hang. With at most 7
digits a longer name is not a type name, and the parser reports it where it stands.
No upstream issue found."""


# ------------------------------------------------------------ semi-affine ceildiv
_ceil_div = AffineExpr.ceil_div


def _semi_affine_ceil_div(self: AffineExpr, other: AffineExpr | int) -> AffineExpr:
    """xDSL's, but a non-constant divisor gives the unsimplified expression."""
    if isinstance(other, AffineExpr) and not isinstance(other, AffineConstantExpr):
        return AffineBinaryOpExpr(AffineBinaryOpKind.CeilDiv, self, other)
    return _ceil_div(self, other)


_SEMI_AFFINE = """MLIR's bufferization of ``scf.for`` over tensors writes trip counts as
``(d1 - d0) ceildiv s0`` (a symbol divisor); xDSL builds ``floordiv`` by a symbol but raises
NotImplementedError for ``ceildiv`` (semi-affine expressions: xdslproject/xdsl#1087). The
expression is built as xDSL builds the constant case, unsimplified; it prints back as it
was read."""


PATCHES = (
    Patch(MLIRLexer, "_unescaped_characters_regex", STRING_LITERAL, _BACKTRACKING),
    Patch(MLIRLexer, "_lex_string_literal", _lex_utf8_string_literal, _ESCAPED_UTF8),
    Patch(AttrParser, "_builtin_integer_type_regex", INTEGER_TYPE, _INTEGER_WIDTH),
    Patch(AffineExpr, "ceil_div", _semi_affine_ceil_div, _SEMI_AFFINE),
)
"""All of them; private members of xDSL's lexer and parser, hence the version guard."""

_warned = False


def apply() -> tuple[Patch, ...]:
    """Install the patches (again: nothing more happens); the ones now in place."""
    global _warned
    version = str(xdsl.__version__)  # a lazy object: str() reads the installed version
    if version != XDSL_VERSION:
        if not _warned:
            _warned = True
            names = ", ".join(f"{p.owner.__name__}.{p.name}" for p in PATCHES)
            warnings.warn(f"memir: xDSL {version} is not {XDSL_VERSION}: its "
                          f"fixes to xDSL are left out ({names})", RuntimeWarning,
                          stacklevel=2)
        return ()
    for patch in PATCHES:
        setattr(patch.owner, patch.name, patch.value)
    return PATCHES
