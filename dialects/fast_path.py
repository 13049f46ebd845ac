"""Fast paths for the two ops that make up most of a large graph: alloc and compute.

Why: xDSL's token-by-token parser and its generic IRDL construction and verification cost
too much per op for graphs of tens of thousands of ops. The common one-line forms are
matched with one regular expression at the lexer's position (the alloc's built from
dialects/alloc_syntax.py), built with ``Operation.create`` and checked by the short
structural verifiers below; anything else falls back to the full parser, and the output
is identical either way. At 100k buffers even that is too slow, so ``parse_alloc_lines``
reads a whole run of alloc lines without the lexer, and ``new_op`` builds each op from a
template instead of running ``Operation.__init__``. Private xDSL members read here for
speed are reached through dialects/xdsl_internals.py, which says why for each; the
round-trip and differential tests exercise every use.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnitAttr,
    i32,
    i64,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    ErasedSSAValue,
    OpResult,
    Operation,
    Region,
    SSAValue,
    SSAValues,
)
from xdsl.irdl import OpDef, traits_def
from xdsl.parser import Parser
from xdsl.traits import IsolatedFromAbove, NoTerminator, SymbolTable
from xdsl.utils.exceptions import ParseError, VerifyException

from memir.dialects.alloc_syntax import ALLOC_PATTERN, BYTES, DEFAULTS, FIELD_KINDS, STEP, STRING
from memir.dialects.attributes import BufferType, SafetyAttr, StreamType
from memir.dialects.limits import MAX_BYTES, MAX_STEP
from memir.dialects.xdsl_internals import (
    append_new_ops,
    first_op,
    has_operands_or_successors,
    next_op,
    own_verify,
    raw_operands,
    raw_successors,
    resume_from,
)

BUFFER = BufferType()
LINE_END = r"[ \t]*(?=\n|\r|$|//|\})"
# The forms: "%b = memir.alloc 4096 align 64 live [0, 3) offset 128 id "b"",
# "memir.compute "conv" on %s ins(%a, %b) outs(%c)", and the importer's tensor form
# "%y = memir.compute "aten.relu" on %s (%x) : tensor<8xf32> {bytes = 64 : i64}" (result
# types read once per distinct text, built with the op's constructor). Forward references,
# other attribute dictionaries, writes and the rarer clauses take the full parser.
_ALLOC = re.compile(ALLOC_PATTERN + LINE_END)  # the clauses of dialects/alloc_syntax.py
VALUE_NAME = r"%[A-Za-z0-9_$.\-]+"
_LIST = rf"(?:{VALUE_NAME}(?:, {VALUE_NAME})*)?"
# Integer attributes as the importer writes them (``bytes``, ``flops``)
_INT_ENTRY = r"[A-Za-z_][A-Za-z0-9_]* = -?\d{1,18} : i64"
_INT_ATTRIBUTES = rf"(?: \{{({_INT_ENTRY}(?:, {_INT_ENTRY})*)\}})?"
# The buffer form as ComputeOp prints it; values written as the alloc's.
BUFFER_COMPUTE = re.compile(
    STRING.pattern.format("kernel") + rf"(?: on ({VALUE_NAME}))? ins\(({_LIST})\) outs\(({_LIST})\)"
    + rf"(?: ws\(({_LIST})\))?"
    + "(?: workspace " + BYTES.pattern.format("workspace") + ")?" + _INT_ATTRIBUTES + LINE_END
)
# The tensor form as the importer writes it: operands, ``writes(...)``, result types
# (simple tensor types, or none) and integer attributes.
_TYPE = r"tensor<[^<>(){}\[\],\"\n]*>"
TENSOR_TYPE = re.compile(_TYPE)
TENSOR_COMPUTE = re.compile(
    STRING.pattern.format("kernel") + rf"(?: on ({VALUE_NAME}))? \(({_LIST})\)"
    + rf"(?: writes\(({_LIST})\))?"
    + "(?: workspace " + BYTES.pattern.format("workspace") + ")?"
    + rf" : (\(\)|{_TYPE}|\({_TYPE}(?:, {_TYPE})*\))" + _INT_ATTRIBUTES + LINE_END
)
_segment_cache: dict[tuple[int, ...], Attribute] = {}
_type_cache: dict[str, Attribute] = {}
_i64_cache: dict[str, Attribute] = {}


def segment_sizes(sizes: tuple[int, ...]) -> Attribute:
    attr = _segment_cache.get(sizes)
    if attr is None:
        attr = _segment_cache[sizes] = DenseArrayBase.from_list(i32, sizes)
    return attr


def _match(parser: Parser, pattern: re.Pattern) -> re.Match | None:
    return pattern.match(parser.lexer.input.content, parser.pos)


def lookup_values(parser: Parser, names: str) -> list[SSAValue] | None:
    if not names:
        return []
    values = []
    table = parser.ssa_values
    for name in names.split(", "):
        found = table.get(name[1:])
        if found is None or len(found) != 1:
            return None  # a forward reference or a tuple: let the full parser handle it
        values.append(found[0])
    return values


_int_attrs: dict[int | str, IntAttr] = {}


def int_attr(value: int | str) -> IntAttr:
    """IntAttr(int(value)), shared: attributes are immutable values, and sizes, lifetimes
    and offsets repeat a lot in a large module (fewer objects, less memory). The parser
    passes the digits as written, which saves the int() of a repeated value."""
    attr = _int_attrs.get(value)
    if attr is None:
        if len(_int_attrs) >= 1 << 20:  # a bound on the cache, not on the input
            _int_attrs.clear()
        attr = _int_attrs[value] = _data_attr(IntAttr, int(value))
    return attr


def _data_attr(cls: type, data) -> Attribute:
    """``cls(data)`` for a Data attribute whose ``verify`` checks nothing (IntAttr,
    StringAttr in xDSL 0.74), without the dataclass __init__ and __post_init__ calls: a
    third of the cost of building an alloc. Any other class takes its constructor."""
    if cls not in _UNCHECKED:
        return cls(data)
    attr = _new(cls)
    _set(attr, "data", data)
    return attr


_set = object.__setattr__


_templates: dict[type, tuple[dict, dict]] = {}
_new = object.__new__
# Data attributes whose construction checks nothing but Attribute's own (xDSL 0.74).
_UNCHECKED = frozenset(cls for cls in (IntAttr, StringAttr)
                       if cls.verify is Attribute.verify
                       and cls.__post_init__ is Attribute.__post_init__)


def _template(cls: type[Operation], properties: dict[str, Attribute] | None = None):
    """The shared instance fields of ``cls`` and of its result (see ``new_op``), or, when
    ``create`` fills in defaults for ``properties``, the probe it built."""
    template = _templates.get(cls)
    if template is None:
        properties = properties if properties is not None else {"size": IntAttr(1)}
        probe = cls.create(result_types=[BUFFER], properties=dict(properties))
        if probe.properties.keys() != properties.keys() or probe.attributes:
            return probe
        fresh = ("results", "properties", "attributes")
        template = _templates[cls] = (
            {k: v for k, v in vars(probe).items() if k not in fresh},
            {k: v for k, v in vars(probe.results[0]).items() if k != "op"},
        )
    return template


def new_op(cls: type[Operation], properties: dict[str, Attribute]) -> Operation:
    """``cls.create(result_types=[BUFFER], properties=properties)``, cheaper.

    The op and its result get the instance fields of a probe built by ``create`` (the
    empty operands, successors and regions, the unknown location, which are shared
    immutable values), and fresh ``results``, ``properties`` and ``attributes``. Only for
    ops without operands or regions and with one buffer result (alloc).
    """
    template = _template(cls, properties)
    if isinstance(template, Operation):
        return template  # create filled in defaults: no template for this class
    return _from_template(cls, *template, properties)


def _from_template(cls: type[Operation], op_fields: dict, result_fields: dict,
                   properties: dict[str, Attribute]) -> Operation:
    """A new ``cls`` op with the template's fields, a fresh result and ``properties``."""
    op = _new(cls)
    fields = op.__dict__
    fields.update(op_fields)
    result = _new(OpResult)
    result.__dict__.update(result_fields)
    result.op = op
    fields["results"] = SSAValues((result,))
    fields["properties"] = properties
    fields["attributes"] = {}
    return op


def _string_attr(text: str) -> StringAttr:
    return _data_attr(StringAttr, text)


# Per group of _ALLOC: its property, how its text becomes an attribute (None: a flag),
# and the default value that is not stored.
_FIELD_ATTRS = tuple(
    (field, {BYTES: int_attr, STEP: int_attr, STRING: _string_attr}.get(kind),
     DEFAULTS.get(field))
    for field, kind in FIELD_KINDS.items())


def _alloc_properties(groups: tuple[str | None, ...]) -> dict[str, Attribute]:
    """The properties of the groups of _ALLOC, as AllocOp's own parser sets them."""
    props: dict[str, Attribute] = {}
    for (field, attr, default), text in zip(_FIELD_ATTRS, groups):
        if text is not None:
            value = UnitAttr() if attr is None else attr(text)
            if default is None or value.data != default:
                props[field] = value
    return props


def try_parse_alloc(cls: type[Operation], parser: Parser) -> Operation | None:
    m = _match(parser, _ALLOC)
    if m is None:
        return None
    props = _alloc_properties(m.groups())
    resume_from(parser, m.end())
    return new_op(cls, props)


GAP = r"(?:[ \t\r\n]+|//[^\n]*)*"  # blank space and comments between ops
# One alloc line and the blank lines and comments after it, in one match (also read by
# memir/tools/alloc_export.py, which exports such lines without building their ops).
# After the table's clauses, a stream-safety summary as stream-safety writes it (vectors of
# at most 18-digit integers; any other is the op's parser's).
_VECTOR = r"\[-?\d{1,18}(?:, -?\d{1,18})*\]"
SAFETY = rf"(?: safety <(?P<safety>{_VECTOR}(?:, {_VECTOR})*)>)?"
ALLOC_LINE = re.compile(r"%(?P<name>[A-Za-z_$.\-][A-Za-z0-9_$.\-]*) = memir\.alloc "
                        + ALLOC_PATTERN + SAFETY + LINE_END + GAP)
NUMBERED_NAME = re.compile(r"_\d+$")  # %x_1: a name hint the printer would not keep


def parse_alloc_lines(parser: Parser, block: Block, cls: type[Operation],
                      op_starts: dict | None = None) -> None:
    """Parse the run of one-line ``%name = memir.alloc ...`` ops at the parser's position
    into ``block`` as ``cls`` (AllocOp: the caller checks that the parser's context maps
    the name to it), noting where each began in ``op_starts``; the parser is left after
    the run.

    The run stops at the first line the regular expressions do not take whole, and at a
    name already defined or used before its definition: the full parser reads that one
    and reports what is wrong with it. ``%0``-style names are left to it too (no name
    hint); a ``%x_1``-style name's hint is ``x``, as xDSL's parser sets it.

    One loop does what ``new_op``, ``_alloc_properties`` and ``Block.add_op`` do per op
    (this is the whole cost of reading a 100k-buffer import); the run's ops are then linked
    into the block in one go (``append_new_ops``: they are new, so ``add_op``'s checks hold).
    """
    text = parser.lexer.input.content
    pos = start = parser.pos
    if (m := ALLOC_LINE.match(text, pos)) is None:
        return
    template = _template(cls)
    if isinstance(template, Operation):
        return  # create fills in defaults for this class: the full parser, op by op
    defined, forward = parser.ssa_values, parser.forward_ssa_references
    starts = op_starts if op_starts is not None else {}
    ops: list[Operation] = []
    results: list[SSAValue] = []
    hints: list[str] = []
    try:
        pos = _read_alloc_run(m, text, pos, cls, template, defined, forward, starts,
                              (ops, results, hints))
    finally:
        append_new_ops(block, ops, results, hints)
    if pos != start:
        resume_from(parser, pos)


def _read_alloc_run(m: re.Match, text: str, pos: int, cls: type[Operation], template,
                    defined: dict, forward: dict, starts: dict, found: tuple) -> int:
    """``parse_alloc_lines``' loop: the ops of the run from ``m`` on, their results and
    their name hints into the three lists of ``found``; the position after the run."""
    op_fields, result_fields = template
    line, numbered, ints, int_get = ALLOC_LINE.match, NUMBERED_NAME.search, int_attr, _int_attrs.get
    new, build, plain_strings = _new, _from_template, StringAttr in _UNCHECKED
    ops, results, hints = found
    add_op, add_result, add_hint = ops.append, results.append, hints.append
    while m is not None:
        # by position, for speed: ALLOC_LINE's groups are "name" and ALLOC_FIELDS (checked
        # in tests/test_syntax_differential.py)
        name, size, align, lower, upper, offset, buffer_id, external, space, safety = \
            m.groups()
        if name in defined or name in forward:
            break
        try:
            # the cache first: IntAttr's own truth test (``or``) is a Python call
            if (attr := int_get(size)) is None:
                attr = ints(size)
            props: dict[str, Attribute] = {"size": attr}
            if align is not None and align != "1" and (attr := ints(align)).data != 1:
                props["alignment"] = attr  # as AllocOp(): alignment 1 is the default
            if lower is not None:
                if (attr := int_get(lower)) is None:
                    attr = ints(lower)
                props["lower"] = attr
                if (attr := int_get(upper)) is None:
                    attr = ints(upper)
                props["upper"] = attr
            if offset is not None:
                if (attr := int_get(offset)) is None:
                    attr = ints(offset)
                props["offset"] = attr
        except ValueError:  # int() refuses over 4300 digits: the full parser reports it
            break
        if buffer_id is not None:
            if plain_strings:  # _data_attr(StringAttr, buffer_id), inlined
                attr = new(StringAttr)
                attr.__dict__["data"] = buffer_id
            else:
                attr = StringAttr(buffer_id)
            props["id"] = attr
        if external is not None:
            props["external"] = UnitAttr()
        if safety is not None:  # before space, in the order AllocOp.parse sets them
            props["safety"] = safety_attr(safety)
        if space is not None:
            props["space"] = StringAttr(space)
        op = build(cls, op_fields, result_fields, props)
        result = op.__dict__["results"][0]
        add_op(op)
        add_result(result)
        # the hint xDSL's setter keeps: the name less a ``_N`` suffix
        add_hint(name[:suffix.start()] if "_" in name and (suffix := numbered(name)) else name)
        defined[name] = (result,)
        starts[op] = pos
        pos = m.end()
        m = line(text, pos)
    return pos


def safety_attr(vectors: str) -> SafetyAttr:
    """The SafetyAttr of SAFETY's group: ``[0, -1], [2, 3]``."""
    return SafetyAttr(tuple(tuple(map(int, v.split(", "))) for v in vectors[1:-1].split("], [")))


def _parse_one(pattern: re.Pattern, build, cls: type[Operation], parser: Parser
               ) -> Operation | None:
    """The op ``build`` makes of ``pattern``'s match at the parser's position, the parser
    moved past it; None (the parser where it was) when either declines."""
    m = _match(parser, pattern)
    op = None if m is None else build(cls, parser, m.groups())
    if op is not None:
        resume_from(parser, m.end())
    return op


def try_parse_compute(cls: type[Operation], parser: Parser) -> Operation | None:
    """The buffer form's common line (``BUFFER_COMPUTE``); anything else, None."""
    return _parse_one(BUFFER_COMPUTE, buffer_compute, cls, parser)


def buffer_compute(cls: type[Operation], parser: Parser,
                   groups: tuple[str | None, ...]) -> Operation | None:
    """The op of ``BUFFER_COMPUTE``'s groups, or None when an operand is a forward
    reference or a tuple, or an attribute is given twice (the full parser reads those)."""
    kernel, stream_name, ins, outs, spaces, workspace, entries = groups
    stream = lookup_values(parser, stream_name) if stream_name else []
    inputs, outputs = lookup_values(parser, ins), lookup_values(parser, outs)
    workspaces = lookup_values(parser, spaces) if spaces else []
    attributes = _int_attributes(entries)
    if stream is None or inputs is None or outputs is None or workspaces is None \
            or attributes is None or workspace is not None and len(workspace) > 18:
        return None  # (a workspace past 18 digits: the full parser's verifier says why)
    props: dict[str, Attribute] = {
        "kernel": _kernel_attr(kernel),
        "operandSegmentSizes": segment_sizes(
            (len(stream), len(inputs), len(outputs), len(workspaces))),
    }
    if workspace is not None:
        props["workspace"] = int_attr(workspace)
    return cls.create(operands=[*stream, *inputs, *outputs, *workspaces], properties=props,
                      attributes=attributes)


def _int_attributes(entries: str | None) -> dict[str, Attribute] | None:
    """The attributes of ``_INT_ATTRIBUTES``' group; None when a key is given twice."""
    attributes = {}
    for entry in entries.split(", ") if entries else ():
        key, value = entry.split(" = ")
        if key in attributes:
            return None
        attributes[key] = _i64(value[: -len(" : i64")])
    return attributes


def try_parse_tensor_compute(cls: type[Operation], parser: Parser) -> Operation | None:
    """The tensor form's common line (``TENSOR_COMPUTE``): operands by name, result types
    read once per distinct text, ``{name = N : i64}`` attributes; anything else, None."""
    return _parse_one(TENSOR_COMPUTE, tensor_compute, cls, parser)


def tensor_compute(cls: type[Operation], parser: Parser,
                   groups: tuple[str | None, ...]) -> Operation | None:
    """The op of ``TENSOR_COMPUTE``'s groups, or None for what the full parser must read
    (a forward reference, a type that is not one, a ``writes`` name that is no operand
    or is named twice, a key given twice: it reports each)."""
    kernel, stream_name, names, written, workspace, types, entries = groups
    stream = lookup_values(parser, stream_name) if stream_name else []
    inputs = lookup_values(parser, names)
    if stream is None or inputs is None or workspace is not None and len(workspace) > 18:
        return None
    writes = _written_indices(parser, inputs, written) if written else ()
    if writes is None:
        return None
    result_types = [] if types == "()" else [
        parsed_type(parser, t) for t in types.strip("()").split(", ")]
    if None in result_types:
        return None  # the full parser points at what is wrong, in the input's own lines
    attributes = _int_attributes(entries)
    if attributes is None:
        return None
    op = cls(_kernel_attr(kernel), stream[0] if stream else None, inputs,
             result_types=result_types, workspace=int(workspace) if workspace else None,
             writes=writes)
    op.attributes.update(attributes)
    return op


def operand_indices(inputs: list[SSAValue], values: list[SSAValue]) -> list[int | None]:
    """Each value's first index among ``inputs`` (None: not among them): how ``writes``
    names the operands an op updates in place."""
    first_index: dict[SSAValue, int] = {}
    for k, value in enumerate(inputs):
        first_index.setdefault(value, k)
    return [first_index.get(value) for value in values]


def _written_indices(parser: Parser, inputs: list[SSAValue], names: str
                     ) -> list[int] | None:
    """``writes(...)`` as ComputeOp's parser reads it, increasing; None when a name is not
    an operand or is named twice."""
    written = lookup_values(parser, names)
    if written is None:
        return None
    indices = operand_indices(inputs, written)
    if None in indices or len(set(indices)) != len(indices):
        return None
    return sorted(indices)


# StringAttr(text), one per kernel name: a graph repeats a few hundred names
_kernel_attr = functools.lru_cache(maxsize=1 << 16)(_string_attr)


def parsed_type(parser: Parser, text: str) -> Attribute | None:
    """The type ``text`` spells, parsed once (types are immutable values); None if it is
    not one."""
    found = _type_cache.get(text)
    if found is None:
        try:
            found = Parser(parser.ctx, text).parse_type()
        except ParseError:
            return None
        _type_cache[text] = found
    return found


def _i64(digits: str) -> Attribute:
    found = _i64_cache.get(digits)
    if found is None:
        if len(_i64_cache) >= 1 << 16:  # a bound on the cache, not on the input
            _i64_cache.clear()
        found = _i64_cache[digits] = IntegerAttr(int(digits), i64)
    return found


_ALLOC_PROPS = {
    "size": IntAttr, "alignment": IntAttr, "lower": IntAttr, "upper": IntAttr,
    "offset": IntAttr, "id": StringAttr, "space": StringAttr, "safety": SafetyAttr,
}


def check_alloc_structure(op: Operation) -> bool:
    """True when the common structure holds; False asks for the full IRDL verifier."""
    if raw_operands(op) or op.regions or raw_successors(op):
        return False
    results = op.results
    if len(results) != 1:
        return False
    (result,) = results  # not SSAValues.__getitem__, which checks its index's type
    if type(result.type) is not BufferType:
        return False
    props = op.properties
    if type(props.get("size")) is not IntAttr:
        return False
    expected = _ALLOC_PROPS.get
    for key, value in props.items():
        if type(value) is not expected(key):
            return False  # memref, safety, external, or a stranger: the slow path decides
    return True


def check_compute_structure(op: Operation) -> bool:
    """Either form of compute, as IRDL checks it: the known properties with their kinds,
    stream?, operands, outs, ws segments, a stream-typed stream and buffer-typed outs and
    ws (the inputs and results of the tensor form may be of any type, as IRDL allows)."""
    if op.regions or raw_successors(op):
        return False
    props = op.properties
    segments = props.get("operandSegmentSizes")
    if type(props.get("kernel")) is not StringAttr or type(segments) is not DenseArrayBase \
            or segments.elt_type != i32:
        return False
    for key, value in props.items():
        if key == "workspace":
            if type(value) is not IntAttr:
                return False
        elif key == "writes":
            if type(value) is not DenseArrayBase or value.elt_type != i64:
                return False
        elif key not in ("kernel", "operandSegmentSizes"):
            return False
    sizes = segments.get_values()
    operands = raw_operands(op)
    if len(sizes) != 4 or sizes[0] > 1 or min(sizes) < 0 or sum(sizes) != len(operands):
        return False
    if sizes[0] and type(operands[0].type) is not StreamType:
        return False
    return all(type(v.type) is BufferType for v in operands[sum(sizes[:2]):])


def fast_verified(structure_check, semantic_check: str = "check_semantics"):
    """Class decorator, put above ``@irdl_op_definition``: the op's ``verify_`` runs
    ``structure_check`` first and, when it holds, only the op's method ``semantic_check``
    (the checks that the structure does not already imply); otherwise IRDL's full
    verifier.

    Why a decorator: ``irdl_op_definition`` puts on the class a ``verify_`` that always
    runs the full IRDL structural check before the class's own; this one, part of the
    class's definition, puts the short check in front of it."""

    def decorate(op_class: type[Operation]) -> type[Operation]:
        full_verify = op_class.verify_
        _fast_checks[op_class] = (structure_check, getattr(op_class, semantic_check))

        def verify_(self) -> None:
            checks = _fast_checks.get(op_class)  # read here: a test may empty the table
            if checks is not None and checks[0](self):
                checks[1](self)
            else:
                full_verify(self)

        op_class.verify_ = verify_
        return op_class

    return decorate


def walk_ops(op: Operation):
    """``op.walk()`` (pre-order), without a generator per op: ops without regions are
    yielded from their block's linked list directly."""
    yield op
    for region in op.regions:
        for block in region.blocks:
            child = first_op(block)
            while child is not None:
                if child.regions:
                    yield from walk_ops(child)
                else:
                    yield child
                child = next_op(child)


_fast_checks: dict[type[Operation], tuple] = {}


def verify_op_fast(op: Operation) -> bool:
    """``op.verify(verify_nested_ops=False)`` for an op of a ``fast_verified`` class that
    has the common structure and is not the last op of its block (the only op xDSL's
    terminator rules look at), or for a module (``_verify_module_op``): True when
    verified, a VerifyException when it fails its checks, False when the caller must run
    the full verifier."""
    checks = _fast_checks.get(type(op))
    if checks is None:
        return _verify_module_op(op) or _verify_func_op(op)
    if next_op(op) is None or op.parent is None:
        return False
    structure_check, semantic_check = checks
    for value in raw_operands(op):
        if type(value) is ErasedSSAValue:
            return False
    if not structure_check(op):
        return False
    semantic_check(op)
    return True


def ops_to_verify(module: Operation):
    """``walk_ops(module)``, but for the plain allocs that hold every rule
    ``verify_op_fast`` would check (``plain_alloc_holds``): those are checked inline and
    not yielded. Every other op, and an alloc that check is not sure of, is yielded for the
    caller's verifier, which reports what is wrong."""
    plain = {cls for cls, (structure, _) in _fast_checks.items()
             if structure is check_alloc_structure}
    holds = plain_alloc_holds
    yield module
    for region in module.regions:
        for block in region.blocks:
            op = first_op(block)
            while op is not None:
                following = next_op(op)
                if op.regions:
                    yield from ops_to_verify(op)
                elif type(op) not in plain or following is None or not holds(op):
                    yield op  # the last op of a block: xDSL's terminator rules look at it
                op = following


_PLAIN_KEYS = frozenset(("size", "alignment", "lower", "upper", "offset", "id", "space",
                         "safety"))


def plain_alloc_holds(op: Operation) -> bool:
    """True when ``check_alloc_structure`` holds and AllocOp.check_semantics would pass:
    bytes below 2^62, a power-of-two alignment that divides the offset, a non-empty
    lifetime of steps in (-2^31, 2^31). False: not sure (the full checks decide)."""
    if has_operands_or_successors(op):
        return False
    results, props = op.results, op.properties
    if len(results) != 1 or not props.keys() <= _PLAIN_KEYS:
        return False
    (result,) = results
    get = props.get
    size, alignment, offset = get("size"), get("alignment"), get("offset")
    lower, upper, buffer_id = get("lower"), get("upper"), get("id")
    space, safety = get("space"), get("safety")
    if (type(result.type) is not BufferType or type(size) is not IntAttr
            or not 0 < size.data < MAX_BYTES
            or buffer_id is not None and type(buffer_id) is not StringAttr
            or space is not None and type(space) is not StringAttr
            or safety is not None and type(safety) is not SafetyAttr):
        return False
    align = 1
    if alignment is not None:
        if type(alignment) is not IntAttr:
            return False
        align = alignment.data
        if not 0 < align < MAX_BYTES or align & (align - 1):
            return False
    if offset is not None and (type(offset) is not IntAttr or not 0 <= offset.data < MAX_BYTES
                               or offset.data % align):
        return False
    if lower is None and upper is None:
        return True
    return (type(lower) is IntAttr and type(upper) is IntAttr
            and -MAX_STEP < lower.data < upper.data < MAX_STEP)


# ----------------------------------------------------------------- the module's traits
# A module's own verifier runs IsolatedFromAbove and SymbolTable over every op in it: for a
# 100k-alloc module a quarter of the whole verification, spent on ops that cannot matter.
# The two below are xDSL 0.74's (pinned), but for the ops they skip: an op without operands
# and regions uses no value from outside (IsolatedFromAbove), and an op without a
# ``sym_name`` is no symbol (SymbolTable). Same checks, same messages. They are memir's own
# trait classes, used only by ``verify_op_fast`` through a copy of ModuleOp's definition:
# xDSL's traits, and ``op.verify()`` for anyone else, stay as they are.


class _IsolatedFromAbove(IsolatedFromAbove):
    def verify(self, op: Operation) -> None:
        inside = _blocks_in(op)
        regions: list[Region] = list(op.regions)
        while regions:
            region = regions.pop()
            for block in region.blocks:
                child_op = first_op(block)
                while child_op is not None:
                    if raw_operands(child_op) or child_op.regions:
                        for operand in raw_operands(child_op):
                            kind = type(operand)
                            if kind is OpResult:  # its op sits in one of the blocks
                                ok = operand.op is not op and operand.op.parent in inside
                            elif kind is BlockArgument:
                                ok = operand.block in inside
                            else:  # xDSL's own rule, for any other kind of value
                                ok = op.is_ancestor(operand.owner) and operand.owner is not op
                            if not ok:
                                raise VerifyException(
                                    "Operation using value defined out of its "
                                    f"IsolatedFromAbove parent: {child_op}"
                                )
                        if not child_op.has_trait(IsolatedFromAbove):
                            regions += child_op.regions
                    child_op = next_op(child_op)


def _blocks_in(op: Operation) -> set[Block]:
    """Every block nested in ``op``, at any depth."""
    blocks: set[Block] = set()
    regions: list[Region] = list(op.regions)
    while regions:
        for block in regions.pop().blocks:
            blocks.add(block)
            child = first_op(block)
            while child is not None:
                if child.regions:
                    regions += child.regions
                child = next_op(child)
    return blocks


class _SymbolTable(SymbolTable):
    def verify(self, op: Operation) -> None:
        if len(op.regions) != 1:
            raise VerifyException("Operations with a 'SymbolTable' must have exactly one region")
        if len(op.regions[0].blocks) != 1:
            raise VerifyException("Operations with a 'SymbolTable' must have exactly one block")
        met_names: set[StringAttr] = set()
        child_op = first_op(op.regions[0].blocks[0])
        while child_op is not None:
            if "sym_name" in child_op.properties or "sym_name" in child_op.attributes:
                sym_name = child_op.get_attr_or_prop("sym_name")
                if isinstance(sym_name, StringAttr):
                    if sym_name in met_names:
                        raise VerifyException(f'Redefinition of symbol "{sym_name.data}"')
                    met_names.add(sym_name)
            child_op = next_op(child_op)


def _with_fast_traits(op_def: OpDef) -> OpDef:
    """A copy of ``op_def`` whose two module traits are the ones above."""
    fast = {IsolatedFromAbove: _IsolatedFromAbove(), SymbolTable: _SymbolTable()}
    return replace(op_def, traits=traits_def(*(fast.get(type(t), t) for t in op_def.traits)))


_MODULE_DEF = _with_fast_traits(ModuleOp.get_irdl_definition())
_FUNC_DEF = _with_fast_traits(FuncOp.get_irdl_definition())
# FuncOp's own ``verify_`` (entry block arguments against the signature), which IRDL's
# generated ``verify_`` calls after the definition's checks.
_FUNC_OWN_CHECK = own_verify(FuncOp)


def _verify_module_op(op: Operation) -> bool:
    """``op.verify(verify_nested_ops=False)`` for a builtin.module that no rule of
    ``Operation.verify`` other than its IRDL definition applies to (no operands or
    successors, not the last op of a block): that definition's checks with the traits
    above (ModuleOp has no verifier of its own in xDSL 0.74). False: the caller runs the
    full verifier."""
    if type(op) is not ModuleOp or raw_operands(op) or raw_successors(op) \
            or (op.parent is not None and next_op(op) is None):
        return False
    _MODULE_DEF.verify(op)
    return True


def _may_end_its_block(op: Operation) -> bool:
    """Whether ``Operation.verify``'s terminator rules pass a non-terminator ``op``: it
    is not the last op of its block, or that block is the only one of a region whose op
    needs no terminator (a function at the end of a module)."""
    block = op.parent
    if block is None or next_op(op) is not None or (region := block.parent) is None:
        return True
    owner = region.parent
    return len(region.blocks) == 1 and (owner is None or owner.has_trait(NoTerminator))


def _verify_func_op(op: Operation) -> bool:
    """The same for a func.func: its IRDL definition with the faster IsolatedFromAbove
    (a training step's one function holds tens of thousands of ops; measurements:
    docs/benchmarks.md), then FuncOp's own check. False: the caller runs the full
    verifier."""
    if type(op) is not FuncOp or raw_operands(op) or raw_successors(op) \
            or not _may_end_its_block(op):
        return False
    _FUNC_DEF.verify(op)
    _FUNC_OWN_CHECK(op)
    return True


__all__ = ["VerifyException", "fast_verified", "new_op", "ops_to_verify", "parse_alloc_lines",
           "plain_alloc_holds", "try_parse_alloc", "try_parse_compute", "verify_op_fast",
           "walk_ops"]
