"""Symbolic layout benchmark: one plan for a range of sizes against the three baselines.

Usage: python benchmarks/symbolic_layout.py [--seeds N] [--quiet]

Generated programs (a matmul chain over rows s, an attention block over a sequence s with
s*s scores, a convolution stack over a batch b, and a random 200-buffer program over s and
t), each from N seeds (default 4): the first half is the tuning half (what any constant of
the planner was chosen on), the second the held-out half. Per program and seed: planning
seconds, proof seconds (memir.verify.symbolic_smt: as verify-layout runs it, and with every
item asked of Z3), then at each range point the arenas
of memir's plan, the upper-bound plan (ExecuTorch), the per-size static plan (the envelope)
and Relax's rule, with memir/static. The last lines give the worst memir/static per half.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memir.model.symbolic import (Poly, Symbol, SymbolicBuffer,  # noqa: E402
                                  SymbolicProblem)
from memir.planning.layout.symbolic import plan_symbolic  # noqa: E402
from memir.planning.layout.symbolic_baselines import baseline_rows  # noqa: E402
from memir.verify.symbolic_smt import prove_symbolic  # noqa: E402

S, T, B = Poly.var("s"), Poly.var("t"), Poly.var("b")


def matmul_chain(seed: int) -> SymbolicProblem:
    """Activations of 4*s*d bytes, each live over two steps, and a constant workspace."""
    rng = random.Random(seed)
    dims = [rng.choice((256, 512, 768, 1024, 3072)) for _ in range(rng.randint(6, 12))]
    bufs = [SymbolicBuffer(4 * S * d, k, k + 2, 64, f"x{k}") for k, d in enumerate(dims)]
    bufs += [SymbolicBuffer(Poly.const(rng.choice((4096, 65536, 1 << 20))), k + 1, k + 2, 64,
                            f"ws{k}") for k in range(len(dims) - 1)]
    return SymbolicProblem(bufs, {"s": Symbol("s", 1, 2048)})


def attention(seed: int) -> SymbolicProblem:
    """Layers of q, k, v (4*s*d), scores and probabilities (4*h*s*s), the context, the MLP."""
    rng = random.Random(seed)
    d, h = rng.choice((512, 768, 1024)), rng.choice((8, 12, 16))
    bufs, t = [], 0
    for layer in range(rng.randint(1, 3)):
        def add(size, start, end, name):
            bufs.append(SymbolicBuffer(size, t + start, t + end, 64, f"{name}{layer}"))
        add(4 * d * S, 0, 3, "x")
        for name in "qkv":
            add(4 * d * S, 1, 4 if name == "v" else 3, name)
        add(4 * h * S * S, 2, 3, "scores")
        add(4 * h * S * S, 3, 4, "probs")
        add(4 * d * S, 4, 6, "ctx")
        add(4 * 4 * d * S, 5, 6, "mlp")
        add(Poly.const(rng.choice((256, 4096, 65536))), 2, 5, "ws")
        t += 6
    return SymbolicProblem(bufs, {"s": Symbol("s", 1, 2048)})


def conv_stack(seed: int) -> SymbolicProblem:
    """Activations b*C*H*W*4 of a downsampling stack, plus a per-layer im2col workspace."""
    rng = random.Random(seed)
    c, hw, bufs = rng.choice((16, 32, 64)), rng.choice((64, 112, 224)), []
    for k in range(rng.randint(4, 8)):
        bufs.append(SymbolicBuffer(4 * c * hw * hw * B, k, k + 2, 64, f"act{k}"))
        bufs.append(SymbolicBuffer(4 * c * 9 * (hw // 2) ** 2 * B, k + 1, k + 2, 64, f"col{k}"))
        if rng.random() < 0.5:
            c, hw = c * 2, max(hw // 2, 7)
    return SymbolicProblem(bufs, {"b": Symbol("b", 1, 64)})


def random_program(seed: int, n: int = 200) -> SymbolicProblem:
    """``n`` buffers over s in [1, 1024] and t in [8, 64] divisible by 8: constant, affine
    in s or t, or s*t sizes; random lifetimes and alignments 1/4/16/64."""
    rng = random.Random(seed)
    bufs = []
    for i in range(n):
        start = rng.randrange(100)
        c = Poly.const(rng.randrange(0, 4096))
        size = rng.choice((c, rng.randint(1, 64) * S + c, rng.randint(1, 64) * T + c,
                           rng.randint(1, 8) * S * T + c))
        bufs.append(SymbolicBuffer(size, start, start + rng.randint(1, 20),
                                   rng.choice((1, 4, 16, 64)), f"r{i}"))
    return SymbolicProblem(bufs, {"s": Symbol("s", 1, 1024), "t": Symbol("t", 8, 64, 8)})


PROGRAMS = {"matmul-chain": matmul_chain, "attention": attention, "conv-stack": conv_stack,
            "random-200": random_program}


def measure(problem: SymbolicProblem):
    """(plan, plan seconds, proof seconds, Z3-only proof seconds, violations of either)."""
    started = time.perf_counter()
    plan = plan_symbolic(problem)
    seconds = [time.perf_counter() - started]
    neighbours = problem.at({n: s.first for n, s in problem.symbols.items()}).adjacency()
    violations = []
    for decide_first in (True, False):
        started = time.perf_counter()
        violations += prove_symbolic(problem.buffers, problem.symbols, neighbours,
                                     plan.offsets, plan.arena, decide_first=decide_first)
        seconds.append(time.perf_counter() - started)
    return plan, *seconds, violations


def as_ir(problem: SymbolicProblem) -> str:
    """The problem as memir IR text: the symbols on the module, one alloc per buffer."""
    symbols = ", ".join(map(str, problem.symbols.values()))
    lines = [f"builtin.module attributes {{memir.symbols = #memir.symbols<{symbols}>}} {{"]
    for i, b in enumerate(problem.buffers):
        align = f" align {b.alignment}" if b.alignment != 1 else ""
        lines.append(f'  %b{i} = memir.alloc [{b.size}]{align} live [{b.lower}, {b.upper}) '
                     f'id "b{i}"')
    return "\n".join(lines + ["}", ""])


def cli_seconds(problem: SymbolicProblem) -> float:
    """Wall seconds of ``memir-opt -p assign-layout,verify-layout`` on the problem's IR: the
    path users run, start-up, parsing and printing included."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(as_ir(problem))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", handle.name, "-p",
                    "assign-layout,verify-layout", "-o", os.devnull], check=True)
    os.unlink(handle.name)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--quiet", action="store_true", help="summary lines only")
    parser.add_argument("--cli", action="store_true",
                        help="time memir-opt on the 200-buffer programs instead")
    args = parser.parse_args()
    if args.cli:
        for seed in range(args.seeds):
            print(f"random-200 seed {seed}: memir-opt -p assign-layout,verify-layout "
                  f"{cli_seconds(random_program(seed)):.2f} s")
        return 0
    worst = {"tuning": 1.0, "held-out": 1.0}
    failures = 0
    for name, make in PROGRAMS.items():
        for seed in range(args.seeds):
            half = "tuning" if seed < args.seeds // 2 else "held-out"
            problem = make(seed)
            plan, plan_s, proof_s, z3_s, violations = measure(problem)
            failures += bool(violations)
            rows = baseline_rows(problem, plan)
            worst[half] = max(worst[half], *(r["memir/static"] for r in rows))
            verdict = "proven" if not violations else violations[0].message
            print(f"\n{name} seed {seed} ({half}): {len(problem)} buffers, plan {plan_s:.2f} s,"
                  f" proof {proof_s:.2f} s (Z3 only: {z3_s:.2f} s), {verdict}, {plan.strategy}")
            if not args.quiet:
                print(f"  {'point':<14}{'memir':>14}{'upper-bound':>14}{'static':>14}"
                      f"{'relax':>14}{'memir/static':>14}")
                for r in rows:
                    upper = "-" if r["upper-bound"] is None else r["upper-bound"]
                    print(f"  {r['point']:<14}{r['memir']:>14}{upper:>14}{r['static']:>14}"
                          f"{r['relax']:>14}{r['memir/static']:>14.3f}")
    print(f"\nworst memir/static: tuning {worst['tuning']:.3f}, "
          f"held-out {worst['held-out']:.3f}; plans not proven: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
