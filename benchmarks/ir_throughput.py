"""IR throughput: seconds and peak RSS of the text paths users run, stage by stage.

Two tables, each command run as users run it (a child process, via benchmarks/_measure.py):

* alloc level: a seeded MiniMalloc CSV of N buffers (random lifetimes and sizes, offsets
  pinned back to back so the export has a plan) through
  ``memir-translate --import-minimalloc`` -> ``memir-opt`` (parse, verify, print) ->
  ``memir-translate --export-minimalloc`` (an alloc-only module is read from its text,
  memir/tools/alloc_export.py; any other goes through parse, verify and the program);
  then the same CSV without offsets through ``memir-opt -p assign-layout``, whose own
  seconds (``--time-passes``) are shown beside the whole command's;
* compute level: graphs of N buffer-level compute ops, each reading a few earlier
  buffers, on 4 streams: print, parse, verify in this process, then ``memir-opt``.

Run: python benchmarks/ir_throughput.py [--allocs 10000,30000,100000] [--computes 1000,10000]
The generated inputs live in a temporary directory and are deleted afterwards.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _measure import Measured, memir, self_rss_mb  # noqa: E402

SIZES = (64, 256, 1024, 4096, 65536)


def minimalloc_csv(num_buffers: int, seed: int = 0, offsets: bool = True) -> str:
    """N buffers with random lifetimes and sizes; ``offsets`` pins them back to back."""
    rng = random.Random(seed)
    horizon = max(10, num_buffers // 4)
    lines = ["id,lower,upper,size" + (",offset" if offsets else "")]
    top = 0
    for i in range(num_buffers):
        lower = rng.randrange(horizon)
        upper = lower + 1 + int(rng.expovariate(1 / 20))
        size = rng.choice(SIZES) * rng.randint(1, 8)
        lines.append(f"{i},{lower},{upper},{size}" + (f",{top}" if offsets else ""))
        top += size
    return "\n".join(lines) + "\n"


def checked(result: Measured, what: str) -> Measured:
    if result.returncode:
        raise SystemExit(f"{what} failed:\n{result.stderr}")
    return result


def measure_allocs(num_buffers: int, folder: str, layout: bool) -> dict[str, Measured | float]:
    csv_path, ir_path = os.path.join(folder, "in.csv"), os.path.join(folder, "a.mlir")
    opt_path, out_path = os.path.join(folder, "b.mlir"), os.path.join(folder, "out.csv")
    with open(csv_path, "w") as f:
        f.write(minimalloc_csv(num_buffers))
    r = {
        "import": checked(memir("memir-translate", "--import-minimalloc", csv_path,
                                "-o", ir_path), "import"),
        "opt": checked(memir("memir-opt", ir_path, "-o", opt_path), "memir-opt"),
        "export": checked(memir("memir-translate", "--export-minimalloc", opt_path,
                                "-o", out_path), "export"),
    }
    with open(out_path) as f:
        if sum(1 for _ in f) != num_buffers + 1:
            raise SystemExit("export lost rows")
    if not layout:
        return r
    # Planning in between: the same buffers without offsets.
    with open(csv_path, "w") as f:
        f.write(minimalloc_csv(num_buffers, offsets=False))
    checked(memir("memir-translate", "--import-minimalloc", csv_path, "-o", ir_path), "import")
    r["layout"] = checked(memir("memir-opt", ir_path, "-p", "assign-layout", "--time-passes",
                                "-o", opt_path), "memir-opt -p assign-layout")
    found = re.search(r"assign-layout: ([\d.]+) s", r["layout"].stderr)
    r["pass"] = float(found.group(1)) if found else float("nan")
    return r


def alloc_table(sizes: list[int], layout_sizes: list[int]) -> None:
    print("alloc level: import -> memir-opt (parse, verify, print) -> export;\n"
          "each stage: wall seconds / CPU seconds / peak RSS MiB")
    print(f"{'buffers':>8} {'import':>18} {'memir-opt':>18} {'export':>18} {'total s':>8} "
          f"{'cpu s':>6} {'us/buffer':>9} | {'-p assign-layout':>18} {'of it pass s':>12}")
    for n in sizes:
        with tempfile.TemporaryDirectory() as folder:
            r = measure_allocs(n, folder, n in layout_sizes)
        stages = [r["import"], r["opt"], r["export"]]
        total = sum(m.seconds for m in stages)
        cpu = sum(m.cpu_seconds for m in stages)
        cells = " ".join(f"{m.seconds:>6.2f}/{m.cpu_seconds:>5.2f}/{m.rss_mb:>5.0f}" for m in stages)
        layout = r.get("layout")
        planned = (f"{layout.seconds:>6.2f}/{layout.cpu_seconds:>5.2f}/{layout.rss_mb:>5.0f} "
                   f"{r['pass']:>12.2f}" if layout is not None else f"{'-':>18} {'-':>12}")
        print(f"{n:>8} {cells} {total:>8.2f} {cpu:>6.2f} {total / n * 1e6:>9.1f} | {planned}")


def build_module(num_ops: int, streams: int = 4, seed: int = 0):
    from xdsl.dialects.builtin import ModuleOp

    from memir.dialects import AllocOp, ComputeOp, StreamOp

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


def measure_computes(num_ops: int) -> dict[str, float]:
    from memir.dialects import verify_module
    from memir.tools.driver import parse_chunk, print_module, verify
    from memir.tools.registry import make_context

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
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "graph.mlir")
        with open(path, "w") as f:
            f.write(text)
        opt = checked(memir("memir-opt", path, "-o", path + ".out"), "memir-opt")
    return {"print": t1 - t0, "parse": t2 - t1, "verify": t3 - t2, "module": module_checks,
            "memir-opt": opt.seconds, "rss": opt.rss_mb, "ops": 2 * num_ops + 4}


def compute_table(sizes: list[int]) -> None:
    print("compute level: in this process, then memir-opt in a child")
    print(f"{'compute ops':>11} {'IR ops':>7} {'print s':>8} {'parse s':>8} {'verify s':>9} "
          f"{'of it module s':>14} {'memir-opt s':>12} {'RSS MiB':>8}")
    for n in sizes:
        r = measure_computes(n)
        print(f"{n:>11} {r['ops']:>7} {r['print']:>8.3f} {r['parse']:>8.3f} {r['verify']:>9.3f} "
              f"{r['module']:>14.3f} {r['memir-opt']:>12.3f} {r['rss']:>8.0f}")
    print(f"(this process's peak RSS: {self_rss_mb():.0f} MiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--allocs", default="10000,30000,100000",
                        help="buffer counts for the alloc-level table ('' to skip)")
    parser.add_argument("--layout", default=None,
                        help="buffer counts that also run -p assign-layout (default: all)")
    parser.add_argument("--computes", default="1000,10000,50000",
                        help="compute-op counts for the compute-level table ('' to skip)")
    args = parser.parse_args()
    if args.allocs:
        sizes = [int(n) for n in args.allocs.split(",")]
        layout = sizes if args.layout is None else [int(n) for n in args.layout.split(",") if n]
        alloc_table(sizes, layout)
    if args.computes:
        compute_table([int(n) for n in args.computes.split(",")])


if __name__ == "__main__":
    main()
