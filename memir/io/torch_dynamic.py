"""``--import-torch --dynamic seq=1..2048``: the same fake-tensor trace with sizes as symbols.

Why not a second importer (torch.export): the kernel recorder already sees what eager
PyTorch allocates, views and in-place ops included; a ``ShapeEnv`` under its fake mode
makes the marked input dimension a SymInt (as torch.export's ``Dim`` does), every byte
size a sympy expression of it, and this module turns those into ``Poly``s. What the model
cannot keep general is an error, never a silent plan: a size that is not a polynomial (a
strided convolution's floor division) names its node, and a branch on a size (a guard the
trace took that fails somewhere in the range) or a size read as a Python int names the
symbol. As torch.export does, the trace runs at a size of 2 or more (sizes 0 and 1
broadcast, so PyTorch specializes them); its byte sizes are read as the same polynomials
at every point of the declared range.
"""

from __future__ import annotations

import re
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from memir.model.symbolic import MAX_SYMBOL_VALUE, Poly, Symbol, point_text, range_points


class DynamicShapeError(ValueError):
    """A bad ``--dynamic`` or a model whose sizes cannot stay symbolic (one line)."""


_SPEC = re.compile(r"^(?:(?P<dim>\d+):)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)="
                   r"(?P<lower>\d+)\.\.(?P<upper>\d+|inf)(?::(?P<divisor>\d+))?$")
SPEC_HELP = "[DIM:]NAME=LO..HI[:DIVISOR], e.g. seq=1..2048, 0:batch=1..64, seq=8..2048:8"


@dataclass(frozen=True)
class DynamicDim:
    """A dimension of the example input (``dim`` None: the default one) as a symbol."""

    symbol: Symbol
    dim: int | None = None


def parse_dynamic(text: str) -> DynamicDim:
    """``[DIM:]NAME=LO..HI[:DIVISOR]`` -> DynamicDim; DynamicShapeError saying why not."""
    match = _SPEC.match(text.strip())
    if match is None:
        raise DynamicShapeError(f"bad --dynamic '{text}': expected {SPEC_HELP}")
    lower, upper = int(match["lower"]), match["upper"]
    upper = None if upper == "inf" else int(upper)
    divisor = int(match["divisor"] or 1)
    if divisor < 1:
        raise DynamicShapeError(f"bad --dynamic '{text}': the divisor must be at least 1")
    symbol = Symbol(match["name"], lower, upper, divisor)
    if max(lower, upper or 0) > MAX_SYMBOL_VALUE:
        raise DynamicShapeError(f"bad --dynamic '{text}': the range goes beyond 2^40")
    if symbol.empty:
        raise DynamicShapeError(f"bad --dynamic '{text}': the range [{lower}, {upper}] holds "
                                "no value" + (f" divisible by {divisor}" if divisor > 1 else ""))
    if symbol.last is not None and symbol.last < 2:
        raise DynamicShapeError(f"bad --dynamic '{text}': a dynamic size needs a value of 2 or "
                                "more in its range (PyTorch specializes sizes 0 and 1)")
    return DynamicDim(symbol, None if match["dim"] is None else int(match["dim"]))


def resolve_dims(dynamic: list[DynamicDim], shape: tuple[int, ...], tokens: bool
                 ) -> dict[int, Symbol]:
    """{input dimension: symbol}. The default dimension: 0 (the batch) for a symbol named
    ``batch`` and for models without a token input, 1 (the sequence) for token models."""
    dims: dict[int, Symbol] = {}
    names: set[str] = set()
    text = "x".join(map(str, shape))
    for d in dynamic:
        dim = d.dim if d.dim is not None else (1 if tokens and d.symbol.name != "batch" else 0)
        if dim >= len(shape):
            raise DynamicShapeError(f"--dynamic {d.symbol.name}: unknown dimension {dim}: the "
                                    f"example input is {text} (dimensions 0 to {len(shape) - 1})")
        if dim in dims or d.symbol.name in names:
            raise DynamicShapeError(f"--dynamic {d.symbol.name}: dimension {dim} or the name is "
                                    "given twice (give each symbol its own DIM:)")
        dims[dim], names = d.symbol, names | {d.symbol.name}
    return dims


def example_size(symbol: Symbol, default: int) -> int:
    """The size the trace runs at: the example's own if the range holds it, else the middle
    of the range's values from 2 (a multiple of the divisor)."""
    first = max(symbol.first, -(-2 // symbol.divisor) * symbol.divisor)
    last = symbol.last if symbol.last is not None else first + 4096
    if first <= default <= last and default % symbol.divisor == 0:
        return default
    middle = (first + last) // 2
    return max(first, middle // symbol.divisor * symbol.divisor)


class SymbolicSizes:
    """The trace's size symbols by name, and the conversions of SymInts to ``Poly``."""

    def __init__(self, env, symbols: dict[object, Symbol], hints: dict[str, int]) -> None:
        self.env, self.symbols, self.hints = env, symbols, hints  # sympy symbol -> Symbol

    def poly(self, value, where: str) -> Poly:
        """``value`` (an int or a SymInt) as a polynomial of the named symbols."""
        import sympy

        if isinstance(value, int):
            return Poly.const(value)
        expr = sympy.expand(value.node.expr)
        unknown = expr.free_symbols - set(self.symbols)
        ours = sorted(expr.free_symbols & set(self.symbols), key=str)
        if unknown or not expr.is_polynomial(*ours):
            raise DynamicShapeError(f"{where}: its size {self.text(expr)} is not a polynomial "
                                    "of the --dynamic sizes (memir plans polynomial sizes)")
        if not ours:
            return Poly.const(int(expr))
        terms = []
        for powers, coefficient in sympy.Poly(expr, *ours).terms():
            if not coefficient.is_integer:
                raise DynamicShapeError(f"{where}: its size {self.text(expr)} has a fractional "
                                        "coefficient")
            monomial = tuple(self.symbols[s].name for s, k in zip(ours, powers) for _ in range(k))
            terms.append((monomial, int(coefficient)))
        return Poly.of(terms)

    def text(self, expr) -> str:
        return str(expr.subs({s: _named(sym.name) for s, sym in self.symbols.items()}))

    def check_general(self) -> None:
        """Raise if the trace holds for part of the range only: a symbol replaced (read as an
        int, or found equal to another) or a guard false at a point of the range."""
        for s, symbol in self.symbols.items():
            if s in self.env.replacements:
                raise DynamicShapeError(
                    f"the model fixes {symbol.name} at {self.text(self.env.replacements[s])} "
                    "(it reads the size as a Python number or compares it): it cannot be "
                    "dynamic")
        points = range_points(self.symbols.values())
        for guard in self.env.guards:
            if not guard.expr.free_symbols & set(self.symbols):
                continue
            for point in points:
                values = {s: point[sym.name] for s, sym in self.symbols.items()}
                if not bool(guard.expr.subs(values)):
                    raise DynamicShapeError(
                        f"the model's code holds only where {self.text(guard.expr)} (it "
                        f"branches on a size), not at {point_text(point)}: narrow --dynamic")

    def at_hint(self, poly: Poly) -> int:
        return poly.evaluate(self.hints)


def _named(name: str):
    import sympy

    return sympy.Symbol(name, integer=True, positive=True)


def symbolic_example(fake, shape: tuple[int, ...], dtype, dims: dict[int, Symbol]):
    """(example input, SymbolicSizes): a fake tensor of ``shape`` whose dimensions in
    ``dims`` are symbols with those ranges, under ``fake``'s ShapeEnv."""
    import torch
    from torch.fx.experimental.symbolic_shapes import (
        DimDynamic,
        StatelessSymbolicContext,
        StrictMinMaxConstraint,
    )
    from torch.utils._sympy.numbers import int_oo
    from torch.utils._sympy.value_ranges import ValueRanges

    hinted = tuple(example_size(dims[k], d) if k in dims else d for k, d in enumerate(shape))
    context = StatelessSymbolicContext(
        dynamic_sizes=[DimDynamic.DYNAMIC if k in dims else DimDynamic.STATIC
                       for k in range(len(shape))],
        constraint_sizes=[StrictMinMaxConstraint(
            vr=ValueRanges(dims[k].lower, int_oo if dims[k].upper is None else dims[k].upper),
            warn_only=False) if k in dims else None for k in range(len(shape))])
    example = fake.from_tensor(torch.empty(hinted, dtype=dtype), symbolic_context=context)
    symbols = {example.shape[k].node.expr: symbol for k, symbol in dims.items()}
    hints = {symbol.name: hinted[k] for k, symbol in dims.items()}
    return example, SymbolicSizes(fake.shape_env, symbols, hints)


def make_fake_mode(dynamic: bool):
    """A fake mode; with a ShapeEnv (no duck sizing: equal sizes stay distinct symbols)."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    env = ShapeEnv(duck_shape=False) if dynamic else None
    return FakeTensorMode(allow_non_fake_inputs=True, shape_env=env)


def portable_kernels(dynamic: bool):
    """A context for the trace: for a dynamic one, oneDNN and NNPACK off, as torch.export
    turns them off; their CPU convolution choice branches on the batch (>= 16), which
    picks a memory format, never a byte size, but would narrow the range."""
    return _without_cpu_libraries() if dynamic else nullcontext()


@contextmanager
def _without_cpu_libraries():
    import torch

    saved = torch._C._get_mkldnn_enabled(), torch._C._get_nnpack_enabled()
    torch._C._set_mkldnn_enabled(False)
    torch._C._set_nnpack_enabled(False)
    try:
        yield
    finally:
        torch._C._set_mkldnn_enabled(saved[0])
        torch._C._set_nnpack_enabled(saved[1])
