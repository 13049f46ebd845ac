"""Buffer- and plan-level memir ops: alloc, dealloc, tile_view, contiguous, arena, view.

    %a = memir.alloc 4096 align 64                 // bytes; lifetime from its uses
    %b = memir.alloc memref<16x16xf32>              // size from a static memref type
    %c = memir.alloc 512 live [3, 9) offset 128 id "17"   // explicit lifetime, placed
    %t = memir.tile_view %a [0, 0] [4, 64] [128, 1] elem 4  // strided view, in elements
    memir.contiguous %a, %b                          // back to back, in this order
    memir.dealloc %a
    %m = memir.arena 8192 align 64                   // plan level: one arena ...
    %v = memir.view %m at 128 size 4096              // ... and views into it

Lifetimes are half-open ``[lower, upper)`` in program steps. An alloc with ``external`` is
not planned (graph inputs and outputs live elsewhere).
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntAttr,
    MemRefType,
    StringAttr,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect
from xdsl.utils.exceptions import VerifyException

from memir.dialects.alloc_syntax import read_clause
from memir.dialects.attributes import BufferType, SafetyAttr
from memir.dialects.limits import check_bytes, check_step
from memir.dialects.fast_path import (
    check_alloc_structure,
    fast_verified,
    int_attr,
    new_op,
    try_parse_alloc,
)
from memir.dialects.symbols import (
    check_symbolic_alloc,
    offset_of,
    poly_of,
    read_bracketed,
)
from memir.dialects.syntax import int_list_text, parse_int_list, parse_lifetime, string_literal
from memir.dialects.type_sizes import shaped_bytes
from memir.model.symbolic import OffsetExpr, Poly, parse_offset, parse_poly


def _symbolic_offset_clause(parser: Parser) -> tuple[OffsetExpr, int | None] | None:
    """``offset [EXPR] [else N]`` at the parser's position (the table's ``offset N`` is
    digits); ``else``: the offset in the plan's fallback."""
    if _OFFSET_BRACKET.match(parser.lexer.input.content, parser.pos) is None:
        return None
    parser.parse_keyword("offset")
    offset = read_bracketed(parser, parse_offset, "offset")
    fallback = None
    if parser.parse_optional_keyword("else") is not None:
        fallback = parser.parse_integer(allow_negative=False,
                                        context_msg=" for the fallback offset")
    return offset, fallback


_OFFSET_BRACKET = re.compile(r"offset\s*\[")


def _is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def memref_bytes(memref: MemRefType) -> int | None:
    """Bytes of a static memref type (identity layout assumed); None for a dynamic shape or
    an element type without a bit width of its own (index, complex, ...)."""
    return shaped_bytes(memref.get_shape(), memref.element_type)


@fast_verified(check_alloc_structure)
@irdl_op_definition
class AllocOp(IRDLOperation):
    """A buffer to be placed in the arena; see the module docstring for the syntax.

    Custom syntax (and a regex fast path): a declarative format would print the IntAttr
    properties as ``#builtin.int<4096>``. Effect: allocate. xDSL's dead-code elimination
    keeps it even without uses (the effect is on no particular value), as it must: an
    unused buffer with a lifetime still takes its place in the plan.
    """

    name = "memir.alloc"
    size = prop_def(IntAttr)
    alignment = opt_prop_def(IntAttr)
    memref = opt_prop_def(MemRefType)
    lower = opt_prop_def(IntAttr)
    upper = opt_prop_def(IntAttr)
    offset = opt_prop_def(IntAttr)
    buffer_id = opt_prop_def(StringAttr, prop_name="id")
    external = opt_prop_def(UnitAttr)
    space = opt_prop_def(StringAttr)
    safety = opt_prop_def(SafetyAttr)
    sym_size = opt_prop_def(StringAttr)
    sym_offset = opt_prop_def(StringAttr)
    fallback_offset = opt_prop_def(IntAttr)
    result = result_def(BufferType)
    traits = traits_def(MemoryAllocEffect())

    def __init__(
        self,
        size: int,
        alignment: int = 1,
        lifetime: tuple[int, int] | None = None,
        offset: int | None = None,
        buffer_id: str | None = None,
        external: bool = False,
        memref: MemRefType | None = None,
    ):
        props: dict[str, Attribute] = {"size": IntAttr(size)}
        if alignment != 1:
            props["alignment"] = IntAttr(alignment)
        if memref is not None:
            props["memref"] = memref
        if lifetime is not None:
            props["lower"], props["upper"] = IntAttr(lifetime[0]), IntAttr(lifetime[1])
        if offset is not None:
            props["offset"] = IntAttr(offset)
        if buffer_id is not None:
            props["id"] = StringAttr(buffer_id)
        if external:
            props["external"] = UnitAttr()
        super().__init__(properties=props, result_types=[BufferType()])

    @classmethod
    def sized(cls, size: int, alignment: int = 1) -> AllocOp:
        """``AllocOp(size, alignment)``, built from a template as the parser's fast path
        builds allocs (``fast_path.new_op``, cheaper than ``create``): bufferize makes one per
        tensor of a graph."""
        props = {"size": int_attr(size)}
        if alignment != 1:
            props["alignment"] = int_attr(alignment)
        return new_op(cls, props)

    @classmethod
    def symbolic(cls, size: Poly, alignment: int = 1, lifetime: tuple[int, int] | None = None,
                 buffer_id: str | None = None) -> AllocOp:
        """A buffer whose size is a polynomial of size symbols (a constant one is a plain
        alloc). Its ``size`` property is 1 until ``check_semantics`` reads its range."""
        if size.is_constant:
            return cls(max(size.constant, 1), alignment, lifetime, None, buffer_id)
        op = cls(1, alignment, lifetime, None, buffer_id)
        op.properties["sym_size"] = StringAttr(str(size))
        return op

    @property
    def symbolic_size(self) -> Poly | None:
        text = self.properties.get("sym_size")
        return None if text is None else poly_of(text.data)

    @property
    def symbolic_offset(self) -> OffsetExpr | None:
        text = self.properties.get("sym_offset")
        return None if text is None else offset_of(text.data)

    @property
    def fallback(self) -> int | None:
        """Its offset in the plan's fallback (``memir.model.symbolic.SymbolicPlan``)."""
        found = self.properties.get("fallback_offset")
        return None if found is None else found.data

    def set_symbolic_offset(self, offset: OffsetExpr, fallback: int | None = None) -> None:
        """Place the buffer at an expression of the symbols (a constant one: an offset),
        and at ``fallback`` where the plan's fallback is taken."""
        self.properties.pop("offset", None)
        self.properties.pop("sym_offset", None)
        self.properties.pop("fallback_offset", None)
        offset = offset.simplified()
        if fallback is not None:
            self.properties["sym_offset"] = StringAttr(str(offset))
            self.properties["fallback_offset"] = IntAttr(fallback)
        elif (value := offset.constant) is not None:
            self.properties["offset"] = IntAttr(value)
        else:
            self.properties["sym_offset"] = StringAttr(str(offset))

    @property
    def align(self) -> int:
        alignment = self.properties.get("alignment")  # not the IRDL accessor: hot in passes
        return 1 if alignment is None else alignment.data

    @property
    def lifetime(self) -> tuple[int, int] | None:
        props = self.properties
        lower, upper = props.get("lower"), props.get("upper")
        if lower is None or upper is None:
            return None
        return lower.data, upper.data

    @classmethod
    def parse(cls, parser: Parser) -> AllocOp:
        if (op := try_parse_alloc(cls, parser)) is not None:
            return op
        sym_size = read_bracketed(parser, parse_poly, "size")
        size = 1 if sym_size is not None else parser.parse_optional_integer(allow_negative=True)
        memref = None
        if size is None:
            pos = parser.pos
            memref = parser.parse_type()
            size = memref_bytes(memref) if isinstance(memref, MemRefType) else None
            if size is None:
                parser.raise_error("memir.alloc expects a byte size or a static memref type",
                                   pos, parser.pos)
        values: dict[str, object] = {}  # the clauses of dialects/alloc_syntax.py
        safety = None
        while True:
            if (sym_offset := _symbolic_offset_clause(parser)) is not None:
                values["sym_offset"], values["fallback"] = sym_offset
            elif (clause := read_clause(parser)) is not None:
                values.update(clause)
            elif parser.parse_optional_keyword("safety") is not None:
                safety = SafetyAttr(SafetyAttr.parse_parameter(parser))
            else:
                break
        get = values.get
        lifetime = (values["lower"], values["upper"]) if "lower" in values else None
        op = cls(size, get("alignment", 1), lifetime, get("offset"), get("id"),
                 get("external", False), memref)
        if safety is not None:
            op.properties["safety"] = safety
        if (space := get("space")) is not None:
            op.properties["space"] = StringAttr(space)
        if sym_size is not None:
            if sym_size.is_constant:
                op.properties["size"] = IntAttr(sym_size.constant)
            else:
                op.properties["sym_size"] = StringAttr(str(sym_size))
        if (sym_offset := get("sym_offset")) is not None:
            op.set_symbolic_offset(sym_offset, get("fallback"))
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        props = self.properties
        if (memref := props.get("memref")) is not None:
            printer.print_string(" ")
            printer.print_attribute(memref)
        printer.print_string(self.clauses_text())
        if (safety := props.get("safety")) is not None:
            printer.print_string(" safety ")
            safety.print_parameter(printer)
        if self.attributes:
            printer.print_op_attributes(self.attributes)

    def clauses_text(self) -> str:
        """The custom syntax after the op name, but for the memref type, the safety
        summary and the attribute dictionary: one string, as a large module is mostly
        allocs (memir.tools.driver prints a plain alloc from it alone). Written out for
        speed (a loop over dialects/alloc_syntax.py's table is slower), and checked against
        that table's ``clauses_text`` by tests/test_syntax_differential.py."""
        props = self.properties
        text = "" if "memref" in props else f" {props['size'].data}"
        if (sym_size := props.get("sym_size")) is not None:
            text = f" [{sym_size.data}]"
        if (alignment := props.get("alignment")) is not None and alignment.data != 1:
            text += f" align {alignment.data}"  # 1 is the default
        lower, upper = props.get("lower"), props.get("upper")
        if lower is not None and upper is not None:
            text += f" live [{lower.data}, {upper.data})"
        if (offset := props.get("offset")) is not None:
            text += f" offset {offset.data}"
        elif (sym_offset := props.get("sym_offset")) is not None:
            text += f" offset [{sym_offset.data}]"
            if (fallback := props.get("fallback_offset")) is not None:
                text += f" else {fallback.data}"
        if (buffer_id := props.get("id")) is not None:
            text += " id " + string_literal(buffer_id.data)
        if "external" in props:
            text += " external"
        if (space := props.get("space")) is not None:
            text += " space " + string_literal(space.data)
        return text

    def verify_(self) -> None:
        self.check_semantics()

    def check_semantics(self) -> None:
        # Reads the properties dict once: the IRDL accessors cost a call each, and this
        # runs for every buffer after every pass.
        props = self.properties
        if "sym_size" in props or "sym_offset" in props:
            check_symbolic_alloc(self)
        size = props["size"].data
        alignment, offset = props.get("alignment"), props.get("offset")
        lower, upper = props.get("lower"), props.get("upper")
        align = 1 if alignment is None else alignment.data
        if size <= 0:
            raise VerifyException(f"buffer size must be positive, got {size}")
        check_bytes("buffer size", size)
        check_bytes("alignment", align)
        if offset is not None:
            check_bytes("offset", offset.data)
        if lower is not None:
            check_step("lifetime bound", lower.data)
        if upper is not None:
            check_step("lifetime bound", upper.data)
        if not _is_power_of_two(align):
            raise VerifyException(f"alignment must be a power of two, got {align}")
        if (memref := props.get("memref")) is not None and memref_bytes(memref) != size:
            raise VerifyException("size does not match the memref type")
        if (lower is None) != (upper is None):
            raise VerifyException("a lifetime needs both lower and upper")
        if lower is not None and lower.data >= upper.data:
            raise VerifyException(
                f"lifetime [{lower.data}, {upper.data}) is empty: lower must be below upper"
            )
        if offset is not None:
            if offset.data < 0:
                raise VerifyException(f"offset must be non-negative, got {offset.data}")
            if offset.data % align:
                raise VerifyException(
                    f"offset {offset.data} is not a multiple of the alignment {align}"
                )



@irdl_op_definition
class DeallocOp(IRDLOperation):
    """``memir.dealloc %a``: %a is dead from here on (optional; uses decide otherwise).

    Declarative format; effect: free."""

    name = "memir.dealloc"
    buffer = operand_def(BufferType)
    traits = traits_def(MemoryFreeEffect())

    def __init__(self, buffer: SSAValue):
        super().__init__(operands=[buffer])

    assembly_format = "$buffer attr-dict"


def defined_size(value: SSAValue) -> int | None:
    """Byte size of a buffer value when its definition states one."""
    owner = value.owner
    if isinstance(owner, AllocOp | ArenaOp | ViewOp):
        return owner.size.data
    return None


@irdl_op_definition
class TileViewOp(IRDLOperation):
    """A strided tile of a buffer, in elements of ``elem`` bytes.

    Element index vector ``i`` (``0 <= i[k] < sizes[k]``) sits at byte
    ``elem * sum_k (offsets[k] + i[k]) * strides[k]`` of the source buffer. A tile lives
    from its first use to its last unless ``live [l, u)`` says otherwise.

    Custom syntax: the format cannot print bare integer lists and IntAttrs. Not ``Pure``
    although it only computes a view: a tile with a lifetime is planned even if unused,
    so dead-code elimination must not drop it (no effect trait: unknown, kept).
    """

    name = "memir.tile_view"
    source = operand_def(BufferType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))
    elem = prop_def(IntAttr)
    lower = opt_prop_def(IntAttr)
    upper = opt_prop_def(IntAttr)
    result = result_def(BufferType)

    def __init__(self, source: SSAValue, offsets, sizes, strides, elem: int,
                 lifetime: tuple[int, int] | None = None):
        props: dict[str, Attribute] = {
            "static_offsets": DenseArrayBase.from_list(i64, list(offsets)),
            "static_sizes": DenseArrayBase.from_list(i64, list(sizes)),
            "static_strides": DenseArrayBase.from_list(i64, list(strides)),
            "elem": IntAttr(elem),
        }
        if lifetime is not None:
            props["lower"], props["upper"] = IntAttr(lifetime[0]), IntAttr(lifetime[1])
        super().__init__(operands=[source], properties=props, result_types=[BufferType()])

    @property
    def offsets(self) -> tuple[int, ...]:
        return self.static_offsets.get_values()

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.static_sizes.get_values()

    @property
    def strides(self) -> tuple[int, ...]:
        return self.static_strides.get_values()

    @property
    def lifetime(self) -> tuple[int, int] | None:
        if self.lower is None or self.upper is None:
            return None
        return self.lower.data, self.upper.data

    def byte_extent(self) -> tuple[int, int]:
        """[first, last) bytes the tile can touch, relative to the source buffer."""
        elem = self.elem.data
        lo = sum(o * s for o, s in zip(self.offsets, self.strides))
        hi = sum((o + n - 1) * s for o, n, s in zip(self.offsets, self.sizes, self.strides))
        return lo * elem, (hi + 1) * elem

    @classmethod
    def parse(cls, parser: Parser) -> TileViewOp:
        source = parser.parse_operand(BufferType())
        offsets, sizes, strides = parse_int_list(parser), parse_int_list(parser), parse_int_list(parser)
        parser.parse_keyword("elem")
        elem = parser.parse_integer()
        lifetime = parse_lifetime(parser) if parser.parse_optional_keyword("live") else None
        op = cls(source, offsets, sizes, strides, elem, lifetime)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(
            f" {int_list_text(self.offsets)} {int_list_text(self.sizes)} "
            f"{int_list_text(self.strides)} elem {self.elem.data}"
        )
        if (lifetime := self.lifetime) is not None:
            printer.print_string(f" live [{lifetime[0]}, {lifetime[1]})")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        offsets, sizes, strides = self.offsets, self.sizes, self.strides
        if not (len(offsets) == len(sizes) == len(strides)) or not sizes:
            raise VerifyException(
                f"tile_view needs offsets, sizes and strides of one rank >= 1, got "
                f"{len(offsets)}, {len(sizes)} and {len(strides)}"
            )
        if any(n <= 0 for n in sizes):
            raise VerifyException(f"tile sizes must be positive, got {list(sizes)}")
        if any(o < 0 for o in offsets) or any(s < 0 for s in strides):
            raise VerifyException("tile offsets and strides must be non-negative")
        if self.elem.data <= 0:
            raise VerifyException(f"element size must be positive, got {self.elem.data}")
        if (self.lower is None) != (self.upper is None):
            raise VerifyException("a lifetime needs both lower and upper")
        if (lifetime := self.lifetime) is not None:
            check_step("lifetime bound", lifetime[0])
            check_step("lifetime bound", lifetime[1])
            if lifetime[0] >= lifetime[1]:
                raise VerifyException(f"lifetime [{lifetime[0]}, {lifetime[1]}) is empty")
        size = defined_size(self.source)
        _, end = self.byte_extent()
        check_bytes("tile end byte", end)
        if size is not None and end > size:
            raise VerifyException(
                f"tile reaches byte {end} but its buffer has only {size} bytes"
            )


@irdl_op_definition
class ContiguousOp(IRDLOperation):
    """``memir.contiguous %a, %b, %c``: these buffers sit back to back, in this order.

    Declarative format. No effect trait on purpose: it has no results, so xDSL would
    delete it as dead if it declared none."""

    name = "memir.contiguous"
    buffers = var_operand_def(BufferType)

    def __init__(self, buffers: list[SSAValue]):
        super().__init__(operands=[buffers])

    assembly_format = "$buffers attr-dict"

    def verify_(self) -> None:
        if len(self.buffers) < 2:
            raise VerifyException("a contiguous group needs at least two buffers")
        if len(set(self.buffers)) != len(self.buffers):
            raise VerifyException("a buffer appears twice in one contiguous group")
        for value in self.buffers:
            if not isinstance(value.owner, AllocOp):
                raise VerifyException("contiguous groups hold memir.alloc buffers only")
            groups = sum(1 for use in value.uses if isinstance(use.operation, ContiguousOp))
            if groups > 1:
                raise VerifyException(
                    f"buffer {value_label(value)} is in {groups} contiguous groups"
                )


def value_label(value: SSAValue) -> str:
    """A name for diagnostics: the buffer id, else the SSA name."""
    owner = value.owner
    if isinstance(owner, AllocOp) and owner.buffer_id is not None:
        return f'"{owner.buffer_id.data}"'
    return f"%{value.name_hint}" if value.name_hint else "<unnamed>"


@irdl_op_definition
class ArenaOp(IRDLOperation):
    """``%m = memir.arena 8192 align 64``: the one block every planned buffer lives in;
    ``space "sram"``: the block of one memory space (one arena per space).

    Custom syntax: a declarative format would print ``#builtin.int<8192>``. Effect:
    allocate."""

    name = "memir.arena"
    size = prop_def(IntAttr)
    alignment = opt_prop_def(IntAttr)
    space = opt_prop_def(StringAttr)
    result = result_def(BufferType)
    traits = traits_def(MemoryAllocEffect())

    def __init__(self, size: int, alignment: int = 1, space: str | None = None):
        props: dict[str, Attribute] = {"size": IntAttr(size)}
        if alignment != 1:
            props["alignment"] = IntAttr(alignment)
        if space is not None:
            props["space"] = StringAttr(space)
        super().__init__(properties=props, result_types=[BufferType()])

    @classmethod
    def parse(cls, parser: Parser) -> ArenaOp:
        size = parser.parse_integer()
        alignment = parser.parse_integer() if parser.parse_optional_keyword("align") else 1
        space = (parser.parse_str_literal(" for the memory space")
                 if parser.parse_optional_keyword("space") else None)
        op = cls(size, alignment, space)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.size.data}")
        if self.alignment is not None and self.alignment.data != 1:  # 1 is the default
            printer.print_string(f" align {self.alignment.data}")
        if self.space is not None:
            printer.print_string(" space ")
            printer.print_string_literal(self.space.data)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.size.data < 0:
            raise VerifyException(f"arena size must be non-negative, got {self.size.data}")
        check_bytes("arena size", self.size.data)
        align = 1 if self.alignment is None else self.alignment.data
        check_bytes("alignment", align)
        if not _is_power_of_two(align):
            raise VerifyException(f"alignment must be a power of two, got {align}")


@irdl_op_definition
class ViewOp(IRDLOperation):
    """``%v = memir.view %m at 128 size 4096 id "a"``: a planned buffer inside the arena.

    Custom syntax: a declarative format would print ``#builtin.int<128>``. Not ``Pure``:
    an unused view is still a buffer of the plan (exports list it), so it carries no
    effect trait and dead-code elimination keeps it."""

    name = "memir.view"
    arena = operand_def(BufferType)
    offset = prop_def(IntAttr)
    size = prop_def(IntAttr)
    buffer_id = opt_prop_def(StringAttr, prop_name="id")
    result = result_def(BufferType)

    def __init__(self, arena: SSAValue, offset: int, size: int, buffer_id: str | None = None):
        props: dict[str, Attribute] = {"offset": IntAttr(offset), "size": IntAttr(size)}
        if buffer_id is not None:
            props["id"] = StringAttr(buffer_id)
        super().__init__(operands=[arena], properties=props, result_types=[BufferType()])

    @classmethod
    def parse(cls, parser: Parser) -> ViewOp:
        arena = parser.parse_operand(BufferType())
        parser.parse_keyword("at")
        offset = parser.parse_integer()
        parser.parse_keyword("size")
        size = parser.parse_integer()
        buffer_id = parser.parse_str_literal() if parser.parse_optional_keyword("id") else None
        op = cls(arena, offset, size, buffer_id)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.arena)
        printer.print_string(f" at {self.offset.data} size {self.size.data}")
        if self.buffer_id is not None:
            printer.print_string(" id ")
            printer.print_string_literal(self.buffer_id.data)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.offset.data < 0 or self.size.data <= 0:
            raise VerifyException("a view needs a non-negative offset and a positive size")
        check_bytes("view offset", self.offset.data)
        check_bytes("view size", self.size.data)
        if not isinstance(self.arena.owner, ArenaOp):
            raise VerifyException("memir.view takes a memir.arena value")
        if self.offset.data + self.size.data > self.arena.owner.size.data:
            raise VerifyException(
                f"view [{self.offset.data}, {self.offset.data + self.size.data}) reaches "
                f"past the arena of {self.arena.owner.size.data} bytes"
            )
