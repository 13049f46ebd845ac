"""IR throughput: seconds to print, parse, verify and run memir-opt end to end.

Graphs of N buffer-level compute ops, each reading a few earlier buffers, on 4 streams.
Run: python benchmarks/ir_throughput.py [--sizes 1000,10000,50000]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time

from xdsl.dialects.builtin import ModuleOp

from memir.dialects import AllocOp, ComputeOp, StreamOp, verify_module
from memir.tools.driver import parse_chunk, print_module, verify
from memir.tools.registry import make_context


def build_module(num_ops: int, streams: int = 4, seed: int = 0) -> ModuleOp:
    rng = random.Random(seed)
    ops = []
    stream_values = []
    for s in range(streams):
        op = StreamOp(s)
        op.result.name_hint = f"s{s}"
        ops.append(op)
        stream_values.append(op.result)
    buffers = []
    for i in range(num_ops):
        alloc = AllocOp(rng.choice([256, 1024, 4096, 65536]), alignment=64)
        alloc.result.name_hint = f"b{i}"
        ins = [buffers[rng.randrange(len(buffers))] for _ in range(min(len(buffers), 3))]
        compute = ComputeOp(f"k{i % 7}", stream_values[i % streams], list(dict.fromkeys(ins)),
                            [alloc.result])
        ops += [alloc, compute]
        buffers.append(alloc.result)
    return ModuleOp(ops)


def measure(num_ops: int) -> dict[str, float]:
    module = build_module(num_ops)
    t0 = time.perf_counter()
    text = print_module(module)
    t1 = time.perf_counter()
    chunk = parse_chunk(make_context(), text, "<bench>")
    t2 = time.perf_counter()
    verify(chunk)
    t3 = time.perf_counter()
    verify_module(chunk.module)  # the module-wide checks alone (verify runs them too)
    module_checks = time.perf_counter() - t3
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", f.name, "-o",
                           f.name + ".out"], capture_output=True, text=True)
    end_to_end = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(done.stderr)
    return {"print": t1 - t0, "parse": t2 - t1, "verify": t3 - t2, "module": module_checks,
            "memir-opt": end_to_end, "ops": 2 * num_ops + 4}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,10000,50000")
    args = parser.parse_args()
    print(f"{'compute ops':>11} {'IR ops':>7} {'print s':>8} {'parse s':>8} {'verify s':>9} "
          f"{'of it module s':>14} {'memir-opt s':>12}")
    for n in map(int, args.sizes.split(",")):
        r = measure(n)
        print(f"{n:>11} {r['ops']:>7} {r['print']:>8.3f} {r['parse']:>8.3f} {r['verify']:>9.3f} "
              f"{r['module']:>14.3f} {r['memir-opt']:>12.3f}")


if __name__ == "__main__":
    main()
