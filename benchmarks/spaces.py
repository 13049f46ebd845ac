"""Memory spaces: assign-spaces against fastest-first and greedy-by-size pools, on one model.

Usage: python benchmarks/spaces.py [--models resnet50,bert_base] [--fast 262144,1048576,4194304]
                                   [--device npu] [--exact-limit 60] [--no-executorch]

Part 1, the corpus' inference graphs at batch 1 (cache/models/*.b1.infer.s1.mlir, written by
benchmarks/torch_corpus.py when missing), through the CLI as users run it:
``memir-opt G -p 'bufferize,assign-spaces{fast=F device=D},assign-layout,verify-layout,
check-execution{strict-events=true}'``. Every plan is laid out per space within its capacity,
verified and run by check-execution, or the row says why not. Beside memir's modelled step
time, on the same program and cost model (memir.planning.spaces.cost): everything in slow
memory, fastest-first by capacity (ExecuTorch's ``BankedGreedy`` rule), TVM USMP-style greedy
by size into pools, and, with ``--exact-limit S``, ``strategy=exact`` within S seconds (its
proven bound, and the optimum where it proves one).

Part 2, the ExecuTorch benchmark's inference models (benchmarks/executorch_plans.py), through
``memir.executorch.memory_planning_pass(spaces=...)``: each storage gets a memory id by
modelled time (no copies: ExecuTorch runs a plan as it is). Beside it, ExecuTorch's own
``BankedGreedy`` as ExecuTorch runs it (its memory ids read back from the lowered program),
priced on the same model; the memir ``.pte`` runs in ExecuTorch's runtime and its outputs
are compared with the single-arena ``.pte``'s.

Columns: modelled time (us) and ratios (<= 1: memir is at least as fast), bytes read from fast
memory, copies and their bytes, fast and slow arenas, planning seconds.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import memir

CORPUS = ("resnet50", "mobilenet_v2", "efficientnet_b0", "vit_b_16", "bert_base", "gpt2_small")
# The graphs looked at while the budgets (memir/planning/spaces/budgets.py) were set; the
# others are held out, and every worst ratio is printed for both halves.
TUNED = ("resnet50", "mobilenet_v2", "bert_base")
ET_MODELS = ("resnet18", "mobilenet_v2", "mobilenet_v3_large", "efficientnet_b0",
             "transformer_layer", "gpt2_block")
FAST_SIZES = (256 << 10, 1 << 20, 4 << 20)
SUMMARY = re.compile(r"memir\.space_plan = \{([^}]*)\}")
PLANS = re.compile(r'(\w+) = #memir\.plan<arena (\d+),')


def _fields(text: str) -> dict[str, str]:
    found = SUMMARY.search(text)
    if found is None:
        return {}
    out = {}
    for part in found.group(1).split(", "):
        key, _, value = part.partition(" = ")
        value = value.strip('"')
        out[key] = re.sub(r"#builtin\.(int|float_data)<(.*)>", r"\2", value)
    return out


def corpus_row(model: str, fast: int, device: str, exact_limit: float | None) -> dict:
    from torch_corpus import build

    path, _ = build(model, 1, "infer")
    pipeline = (f"bufferize,assign-spaces{{fast={fast} device={device}}},assign-layout,"
                "verify-layout,check-execution{strict-events=true interleavings=8}")
    run = memir("memir-opt", str(path), "-p", pipeline)
    row = {"model": model, "fast": fast, "wall_s": run.seconds, "ok": run.returncode == 0}
    if run.returncode:
        row["error"] = run.stderr.strip().splitlines()[0][:160]
        return row
    header = run.stdout.split("\n", 1)[0]
    row.update(_fields(header))
    row["arenas"] = {name: int(a) for name, a in PLANS.findall(header)}
    if exact_limit:
        exact = memir("memir-opt", str(path), "-p",
                      f"bufferize,assign-spaces{{fast={fast} device={device} strategy=exact "
                      f"time-limit={exact_limit}}}")
        fields = _fields(exact.stdout.split("\n", 1)[0]) if exact.returncode == 0 else {}
        row["exact"] = fields
    return row


def _us(ps) -> str:
    return f"{int(ps) / 1e6:.1f}"


def _ratio(a, b) -> str:
    return f"{int(a) / int(b):.3f}" if b and int(b) else "-"


def print_corpus(rows: list[dict]) -> None:
    print("model | fast | memir us | all-slow us | fastest-first us | pools us | exact bound us "
          "| memir/all-slow | memir/fastest-first | memir/pools | memir/optimum | memir/bound "
          "| fast bytes read "
          "| copies (bytes) | fast arena | slow arena | strategy | s")
    for r in rows:
        if not r["ok"]:
            print(f"{r['model']} | {r['fast']} | FAILED: {r.get('error')}")
            continue
        exact = r.get("exact") or {}
        bound = exact.get("bound_ps")
        optimum = exact.get("time_ps") if exact.get("status") == "optimal" else None
        arenas = r["arenas"]
        cells = (r["model"], r["fast"], _us(r["time_ps"]), _us(r["all_default_ps"]),
                 _us(r["fastest_first_ps"]), _us(r["pools_ps"]),
                 _us(bound) if bound else "-",
                 _ratio(r["time_ps"], r["all_default_ps"]),
                 _ratio(r["time_ps"], r["fastest_first_ps"]), _ratio(r["time_ps"], r["pools_ps"]),
                 _ratio(r["time_ps"], optimum) if optimum else "-",
                 _ratio(r["time_ps"], bound) if bound else "-", r["fast_bytes_read"],
                 f"{r['copies']} ({r['copy_bytes']})", arenas.get("fast", 0),
                 arenas.get("slow", 0), f"{r['strategy']}/{r['status']}", f"{r['wall_s']:.1f}")
        print(" | ".join(str(c) for c in cells))
    for half, keep in (("tuned", True), ("held-out", False)):
        done = [r for r in rows if r["ok"] and (r["model"] in TUNED) == keep]
        for key, name in (("all_default_ps", "all-slow"), ("fastest_first_ps", "fastest-first"),
                          ("pools_ps", "pools")):
            worst = max((int(r["time_ps"]) / int(r[key]) for r in done if int(r[key])),
                        default=0)
            print(f"{half}: worst memir/{name}: {worst:.4f}")
        optima = [int(r["time_ps"]) / int(r["exact"]["time_ps"]) for r in done
                  if (r.get("exact") or {}).get("status") == "optimal"]
        print(f"{half}: worst memir/optimum: {max(optima):.4f} over {len(optima)} proven optima"
              if optima else f"{half}: worst memir/optimum: no optimum proven")
    print(f"slowest plan (CLI, whole pipeline): {max((r['wall_s'] for r in rows), default=0):.1f} s")


def _banked_spy(fast: int, device: str, seen: dict):
    """ExecuTorch's BankedGreedy as ExecuTorch runs it (the algorithm of a
    ``MemoryPlanningPass``); on the very specs and graph it is given, memir's choice of spaces
    is made too, and both are priced on that one problem."""
    from executorch.exir.banked_memory_planning import Bank, BankedGreedy, TargetMemoryMap
    from executorch.exir.memory_planning import MemoryPlanningAlgorithmSuite

    from memir.executorch.spaces import choose_spaces, space_problem
    from memir.executorch.specs import read_roots
    from memir.planning.spaces.devices import two_spaces

    spaces = two_spaces(fast, device)
    target = TargetMemoryMap([Bank("fast", fast, 1), Bank("slow", 1 << 40, 2)])
    suite = MemoryPlanningAlgorithmSuite([BankedGreedy(target)])

    def banked(alignment, specs, graph_module, graph_signature, extra_padding):
        roots = read_roots(specs, alignment)  # before any memory id is set
        free = [r for r in roots if r.pinned is None]
        sizes = suite(alignment, specs, graph_module, graph_signature, extra_padding)
        if "problem" not in seen:  # the first graph (the method), as for memir's report
            seen["problem"] = space_problem(free, graph_module, spaces, alignment)
            seen["banked"] = [0 if r.spec.mem_id == 1 else 1 for r in free]
            seen["memir"], (_, plan) = choose_spaces(free, graph_module, spaces, alignment, 1,
                                                     None)
            seen["plan"] = plan
        return sizes

    return banked


def executorch_row(model: str, fast: int, device: str) -> dict:
    import torch
    from executorch.exir.passes import MemoryPlanningPass
    from executorch_plans import _equal, _lower, _run, build

    import memir.executorch as mx
    from memir.planning.spaces.baselines import greedy_by_size_pools
    from memir.planning.spaces.cost import all_default_ps, timeline
    from memir.planning.spaces.devices import two_spaces
    from memir.planning.spaces.model import Assignment, Span

    net, inputs, _ = build(model)
    exported = torch.export.export(net, inputs)
    reference = _lower(exported, mx.memory_planning_pass())[0]
    planning = mx.memory_planning_pass(spaces=two_spaces(fast, device))
    ours = _lower(exported, planning)[0]
    seen: dict = {}
    _lower(exported, MemoryPlanningPass(memory_planning_algo=_banked_spy(fast, device, seen)))
    problem = seen["problem"]

    def priced(where: list[int]) -> int:
        spans = [(Span(k, 0, len(v.uses) - 1),) for k, v in zip(where, problem.values)]
        return timeline(problem, Assignment(spans, [])).total_ps

    equal = _equal(_run(ours, inputs, False), _run(reference, inputs, False))
    sizes = list(ours.executorch_program.execution_plan[0].non_const_buffer_sizes) + [0, 0, 0]
    plan = seen["plan"]
    from memir.planning.spaces.strategies import assign_spaces

    greedy = assign_spaces(problem, "greedy", copies=False).total_ps
    return {"model": model, "fast": fast, "time_ps": priced(seen["memir"]), "greedy_ps": greedy,
            "bound_ps": plan.bound_ps,
            "all_default_ps": all_default_ps(problem), "banked_ps": priced(seen["banked"]),
            "pools_ps": timeline(problem, greedy_by_size_pools(problem)).total_ps,
            "strategy": f"{plan.strategy}/{plan.status}", "arenas": sizes[1:3],
            "seconds": planning.reports[0].seconds, "equal": equal}


def print_executorch(rows: list[dict]) -> None:
    print("model | fast | memir us | all-slow us | ET BankedGreedy us | pools us | bound us | "
          "memir/BankedGreedy | memir/pools | memir/bound | greedy alone/bound | fast arena | "
          "slow arena | strategy | plan s | .pte = single-arena .pte")
    for r in rows:
        cells = (r["model"], r["fast"], _us(r["time_ps"]), _us(r["all_default_ps"]),
                 _us(r["banked_ps"]), _us(r["pools_ps"]),
                 _us(r["bound_ps"]) if r["bound_ps"] else "-",
                 _ratio(r["time_ps"], r["banked_ps"]), _ratio(r["time_ps"], r["pools_ps"]),
                 _ratio(r["time_ps"], r["bound_ps"]), _ratio(r["greedy_ps"], r["bound_ps"]),
                 r["arenas"][0], r["arenas"][1], r["strategy"], f"{r['seconds']:.2f}",
                 r["equal"])
        print(" | ".join(str(c) for c in cells))
    for key, name in (("banked_ps", "BankedGreedy"), ("pools_ps", "pools")):
        worst = max((r["time_ps"] / r[key] for r in rows if r[key]), default=0)
        print(f"worst memir/{name}: {worst:.4f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(CORPUS))
    parser.add_argument("--et-models", default=",".join(ET_MODELS))
    parser.add_argument("--fast", default=",".join(map(str, FAST_SIZES)))
    parser.add_argument("--device", default="npu")
    parser.add_argument("--exact-limit", type=float, default=0.0,
                        help="seconds for strategy=exact per row (0: not run)")
    parser.add_argument("--no-executorch", action="store_true")
    parser.add_argument("--no-corpus", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.fast.split(",")]
    if not args.no_corpus:
        rows = []
        for model in args.models.split(","):
            for fast in sizes:
                rows.append(corpus_row(model, fast, args.device, args.exact_limit or None))
                print(f"  {model} fast={fast}: {rows[-1].get('strategy', 'FAILED')} "
                      f"{rows[-1]['wall_s']:.1f} s", file=sys.stderr, flush=True)
        print_corpus(rows)
    if not args.no_executorch:
        rows = [executorch_row(m, fast, args.device) for m in args.et_models.split(",")
                for fast in sizes]
        print_executorch(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
