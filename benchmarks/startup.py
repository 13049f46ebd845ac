"""memir-opt's start-up beside xdsl-opt's, on an empty module.

Why paired: start-up is a few hundred milliseconds that the machine's load moves by tens of
percent from one second to the next. The two commands run alternately, and the figure is
the median of the per-pair ratios, so that a slow moment slows both sides of a pair.

    python benchmarks/startup.py            # 30 pairs
    python benchmarks/startup.py --pairs 60 --tool memir-translate
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import run, table  # noqa: E402

EMPTY_MODULE = "builtin.module {}\n"


def command(name: str) -> list[str]:
    """The console script ``name`` of this interpreter's environment."""
    script = Path(sys.executable).with_name(name)
    if not script.exists():
        raise SystemExit(f"startup.py: {script} not found (install memir and xDSL first)")
    return [str(script)]


def tool_argv(tool: str) -> list[str]:
    """memir-translate needs a target: the MiniMalloc CSV of the empty module."""
    return command(tool) + (["--export-minimalloc"] if tool == "memir-translate" else [])


def pairs(tool: str, count: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """``count`` alternating runs of ``tool`` and xdsl-opt: ((wall, cpu), (wall, cpu))."""
    ours, theirs = tool_argv(tool), command("xdsl-opt")
    env = {"PYTHONWARNINGS": "ignore"}
    found = []
    for index in range(count + 1):
        order = (ours, theirs) if index % 2 == 0 else (theirs, ours)
        first, second = (run(argv, EMPTY_MODULE, env=env) for argv in order)
        for measured, argv in ((first, order[0]), (second, order[1])):
            if measured.returncode != 0:
                raise SystemExit(f"startup.py: {' '.join(argv)} failed: {measured.stderr}")
        if index == 0:
            continue  # a warm-up pair: the first runs read the files from disk
        mine, other = (first, second) if order[0] is ours else (second, first)
        found.append(((mine.seconds, mine.cpu_seconds), (other.seconds, other.cpu_seconds)))
    return found


def report(tool: str, measured: list) -> str:
    rows = []
    for column, what in ((0, "wall"), (1, "cpu")):
        mine = statistics.median(m[column] for m, _ in measured)
        other = statistics.median(o[column] for _, o in measured)
        ratio = statistics.median(m[column] / o[column] for m, o in measured)
        rows.append([what, f"{mine * 1000:.0f} ms", f"{other * 1000:.0f} ms", f"{ratio:.2f}x"])
    return (f"{tool} vs xdsl-opt on an empty module, {len(measured)} pairs ({os.cpu_count()} "
            f"CPUs, load average {os.getloadavg()[0]:.1f})\n"
            + table(rows, ["", tool, "xdsl-opt", "paired ratio"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--tool", default="memir-opt", choices=("memir-opt", "memir-translate"))
    args = parser.parse_args()
    print(report(args.tool, pairs(args.tool, args.pairs)))


if __name__ == "__main__":
    main()
