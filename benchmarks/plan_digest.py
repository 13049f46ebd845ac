"""Fingerprints of the plans memir makes, for checking that a refactor changed no plan.

Usage: python benchmarks/plan_digest.py [--only minimalloc,traces,corpus] [--jobs 2]
                                        [--capacity-fraction 0.8] > digest.txt
       diff before.txt after.txt

Why: "behaviour unchanged" must be shown, not claimed. Every input runs through the CLI
(the path users run) and prints one line: the input, the pipeline, the arena (or the
scheduled peak and remat's added time), and a short hash of the planned IR with the report's
timing lines left out. Two runs on the same code print the same lines: plans are decided by
work budgets, never by the clock (no ``time-limit`` here).

Inputs: the MiniMalloc challenging set and the public traces in ``../shared/benchmarks/dsa``
(imported with ``memir-translate --import-minimalloc``, planned by ``assign-layout``), and the
training graphs of ``benchmarks/torch_corpus.py`` found in ``cache/models`` (``schedule``, then
``rematerialize`` at a fraction of the scheduled peak, then layout).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DSA = REPO.parent / "shared" / "benchmarks" / "dsa"
CACHE = REPO / "cache" / "models"
BIN = Path(sys.executable).parent
LAYOUT = "assign-layout,verify-layout,report"
ORDER = "bufferize,schedule,stream-safety,assign-layout,verify-layout,report"
TIMING = re.compile(r"^report: (pass |peak RSS|strategy:.*\(|remat time|.* s\)?$)")
SECONDS = re.compile(r"seconds( =)? [0-9.e+-]+")  # the plan attribute records the pass's time


def _run(command: str) -> tuple[str, str]:
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True,
                          text=True, env={"PATH": f"{BIN}:/usr/bin:/bin"}, cwd=REPO)
    if done.returncode:
        return "", f"exit {done.returncode}: {done.stderr.strip().splitlines()[-1:]}"
    return done.stdout, done.stderr


def _fingerprint(stdout: str, stderr: str) -> tuple[str, dict[str, str]]:
    kept = [SECONDS.sub("seconds", line) for line in (stdout + stderr).splitlines()
            if not TIMING.match(line)]
    fields = dict(re.findall(r"^report: ([a-z /]+?):\s+(\S+)", stderr, re.M))
    return hashlib.sha256("\n".join(kept).encode()).hexdigest()[:16], fields


def _csv_line(path: Path) -> str:
    stdout, stderr = _run(f"memir-translate --import-minimalloc {path} | memir-opt -p '{LAYOUT}'")
    if not stdout:
        return f"{path.parent.name}/{path.name:<22} FAILED {stderr}"
    digest, fields = _fingerprint(stdout, stderr)
    return (f"{path.parent.name}/{path.name:<22} arena {fields.get('arena', '?'):>12} "
            f"bound {fields.get('lower bound', '?'):>12}  {digest}")


def _graph_lines(path: Path, fraction: float) -> list[str]:
    stdout, stderr = _run(f"memir-opt {path} -p '{ORDER}'")
    if not stdout:
        return [f"{path.name:<40} FAILED {stderr}"]
    digest, fields = _fingerprint(stdout, stderr)
    peak = re.search(r"^report: peak live:\s+(\d+)", stderr, re.M)
    lines = [f"{path.name:<40} schedule arena {fields.get('arena', '?'):>12}  {digest}"]
    if peak:
        capacity = int(int(peak.group(1)) * fraction)
        stdout, stderr = _run(f"memir-opt {path} -p 'bufferize,schedule,"
                              f"rematerialize{{capacity={capacity}}},{ORDER[10:]}'")
        digest, fields = _fingerprint(stdout, stderr) if stdout else (stderr, {})
        lines.append(f"{path.name:<40} remat@{fraction} arena {fields.get('arena', '?'):>12}  "
                     f"{digest}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="minimalloc,traces,corpus")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--capacity-fraction", type=float, default=0.8)
    args = parser.parse_args()
    parts = args.only.split(",")
    jobs = []
    if "minimalloc" in parts:
        jobs += [(_csv_line, p) for p in sorted((DSA / "minimalloc").glob("*.csv"))]
    if "traces" in parts:
        jobs += [(_csv_line, p) for p in sorted((DSA / "idealloc").glob("*.csv"))]
        jobs += [(_csv_line, p) for p in sorted((DSA / "somas").glob("*.csv"))]
    if "corpus" in parts:
        jobs += [(lambda p: _graph_lines(p, args.capacity_fraction), p)
                 for p in sorted(CACHE.glob("*.b1.train-*.s1.mlir"))]
    with ThreadPoolExecutor(args.jobs) as pool:
        for result in pool.map(lambda job: job[0](job[1]), jobs):
            for line in [result] if isinstance(result, str) else result:
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
