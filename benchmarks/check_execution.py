"""check-execution speed: 64 interleavings of multi-stream training graphs through memir-opt.

Prints one row per graph: ops, streams, interleavings, seconds of the check-execution pass
alone (from memir-opt's --time-passes) and of the whole memir-opt run, peak RSS of the run.
Graphs: cache/models/*.s4.mlir (python benchmarks/torch_corpus.py --batches 1 --modes train
--streams 2,4), planned first, and a synthetic 5k-op, 4-stream training-like graph.
Run: python benchmarks/check_execution.py [--interleavings 64] [--ops 5000]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from pathlib import Path

from _measure import REPO, memir


def synthetic(ops: int, streams: int, seed: int = 0) -> str:
    """A forward/backward chain per stream with cross-stream reads and workspaces, synced
    by events every few ops, as an imported data-parallel training graph looks."""
    rng = random.Random(seed)
    lines = ["func.func @train(%w: !memir.buf) {"]
    lines += [f"  %s{s} = memir.stream {s}" for s in range(streams)]
    last = {s: "%w" for s in range(streams)}
    for i in range(ops):
        s = i % streams
        ins = [last[s]]
        if i > streams and rng.random() < 0.3:
            ins.append(last[rng.randrange(streams)])
        lines.append(f"  %b{i} = memir.alloc {rng.choice([4096, 65536, 262144, 1 << 20])}")
        ws = ""
        if rng.random() < 0.2:
            lines.append(f"  %ws{i} = memir.alloc 32768")
            ws = f" ws(%ws{i})"
        lines.append(f'  memir.compute "k{i}" on %s{s} ins({", ".join(dict.fromkeys(ins))}) '
                     f"outs(%b{i}){ws}")
        last[s] = f"%b{i}"
        if i % 16 == 15:
            lines.append(f"  %e{i} = memir.record on %s{s}")
            lines.append(f"  memir.wait %e{i} on %s{(s + 1) % streams}")
    lines += ["  func.return", "}"]
    return "\n".join(lines)


def run(path: Path, interleavings: int) -> tuple[float, float, float, int]:
    """(check-execution seconds, memir-opt seconds, peak RSS MiB, exit status)."""
    done = memir("memir-opt", str(path), "-p", f"check-execution{{interleavings={interleavings}}}",
                 "--time-passes", "-o", "/dev/null")
    found = re.search(r"check-execution: ([0-9.]+) s", done.stderr)
    return ((float(found.group(1)) if found else float("nan")), done.seconds, done.rss_mb,
            done.returncode)


def plan(source: Path, out: Path) -> None:
    done = memir("memir-opt", str(source), "-p", "bufferize,stream-safety,assign-layout",
                 "-o", str(out))
    if done.returncode:
        raise SystemExit(f"{source.name}: {done.stderr.strip()[-800:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interleavings", type=int, default=64)
    parser.add_argument("--ops", type=int, default=5000)
    parser.add_argument("--models", default=str(REPO / "cache" / "models" / "*.s4.mlir"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        graphs = []
        source = Path(tmp) / f"synthetic{args.ops}.mlir"
        source.write_text(synthetic(args.ops, 4))
        graphs.append((f"synthetic-{args.ops}", source, args.ops, 4))
        pattern = Path(args.models)
        for model in sorted(pattern.parent.glob(pattern.name)):
            text = model.read_text()
            graphs.append((model.name, model, text.count("memir.compute"),
                           len(set(re.findall(r"memir.stream (\d+)", text)))))
        print(f"{'graph':44} {'ops':>6} {'streams':>7} {'interl.':>7} {'pass s':>7} "
              f"{'total s':>7} {'RSS MiB':>8} ok")
        for name, path, ops, streams in graphs:
            planned = Path(tmp) / f"planned-{path.name}"
            plan(path, planned)
            seconds, wall, peak, code = run(planned, args.interleavings)
            print(f"{name:44} {ops:6} {streams:7} {args.interleavings:7} {seconds:7.2f} "
                  f"{wall:7.2f} {peak:8.0f} {'yes' if code == 0 else 'NO'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
