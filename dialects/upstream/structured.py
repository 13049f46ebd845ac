"""linalg ops read in MLIR's destination-passing syntax, whatever their name.

MLIR has some 80 linalg named ops, and new ones arrive with each release; xDSL 0.74 defines
a few. They share one custom syntax:

    linalg.NAME [kind=ATTR] [indexing_maps = [...]] [{attrs}] ins(%a, %b : T, U) outs(%c : V)
                [{attrs}] [-> results] [(%x: f32, ...) { body }]

so one definition reads and prints them all. Named ops print without their body (MLIR
rebuilds it from the name); ``linalg.map`` prints its body. Read in generic form, an op
prints back as it came; read in custom form, a named op has no body, so memir prints it in
custom form even where generic is asked for (``body_missing``). memir's analyses see
``inputs`` (read) and ``outputs`` (read and written).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.irdl import traits_def
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from memir.dialects.xdsl_internals import current_token

PREFIX_KEYWORDS = ("kind", "indexing_maps")
"""Properties MLIR prints as ``key = value`` before ``ins`` (``kind=`` without spaces)."""

SUFFIX_KEYWORDS = ("permutation", "dimensions")
"""Properties MLIR prints as ``key = [1, 0]`` after ``outs`` (transpose, broadcast, reduce)."""

INHERENT = frozenset({"dilations", "strides", *SUFFIX_KEYWORDS})
"""Attribute-dictionary entries that are properties of the op in MLIR's generic form."""

WITH_BODY = frozenset({"linalg.map", "linalg.reduce"})
"""Ops whose custom form shows their body; the other named ops hide it."""

NO_SEGMENTS = frozenset({"linalg.map", "linalg.reduce", "linalg.transpose",
                         "linalg.broadcast"})
"""Ops without ``operandSegmentSizes``: the last operand is the only output. Their custom
form writes no result types: an op on tensors returns one result per ``outs`` tensor."""

SEGMENTS = "operandSegmentSizes"

PAYLOAD, PAYLOAD_ATTRS = "memir.payload", "memir.payload_attrs"
"""``linalg.map { arith.addf {fastmath = ...} } ins(...) outs(...)``: MLIR's short form
names the body's one op instead of writing the body. memir keeps the name and attributes
and prints them back the same way (never in generic form: the op has no body)."""


class StructuredOp(Operation):
    """A linalg op in destination-passing style, known by its syntax, not its name."""

    name = "linalg.structured"
    traits = traits_def()

    @classmethod
    def named(cls, name: str) -> type[StructuredOp]:
        """The class of the op called ``name`` (one class per name, as xDSL wants)."""
        return type(name.replace(".", "_"), (cls,), {"name": name})

    def _split(self) -> int:
        sizes = self.properties.get(SEGMENTS)
        if isinstance(sizes, DenseArrayBase) and len(sizes.get_values()) == 2:
            return sizes.get_values()[0]
        if self.name == "linalg.reduce":  # as many inputs as inits
            return len(self.operands) // 2
        return max(len(self.operands) - 1, 0)

    @property
    def body_missing(self) -> bool:
        """Read in custom form without its body: only the custom form can be printed."""
        if PAYLOAD in self.properties:
            return True
        return self.name not in WITH_BODY and not (self.regions and self.regions[0].blocks)

    @property
    def inputs(self) -> tuple[SSAValue, ...]:
        return tuple(self.operands[: self._split()])

    @property
    def outputs(self) -> tuple[SSAValue, ...]:
        return tuple(self.operands[self._split():])

    @classmethod
    def parse(cls, parser: Parser) -> StructuredOp:
        properties = dict(parser.parse_optional_properties_dict())
        attributes: dict[str, Attribute] = {}
        if cls.name in WITH_BODY and parser.parse_optional_punctuation("{") is not None:
            properties.update(_short_form(parser))
        _keywords_and_attributes(parser, properties, attributes)
        ins = operand_group(parser, "ins")
        outs = operand_group(parser, "outs")
        _keywords_and_attributes(parser, properties, attributes)
        results = [v.type for v in outs if isinstance(v.type, TensorType)
                   ] if cls.name in NO_SEGMENTS else []
        if parser.parse_optional_punctuation("->"):
            results = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type) or [parser.parse_type()]
        region = Region()
        if parser.parse_optional_punctuation("(") is not None:
            args = [] if parser.parse_optional_punctuation(")") else None
            if args is None:
                args = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                         parser.parse_argument)
                parser.parse_punctuation(")")
            region = parser.parse_region(args)
        if cls.name not in NO_SEGMENTS:
            properties.setdefault(SEGMENTS, DenseArrayBase.from_list(i32, [len(ins), len(outs)]))
        return cls.create(operands=[*ins, *outs], result_types=results,
                          properties=properties, attributes=attributes, regions=[region])

    def print(self, printer: Printer) -> None:
        props = dict(self.properties)
        props.pop(SEGMENTS, None)
        if PAYLOAD in props:
            payload = props.pop(PAYLOAD)
            printer.print_string(f" {{ {payload.data}")
            printer.print_op_attributes(props.pop(PAYLOAD_ATTRS).data)
            printer.print_string(" }")
        if "kind" in props:
            printer.print_string(" kind=")
            printer.print_attribute(props.pop("kind"))
        if "indexing_maps" in props:
            printer.print_string(" indexing_maps = ")
            printer.print_attribute(props.pop("indexing_maps"))
        suffix = {key: props.pop(key) for key in SUFFIX_KEYWORDS if key in props}
        rest = {**props, **self.attributes}
        split = self._split()
        for keyword, values in (("ins", self.operands[:split]), ("outs", self.operands[split:])):
            if values:
                printer.print_string(f" {keyword}(")
                printer.print_list(values, printer.print_ssa_value)
                printer.print_string(" : ")
                printer.print_list([v.type for v in values], printer.print_attribute)
                printer.print_string(")")
        printer.print_op_attributes(rest)
        for key, value in suffix.items():
            printer.print_string(f" {key} = ")
            if isinstance(value, DenseArrayBase):
                printer.print_string(f"[{', '.join(map(str, value.get_values()))}]")
            else:
                printer.print_attribute(value)
        if self.results and self.name not in NO_SEGMENTS:
            printer.print_string(" -> ")
            types = [r.type for r in self.results]
            if len(types) == 1:
                printer.print_attribute(types[0])
            else:
                with printer.in_parens():
                    printer.print_list(types, printer.print_attribute)
        if self.name in WITH_BODY and self.regions and self.regions[0].blocks:
            block: Block = self.regions[0].blocks[0]
            printer.print_string(" (")
            printer.print_list(block.args, printer.print_block_argument)
            printer.print_string(") ")
            printer.print_region(self.regions[0], print_entry_block_args=False)


def _short_form(parser: Parser) -> dict[str, Attribute]:
    """After ``{``: ``op.name [{attrs}] }``."""
    name = parser.parse_identifier(" (the payload op of a short-form linalg op)")
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation("}")
    return {PAYLOAD: StringAttr(name), PAYLOAD_ATTRS: DictionaryAttr(attrs)}


def _keywords_and_attributes(parser: Parser, properties: dict, attributes: dict) -> None:
    """``key = value`` pairs and attribute dictionaries, before or after the operands."""
    while True:
        if (found := parser.parse_optional_attr_dict()):
            for key, value in found.items():
                (properties if key in INHERENT else attributes)[key] = value
            continue
        token = current_token(parser)
        if token.kind.name != "BARE_IDENT" or not _followed_by_equals(parser, token):
            return
        key = parser.parse_identifier()
        parser.parse_punctuation("=")
        properties[key] = _array_or_attribute(parser)


def _followed_by_equals(parser: Parser, token) -> bool:
    text = parser.lexer.input.content
    end = token.span.end
    while end < len(text) and text[end] in " \t\r\n":
        end += 1
    return text.startswith("=", end)


def _array_or_attribute(parser: Parser) -> Attribute:
    """MLIR prints ``permutation = [1, 0]`` for a dense i64 array; other values as attributes."""
    if current_token(parser).text == "[":
        values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE,
                                                   parser.parse_attribute)
        if values and all(isinstance(v, IntegerAttr) for v in values):
            return DenseArrayBase.from_list(i64, [v.value.data for v in values])
        return ArrayAttr(values)
    return parser.parse_attribute()


def operand_group(parser: Parser, keyword: str) -> list[SSAValue]:
    """``ins(%a, %b : T, U)`` (or ``outs``), or nothing."""
    if parser.parse_optional_keyword(keyword) is None:
        return []
    pos = parser.pos
    parser.parse_punctuation("(")
    names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                              parser.parse_unresolved_operand)
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return parser.resolve_operands(names, types, pos)
