"""Every change memir makes to xDSL itself, applied only by ``apply()``.

Importing memir leaves xDSL as it was (tests/dialect/test_xdsl_untouched.py checks it).
memir-opt and memir-translate call ``apply()`` when they start; a library user who wants
the same behaviour calls ``memir.dialects.xdsl_patches.apply()`` too.

Each patch replaces one attribute of one xDSL class, process-wide (xDSL builds its lexer
and parsers itself, so a fix there cannot be scoped to memir's own parses); the private
ones are named in dialects/xdsl_internals.py. Each is for xDSL 0.74.0, the pinned version:
on any other version ``apply()`` changes nothing and warns once, naming the patches it left
out. memir still works without them; what is lost is what each docstring below describes
(inputs xDSL mishandles), not memir's own features.
"""

from __future__ import annotations

import math
import re
import struct
import warnings
from dataclasses import dataclass
from types import ModuleType

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    DenseArrayBase,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.dialects.utils import dynamic_index_list
from xdsl.ir.affine.affine_expr import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineExpr,
)
from xdsl.irdl.declarative_assembly_format import DenseArrayAttributeVariable
from xdsl.parser import Parser
from xdsl.parser.attribute_parser import AttrParser
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from memir.dialects import xdsl_internals as internals
from memir.dialects.xdsl_internals import XDSL_VERSION, current_token


@dataclass(frozen=True)
class Patch:
    """``owner.name = value``, and why; the owner is a class, or a module for a function
    xDSL's modules call by its module-level name."""

    owner: type | ModuleType
    name: str
    value: object
    reason: str

    @classmethod
    def of(cls, member: internals.Member, value: object, reason: str) -> Patch:
        """A patch of a private member (named in xdsl_internals)."""
        return cls(member.owner, member.name, value, reason)

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
_lex_string_literal = internals.LEX_STRING_LITERAL.read()


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
_parse_element = internals.TENSOR_LITERAL_ELEMENT.read()
_FLOAT_BITS = {16: "e", 32: "f", 64: "d"}


@dataclass
class _Element(internals.TensorLiteralElement):
    """An integer element: for ``index``, one that fits its 64 bits (xDSL packed any, and
    ``dense<9223372036854775808> : tensor<2xindex>`` ended the run with "internal error:
    error: argument out of range"; MLIR: "integer constant out of range for type")."""

    def to_type(self, parser, type):
        value = super().to_type(parser, type)
        if isinstance(type, IndexType) and not -(1 << 63) <= value < 1 << 63:
            parser.raise_error("integer constant out of range for type index",
                               at_position=self.span)
        return value


@dataclass
class _HexBits(_Element):
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
    """xDSL's, but a hexadecimal integer keeps that it was one (``_HexBits``), and an
    integer is checked against ``index`` (``_Element``)."""
    hexadecimal = current_token(self).text[:2] in ("0x", "0X")
    element = _parse_element(self)
    if isinstance(element.value, int) and not isinstance(element.value, bool):
        kind = _HexBits if hexadecimal else _Element
        return kind(element.is_negative, element.value, element.span)
    return element


_parse_dense_type = internals.DENSE_LITERAL_TYPE.read()


def _bounded_dense_type(self: AttrParser):
    """xDSL's, but a type of more elements than memir stores is an error at the literal."""
    from memir.dialects.limits import MAX_DENSE_ELEMENTS

    start = current_token(self).span.start
    kind = _parse_dense_type(self)
    count = math.prod(kind.get_shape())
    if count > MAX_DENSE_ELEMENTS:
        end = current_token(self).span.start
        self.raise_error(f"a dense literal of {count} elements: memir stores every element "
                         f"of a dense literal, splats too, and takes at most "
                         f"{MAX_DENSE_ELEMENTS} (write a large constant as tensor.empty and "
                         "linalg.fill, or as dense_resource)", start, end)
    return kind


_DENSE_SIZE = """xDSL expands a splat (``dense<0> : tensor<100x64x220x220xi32>``) into one Python
value per element: 310 million of them took minutes and gigabytes, a hang to the user. A
literal of more than ``MAX_DENSE_ELEMENTS`` elements is refused where it stands."""


_HEX_FLOATS = """In a float ``dense<...>`` literal MLIR reads ``0xFF800000`` as the bits of the
value (-inf: causal attention masks, the smallest float for max pooling); xDSL read it as
the integer 4286578688 and made the float 4.29e9 of it, so a program ran with a wrong
constant. The element is read as MLIR reads it."""


# ------------------------------------------------------------ integers in custom lists
_DYNAMIC_MARKER = -(1 << 63)
"""MLIR's ``ShapedType::kDynamic``: in a static list, the place of a dynamic value."""


def _bounded_integer(parser: Parser, element: IntegerType, what: str) -> int:
    """One integer of a custom-syntax list of ``element``s, refused where it stands when
    it does not fit (MLIR: "integer value too large")."""
    start = parser.pos
    value = parser.parse_integer(allow_boolean=False)
    width = element.width.data
    if element.signedness.data == Signedness.UNSIGNED:
        low, high = 0, 1 << width
    elif width > 1:
        low, high = -(1 << (width - 1)), 1 << (width - 1)
    else:
        low, high = element.value_range()
    if not low <= value < high:
        parser.raise_error(f"integer value too large: {value} does not fit the {element} "
                           f"of {what}", start, parser.pos)
    return value


def _bounded_dense_array(self: DenseArrayAttributeVariable, parser: Parser):
    """xDSL's, but an integer that does not fit the element type is an error at it."""
    element = self.elt_type
    if not isinstance(element, IntegerType):
        return _parse_dense_array(self, parser)

    def one() -> int:
        return _bounded_integer(parser, element, "this array")

    square = parser.Delimiter.SQUARE
    elements = (parser.parse_optional_comma_separated_list(square, one) if self.is_optional
                else parser.parse_comma_separated_list(square, one))
    if elements is None:
        return None
    return DenseArrayBase.from_list(element, elements)


_parse_dense_array = DenseArrayAttributeVariable.parse_attr

_DENSE_ARRAY = """A custom-syntax integer list (``gather_dims([1, 2])``, ``vector.transpose %v,
[1, 0]``, ``linalg.pack ... outer_dims_perm = [1, 0]``) went to ``struct.pack`` as read: one
that does not fit the element type (``[1, 9223372036854775808]`` for i64) ended the run with
"internal error: error: argument out of range". It is refused at the integer, as MLIR
refuses it."""


def _static_index(parse_element):
    """xDSL's parse of one element of a mixed list of values and static integers, but a
    static integer outside int64, or MLIR's dynamic marker itself, is an error at it."""
    def element(parser: Parser):
        start = parser.pos
        found = parse_element(parser)
        if isinstance(found, int) and not _DYNAMIC_MARKER < found < -_DYNAMIC_MARKER:
            why = ("is MLIR's marker of a dynamic value, not a static one"
                   if found == _DYNAMIC_MARKER else "is not a 64-bit signed integer")
            parser.raise_error(f"integer value too large: {found} {why}", start, parser.pos)
        return found

    element.__name__ = parse_element.__name__
    element.__doc__ = parse_element.__doc__
    return element


_STATIC_INDICES = """A mixed list of static integers and values (``memref.subview %a[0] [4] [1]``,
``tensor.pad low[%lo, 0]``, ``affine.delinearize_index %x into (4, %n)``) keeps its static
integers in an i64 array, where -2^63 marks a dynamic one. xDSL let ``9223372036854775808``
(2^63) wrap to that marker, so the op had one more dynamic place than values, and printing
it ended the run with "internal error: IndexError". A static integer is refused at it
unless it is an int64 other than the marker, as MLIR refuses it."""


PATCHES = (
    Patch.of(internals.STRING_LITERAL_REGEX, STRING_LITERAL, _BACKTRACKING),
    Patch.of(internals.LEX_STRING_LITERAL, _lex_utf8_string_literal, _ESCAPED_UTF8),
    Patch.of(internals.INTEGER_TYPE_REGEX, INTEGER_TYPE, _INTEGER_WIDTH),
    *(Patch(AffineExpr, name, _semi_affine(kind, name), _SEMI_AFFINE)
      for kind, name in _SEMI_AFFINE_OPERATORS),
    Patch.of(internals.TENSOR_LITERAL_ELEMENT, _parse_hex_aware_element, _HEX_FLOATS),
    Patch.of(internals.DENSE_LITERAL_TYPE, _bounded_dense_type, _DENSE_SIZE),
    Patch(DenseArrayAttributeVariable, "parse_attr", _bounded_dense_array, _DENSE_ARRAY),
    *(Patch(dynamic_index_list, name, _static_index(getattr(dynamic_index_list, name)),
            _STATIC_INDICES)
      for name in ("parse_dynamic_index_without_type", "parse_dynamic_index_with_type")),
)
"""All of them; most are private members of xDSL's lexer and parser, hence the version
guard."""

_warned = False


def apply() -> tuple[Patch, ...]:
    """Install the patches (again: nothing more happens); the ones now in place."""
    global _warned
    version = internals.installed_version()
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
