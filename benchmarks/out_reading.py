"""The out-reading detector's table over the ExecuTorch benchmark's training programs.

Usage: python benchmarks/out_reading.py [--models mlp_train,small_cnn_train] [--json out.json]

Every training program of ``benchmarks/executorch_plans.py`` (``TRAINING``, built by its
``build``) is lowered with ExecuTorch's own planner, and right before planning the detector
(``memir.executorch.out_reading.verdicts``) probes each distinct out-variant kernel of the
program, per dtype signature, in ExecuTorch's runtime, with the caches empty (in memory and
none on disk): what a user's first export of that program pays.

Printed: one row per kernel and dtype signature (inputs -> outs; ``-`` is an output the
call does not compute): the programs it is in, whether it reads its ``out`` ("not probed"
with the reason otherwise: it is zero-filled all the same), and its seconds (its share of
the one probe program that ran every kernel of the program; the mean over programs). Then
one row per program: out-variant calls, distinct kernels probed, calls that get a zero fill,
the detector's wall and CPU seconds (the process's, all threads), and ``to_executorch``'s
wall seconds without the detector.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import executorch_plans as plans  # noqa: E402  (puts the repository on the path)
import torch  # noqa: E402


def _detecting_pass():
    from executorch.exir.passes import MemoryPlanningPass

    from memir.executorch.out_reading import forget, verdicts

    class Detecting(MemoryPlanningPass):
        """ExecuTorch's planner, after the detector on cold caches."""

        found: dict = {}
        seconds = cpu_seconds = 0.0

        def run(self, graph_module, graph_signature=None):
            forget()
            started, cpu = time.perf_counter(), time.process_time()
            self.found = verdicts(graph_module, disk=False)
            self.seconds = time.perf_counter() - started
            self.cpu_seconds = time.process_time() - cpu
            return super().run(graph_module, graph_signature)

    return Detecting()


def measure(name: str) -> dict:
    model, inputs, _ = plans.build(name)
    exported = torch.export.export(model, inputs, strict=True)
    from torch.export.experimental import _export_forward_backward

    detecting = _detecting_pass()
    _, lower_s = plans._lower(_export_forward_backward(exported), detecting)
    found = list(detecting.found.values())
    return {"model": name, "calls": len(found),
            "kernels": sorted({(v.kernel, v.dtypes, v.reads_out, v.why, v.seconds)
                               for v in found}),
            "filled": sum(v.reads_out is not False for v in found),
            "detect_s": detecting.seconds, "detect_cpu_s": detecting.cpu_seconds,
            "to_executorch_s": lower_s - detecting.seconds}


def _verdict(reads_out, why: str) -> str:
    return {True: "yes", False: "no"}.get(reads_out, f"not probed ({why})")


def print_tables(rows: list[dict]) -> None:
    kernels: dict[tuple[str, str], dict] = {}
    for row in rows:
        for kernel, dtypes, reads_out, why, seconds in row["kernels"]:
            entry = kernels.setdefault((kernel, dtypes), {"models": [], "seconds": [],
                                                          "verdict": _verdict(reads_out, why)})
            entry["models"].append(row["model"])
            entry["seconds"].append(seconds)
    print("| kernel | dtypes | programs | reads out? | seconds |")
    print("|---|---|---|---|---|")
    for (kernel, dtypes), e in sorted(kernels.items()):
        seconds = sum(e["seconds"]) / len(e["seconds"])
        print(f"| `{kernel}` | {dtypes} | {', '.join(e['models'])} | {e['verdict']} | "
              f"{seconds:.3f} |")
    print()
    print("| program | out-variant calls | kernels probed | calls zero-filled | detector s | "
          "detector CPU s | to_executorch s without it |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['model']} | {row['calls']} | {len(row['kernels'])} | {row['filled']} | "
              f"{row['detect_s']:.1f} | {row['detect_cpu_s']:.1f} | "
              f"{row['to_executorch_s']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(plans.TRAINING))
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    rows = []
    for name in args.models.split(","):
        if name not in plans.TRAINING:
            raise SystemExit(f"unknown training program {name!r}; expected one of "
                             f"{', '.join(plans.TRAINING)}")
        rows.append(measure(name))
        print(f"# {name}: {rows[-1]['detect_s']:.1f} s", file=sys.stderr, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    print_tables(rows)


if __name__ == "__main__":
    main()
