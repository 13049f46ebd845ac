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

import math
import re
import struct
import warnings
from dataclasses import dataclass

import xdsl
from xdsl.dialects.builtin import AnyFloat, BFloat16Type
from xdsl.ir.affine.affine_expr import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
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


# ------------------------------------------------------------ semi-affine expressions
_SEMI_AFFINE_OPERATORS = ((AffineBinaryOpKind.Mul, "__mul__"),
                          (AffineBinaryOpKind.FloorDiv, "__floordiv__"),
                          (AffineBinaryOpKind.CeilDiv, "ceil_div"),
                          (AffineBinaryOpKind.Mod, "__mod__"))


def _semi_affine(kind: AffineBinaryOpKind, name: str):
    """xDSL's operator, but where xDSL refuses a non-constant right-hand side (a product of
    two dimensions or symbols, a division by a symbol) the unsimplified expression."""
    original = getattr(AffineExpr, name)

    def operator(self: AffineExpr, other: AffineExpr | int) -> AffineExpr:
        try:
            return original(self, other)
        except NotImplementedError:  # xDSL's answer to a semi-affine expression
            return AffineBinaryOpExpr(kind, self, other)

    operator.__name__ = original.__name__
    return operator


_SEMI_AFFINE = """MLIR's affine maps may be semi-affine: ``(d1 - d0) ceildiv s0`` (trip counts
that MLIR's bufferization of ``scf.for`` writes), ``d1 * s0`` (strided pooling and
convolution windows in linalg's named ops), ``d0 floordiv s0``, ``d0 mod s0``. xDSL raises
NotImplementedError for a non-constant right-hand side (xdslproject/xdsl#1087), which made a
traceback of a valid program. The expression is built as xDSL builds the constant case,
unsimplified; it prints back as it was read."""


# ------------------------------------------------------------ hexadecimal float elements
_parse_element = AttrParser._parse_tensor_literal_element
_FLOAT_BITS = {16: "e", 32: "f", 64: "d"}


@dataclass
class _HexBits(AttrParser._TensorLiteralElement):
    """A ``0x...`` element: for a float type, the bits of the value (as MLIR reads it)."""

    def to_type(self, parser, type):
        if not isinstance(type, AnyFloat) or not isinstance(self.value, int):
            return super().to_type(parser, type)
        width = type.bitwidth
        if isinstance(type, BFloat16Type):
            return struct.unpack("<f", struct.pack("<I", (self.value & 0xFFFF) << 16))[0]
        if width not in _FLOAT_BITS or self.value >= 1 << width:
            parser.raise_error(f"hexadecimal float literal does not fit {type}",
                               at_position=self.span)
        code = _FLOAT_BITS[width]
        unsigned = {"e": "H", "f": "I", "d": "Q"}[code]
        return struct.unpack(f"<{code}", struct.pack(f"<{unsigned}", self.value))[0]


def _parse_hex_aware_element(self: AttrParser):
    """xDSL's, but a hexadecimal integer keeps that it was one (``_HexBits``)."""
    hexadecimal = self._current_token.text[:2] in ("0x", "0X")
    element = _parse_element(self)
    if hexadecimal and isinstance(element.value, int):
        return _HexBits(element.is_negative, element.value, element.span)
    return element


_parse_dense_type = AttrParser._parse_dense_literal_type


def _bounded_dense_type(self: AttrParser):
    """xDSL's, but a type of more elements than memir stores is an error at the literal."""
    from memir.dialects.limits import MAX_DENSE_ELEMENTS

    start = self._current_token.span.start
    kind = _parse_dense_type(self)
    count = math.prod(kind.get_shape())
    if count > MAX_DENSE_ELEMENTS:
        self.raise_error(f"a dense literal of {count} elements: memir stores every element "
                         f"of a dense literal, splats too, and takes at most "
                         f"{MAX_DENSE_ELEMENTS} (write a large constant as tensor.empty and "
                         "linalg.fill, or as dense_resource)", start, self._current_token.span.start)
    return kind


_DENSE_SIZE = """xDSL expands a splat (``dense<0> : tensor<100x64x220x220xi32>``) into one Python
value per element: 310 million of them took minutes and gigabytes, a hang to the user. A
literal of more than ``MAX_DENSE_ELEMENTS`` elements is refused where it stands."""


_HEX_FLOATS = """In a float ``dense<...>`` literal MLIR reads ``0xFF800000`` as the bits of the
value (-inf: causal attention masks, the smallest float for max pooling); xDSL read it as
the integer 4286578688 and made the float 4.29e9 of it, so a program ran with a wrong
constant. The element is read as MLIR reads it."""


PATCHES = (
    Patch(MLIRLexer, "_unescaped_characters_regex", STRING_LITERAL, _BACKTRACKING),
    Patch(MLIRLexer, "_lex_string_literal", _lex_utf8_string_literal, _ESCAPED_UTF8),
    Patch(AttrParser, "_builtin_integer_type_regex", INTEGER_TYPE, _INTEGER_WIDTH),
    *(Patch(AffineExpr, name, _semi_affine(kind, name), _SEMI_AFFINE)
      for kind, name in _SEMI_AFFINE_OPERATORS),
    Patch(AttrParser, "_parse_tensor_literal_element", _parse_hex_aware_element, _HEX_FLOATS),
    Patch(AttrParser, "_parse_dense_literal_type", _bounded_dense_type, _DENSE_SIZE),
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
