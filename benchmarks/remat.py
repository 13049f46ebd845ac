"""rematerialize on the corpus' training graphs beside PyTorch's min-cut partitioner, like
for like: both programs measured by memir, at the same peak.

Usage: python benchmarks/remat.py [--models resnet50,bert_base] [--batches 1]
                                  [--budgets 1,0.9,0.7,0.5,0.3,0.1,0] [--exact]
                                  [--decompositions none|inductor]

Why this way: PyTorch's ``activation_memory_budget`` is a fraction of saved activation
bytes and its recomputed FLOPs come from its own graph, memir's capacity bounds the whole
step's peak; putting the same fraction side by side compares nothing. So for each model,
batch and PyTorch budget (benchmarks/torch_partitioned.py):

1. PyTorch chooses: AOTAutograd's ``min_cut_rematerialization_partition`` at that budget
   makes its forward and backward graphs; they run one step on fake tensors under memir's
   recorder, then the same Adam step the importer records: PyTorch's program as a memir
   training graph. ``default_partition`` (save everything) gives the reference step.
2. memir measures PyTorch's program as it measures its own: the peak ``schedule`` reaches
   (``peak live`` in the report; beside it the peak in the order PyTorch runs it), the
   arena ``assign-layout`` lays out, and its added FLOPs and roofline time (memir's
   default device) over the reference, from the recorder's per-op counts.
3. memir chooses: on its own graph of the same model (the importer's, eager ops),
   ``bufferize,schedule,rematerialize{capacity=P},stream-safety,assign-layout,
   verify-layout,report`` with P = the peak PyTorch's program reached; its added FLOPs
   and time in % of the step, net of the eager clones the pass removes as PyTorch's
   functionalization does (``remat.forwarding``; ``memir clones %`` is their share: the
   added time without that credit is the sum of the two). And the same on PyTorch's
   reference graph (the functionalized step the partitioner starts from: batch norm's
   running statistics are new tensors copied back, not written in place by the
   normalisation), in % of that step.

The base line checks that the two reference steps are the same program up to
functionalization: FLOPs, roofline time and scheduled peak of memir's graph and of
PyTorch's default partition. The floor line: the smallest peak of any PyTorch program in
the sweep (budget 0 recomputes the whole forward inside the backward, which does not lower
a whole step's peak), and memir's smallest peak (``rematerialize{capacity=1}`` fails naming
it) on its own graph and on PyTorch's reference graph.

PyTorch's programs are cached beside the corpus graphs
(``cache/models/MODEL.bN.train-adam.torch-BUDGET.s1.mlir``, with a ``.cost`` file of FLOPs,
roofline ns and ops); delete them after changing the recorder or the partitioner.

``--exact`` also runs ``strategy=exact`` (CP-SAT) at each capacity and prints its proven
bound; on these graphs the model has millions of variables, so auto never builds it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import memir  # noqa: E402
from torch_corpus import CACHE, MODELS, build, models_named  # noqa: E402

MIB = 1 << 20
MEASURE = "bufferize,schedule,stream-safety,assign-layout,verify-layout,report"
PIPELINE = ("bufferize,schedule,rematerialize{{capacity={c}{extra}}},stream-safety,"
            "assign-layout,verify-layout,report")
HEADER = ["graph", "torch budget", "torch own order MiB", "torch peak MiB", "torch arena MiB",
          "torch +FLOPs %", "torch +time %", "torch s", "memir peak MiB", "memir arena MiB",
          "memir +FLOPs %", "memir +time %", "memir clones %", "memir s"]
REFERENCE_HEADER = ["memir on ref peak MiB", "arena MiB", "+FLOPs %", "+time %"]


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else "failed"
    return line.split(": error: ", 1)[-1][:200]


def measure(graph: Path) -> dict:
    """Scheduled peak and arena of a graph, without recomputation."""
    measured = memir("memir-opt", str(graph), "-p", MEASURE, "-o", "/dev/null")
    if measured.returncode != 0:
        raise RuntimeError(f"{graph.name}: {_first_line(measured.stderr)}")
    peak = re.search(r"peak live:\s+(\d+)", measured.stderr)
    arena = re.search(r"arena:\s+(\d+)", measured.stderr)
    order = re.search(r"schedule:\s+peak (\d+) ->", measured.stderr)
    return {"peak": int(peak.group(1)), "arena": int(arena.group(1)),
            "order": int(order.group(1)) if order else None, "s": measured.seconds}


def floor(graph: Path) -> tuple[int, int, float]:
    """(scheduled peak, smallest peak memir reaches, seconds) from the capacity=1 error."""
    measured = memir("memir-opt", str(graph), "-p",
                     "bufferize,schedule,rematerialize{capacity=1}", "-o", "/dev/null")
    found = re.search(r"smallest peak reached is (\d+) bytes \(peak without it (\d+)\)",
                      measured.stderr)
    if found is None:
        raise RuntimeError(f"{graph.name}: no floor in {_first_line(measured.stderr)}")
    return int(found.group(2)), int(found.group(1)), measured.seconds


def memir_row(graph: Path, capacity: int, extra: str = "") -> dict:
    measured = memir("memir-opt", str(graph), "-p",
                     PIPELINE.format(c=capacity, extra=extra), "-o", "/dev/null")
    err = measured.stderr
    if measured.returncode != 0:
        first = _first_line(err)
        found = re.search(r"smallest (peak|arena) reached is (\d+)", first)
        short = (f"unreachable ({found.group(1)} floor {int(found.group(2)) / MIB:.2f})"
                 if found else first)
        return {"error": short, "s": measured.seconds}
    peak = re.search(r"peak live:\s+(\d+)", err)
    added = re.search(r"remat added:\s+(-?\d+) FLOPs .*?, (-?\d+) ns roofline \([^;]*; "
                      r"proven >= (\d+) ns[^)]*\)", err)
    clones = re.search(r"remat forward:\s+\d+ clones removed \((\d+) ns", err)
    arena = re.search(r"arena:\s+(\d+)", err)
    return {"peak": int(peak.group(1)), "arena": int(arena.group(1)),
            "flops": int(added.group(1)) if added else 0,
            "ns": int(added.group(2)) if added else 0,
            "bound_ns": int(added.group(3)) if added else 0,
            "clones_ns": int(clones.group(1)) if clones else 0, "s": measured.seconds}


def own_cost(model: str, batch: int, graph: Path) -> tuple[int, int]:
    """FLOPs and roofline ns of memir's own graph, counted as PyTorch's programs are
    (torch_partitioned.graph_cost: views free); traced again once, kept beside it."""
    from memir.io.torch import parse_shape, trace_model
    from torch_partitioned import graph_cost

    cost = graph.with_suffix(".cost")
    if not cost.exists():
        factory, shape = MODELS[model]
        imported = trace_model(factory, batch=batch, mode="train",
                               input_shape=parse_shape(shape))
        flops, ns = graph_cost(imported)
        cost.write_text(f"{flops} {ns} {len(imported.graph.nodes)}\n")
    flops, ns, _ops = cost.read_text().split()
    return int(flops), int(ns)


def pct(new: float, old: float) -> str:
    return f"{100 * (new - old) / old:.2f}" if old else "-"


def mib(n: int | None) -> str:
    return "-" if n is None else f"{n / MIB:.2f}"


def _memir_cells(row: dict, capacity: int, step_flops: int, step_ns: int,
                 clones: bool = True) -> list[str]:
    """Peak and arena (``!`` above the capacity: the pass claimed a fit the pipeline's
    program does not keep), added FLOPs and time in % of the step (net of the clones
    ``remat.forwarding`` removed), with ``clones`` the time of those clones in % of the
    step (the added time without that credit is the sum), seconds."""
    if "error" in row:
        return [row["error"], "", "", "", *([""] if clones else []), f"{row['s']:.1f}"]
    over = {key: "!" if row[key] > capacity else "" for key in ("peak", "arena")}
    return [mib(row["peak"]) + over["peak"], mib(row["arena"]) + over["arena"],
            pct(step_flops + row["flops"], step_flops), pct(step_ns + row["ns"], step_ns),
            *([pct(step_ns + row["clones_ns"], step_ns)] if clones else []),
            f"{row['s']:.1f}"]


def run_graph(model: str, batch: int, budgets: list[float], decompositions: str,
              exact: bool, on_reference: bool) -> None:
    from memir.io.torch import parse_shape
    from torch_partitioned import build_partitioned, read_cost

    factory, shape = MODELS[model]
    name = f"{model} b{batch}"
    own, _ = build(model, batch, "train")
    own_flops, own_ns = own_cost(model, batch, own)
    own_base = measure(own)
    reference, ref_s = build_partitioned(CACHE, model, factory, parse_shape(shape), batch,
                                         None, decompositions)
    ref_flops, ref_ns, _ = read_cost(reference)
    ref_base = measure(reference)
    print(f"| {name} | base: memir graph {own_flops / 1e9:.2f} GFLOPs, {own_ns / 1e3:.1f} us, "
          f"peak {mib(own_base['peak'])} MiB, arena {mib(own_base['arena'])} MiB; torch "
          f"default partition {ref_flops / 1e9:.2f} GFLOPs ({pct(ref_flops, own_flops)}%), "
          f"{ref_ns / 1e3:.1f} us ({pct(ref_ns, own_ns)}%), peak {mib(ref_base['peak'])} MiB "
          f"({pct(ref_base['peak'], own_base['peak'])}%), arena {mib(ref_base['arena'])} MiB |",
          flush=True)
    done: dict[int, dict] = {}
    torch_floor = None
    for budget in budgets:
        try:
            graph, seconds = build_partitioned(CACHE, model, factory, parse_shape(shape),
                                               batch, budget, decompositions)
            flops, ns, _ = read_cost(graph)
            theirs = measure(graph)
        except Exception as error:  # noqa: BLE001 -- reported in the table, not hidden
            print(f"| {name} | {budget:g} | {type(error).__name__}: {str(error)[:150]} |",
                  flush=True)
            continue
        peak = theirs["peak"]
        torch_floor = peak if torch_floor is None else min(torch_floor, peak)
        torch_s = (seconds or 0.0) + theirs["s"]
        cells = [f"{budget:g}", mib(theirs["order"]), mib(peak), mib(theirs["arena"]),
                 pct(flops, ref_flops), pct(ns, ref_ns),
                 f"{torch_s:.1f}" if seconds is not None else "cached"]
        if peak not in done:
            done[peak] = (memir_row(own, peak),
                          memir_row(reference, peak) if on_reference else None)
        mine, on_ref = done[peak]
        cells += _memir_cells(mine, peak, own_flops, own_ns)
        if on_reference:
            cells += _memir_cells(on_ref, peak, ref_flops, ref_ns, clones=False)[:-1]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
        if exact and "error" not in mine:
            e = memir_row(own, peak, " strategy=exact")
            note = e.get("error") or (f"peak {mib(e['peak'])}, +{pct(own_ns + e['ns'], own_ns)}"
                                      f"% time, bound {e['bound_ns']} ns")
            print(f"|   exact | {budget:g} | {note} |", flush=True)
    _peak, own_floor, own_s = floor(own)
    _peak, ref_floor, ref_floor_s = floor(reference)
    print(f"| {name} | floor: torch (smallest peak over the budgets) {mib(torch_floor)} MiB; "
          f"memir {mib(own_floor)} MiB on its graph ({own_s:.1f} s), {mib(ref_floor)} MiB on "
          f"torch's default-partition graph ({ref_floor_s:.1f} s) |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1")
    parser.add_argument("--budgets", default="1,0.9,0.7,0.5,0.3,0.1,0")
    parser.add_argument("--decompositions", default="none", choices=("none", "inductor"))
    parser.add_argument("--exact", action="store_true")
    parser.add_argument("--no-reference", action="store_true",
                        help="skip memir on PyTorch's reference (functional) graph")
    args = parser.parse_args()
    models = models_named(args.models, MODELS)
    budgets = [float(b) for b in args.budgets.split(",")]
    header = HEADER + ([] if args.no_reference else REFERENCE_HEADER)
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for model in models:
        for batch in map(int, args.batches.split(",")):
            run_graph(model, batch, budgets, args.decompositions, args.exact,
                      not args.no_reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())
