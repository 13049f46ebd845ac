"""memir inside an upstream MLIR 22 pipeline: what it plans, what the plans cost, how long it takes.

Why: the corpus tests (tests/upstream) say whether each program gets through; this says how well.
For every corpus program, at both positions (after one-shot-bufferize, after the deallocation
pipeline, and that again in MLIR's generic form; where a callee returns a buffer, also after
upstream's ``-buffer-results-to-out-params=hoist-static-allocs``), it prints:

- allocs planned / total (static-shape allocs in brackets), counted on the program text before
  and after memir;
- static bytes planned / total, and the arena memir made;
- the arena (summed over functions) against the unplanned program's peak of live static bytes
  (``harness.live_peak``: each alloc live from its op to its last use, through views and casts;
  each function's peak, summed), against the same peak over the buffers memir planned (read off
  its output's views: the bound its arenas can reach, ``ar/bd`` 1.000 is at it), and against the sum of the
  sizes (what upstream's allocator holds at worst);
- memir-opt's seconds and peak RSS as users run it (a child process, ``_measure``);
- the end-to-end result: ok, or the stage it stopped at (memir, deallocate, lower, run, differs).

With ``--coverage DIR``, instead: the ops memir reads and prints back as MLIR 22 does, per
dialect, out of those in MLIR's own dialect tests (``tests/upstream/op_coverage.py``; each
piece once more as mlir-opt prints it with its linalg defaults left out).

Then failures grouped by cause, and a torch-mlir export of ResNet-50 (Bottleneck blocks
[3, 4, 6, 3], batch 1, 224x224, built in plain torch: torchvision has no CPU wheel here),
generated into ``cache/upstream/`` (not committed; needs ``pip install -e '.[mlir]'``), timed
through memir-opt at each position.

    python benchmarks/upstream_mlir.py [--pipeline P] [--no-resnet50 | --run-resnet50]
                                       [--programs a,b]
    python benchmarks/upstream_mlir.py --coverage LLVM_PROJECT   # reading, per dialect
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "upstream"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _measure  # noqa: E402
import harness  # noqa: E402

CACHE = ROOT / "cache" / "upstream"


class MeasuredHarness(harness.Harness):
    """The corpus harness, with memir-opt timed and its peak RSS taken (``_measure``)."""

    def __init__(self, tools: harness.Tools, pipeline: str):
        super().__init__(tools, pipeline)
        self.last_rss_mb = 0.0
        self.last_input = ""

    def memir(self, text: str) -> harness.Step:
        self.last_input = text
        m = _measure.memir("memir-opt", "-", "-p", self.memir_pipeline, stdin=text)
        self.last_rss_mb = m.rss_mb
        return harness.Step(m.returncode, m.stdout, m.stderr, m.seconds)


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if a and b else "-"


def _remarks(text: str) -> Counter:
    """memir's reasons for allocs it left alone, with the type names taken out."""
    reasons = re.findall(r'memir\.remark = "([^"]*)"', text)
    return Counter(re.sub(r"memref<[^>]*>+", "memref<...>", r) for r in reasons)


def corpus_table(run: MeasuredHarness, programs: list[Path]) -> list[harness.Outcome]:
    header = (f"{'program':38} {'position':21} {'result':10} {'allocs':>9} {'static B':>17} "
              f"{'arena':>7} {'peak':>7} {'bound':>7} {'ar/pk':>6} {'ar/bd':>6} {'ar/sum':>6} "
              f"{'memir s':>7} {'MiB':>4}")
    print(header)
    print("-" * len(header))
    outcomes = []
    for program in programs:
        for position in harness.positions_for(program):
            o = run.run(program, position)
            rss_mb = run.last_rss_mb if o.memir_seconds else 0.0
            outcomes.append(o)
            a, p = o.allocs, o.plan
            given = run.last_input
            peak = harness.live_peak(given)
            bound = harness.live_peak(o.memir_output, views=True) if p.planned else 0
            print(f"{o.program:38} {position:21} {o.stage:10} "
                  f"{p.planned:>3}/{a.total:<2}({a.static:>2}) "
                  f"{p.planned_bytes:>8}/{a.static_bytes:<8} {p.arena_bytes:>7} {peak:>7} "
                  f"{bound:>7} {_ratio(p.arena_bytes, peak):>6} {_ratio(p.arena_bytes, bound):>6} "
                  f"{_ratio(p.arena_bytes, a.static_bytes):>6} {o.memir_seconds:>7.2f} "
                  f"{rss_mb:>4.0f}")
    return outcomes


def summary(outcomes: list[harness.Outcome]) -> None:
    print()
    for position in harness.POSITIONS:
        at = [o for o in outcomes if o.position == position]
        ok = sum(o.stage == "ok" for o in at)
        read = sum(o.memir_read for o in at)
        planned = sum(o.plan.planned for o in at)
        static = sum(o.allocs.static for o in at)
        total = sum(o.allocs.total for o in at)
        pbytes = sum(o.plan.planned_bytes for o in at)
        sbytes = sum(o.allocs.static_bytes for o in at)
        seconds = sum(o.memir_seconds for o in at)
        print(f"{position}: end to end {ok}/{len(at)}, memir read {read}/{len(at)}, allocs planned "
              f"{planned}/{total} ({static} static), static bytes planned {pbytes:,}/{sbytes:,}, "
              f"memir {seconds:.1f} s in all")
    print("\nwhere programs stop, by cause (program x position cases):")
    causes = Counter((o.stage, o.detail) for o in outcomes if o.stage != "ok")
    for (stage, detail), n in causes.most_common():
        print(f"  {n:3}  {stage:10} {detail}")
    remarks = Counter()
    for o in outcomes:
        remarks.update(_remarks(o.memir_output))
    silent = sum(len(harness.unexplained_allocs(o.memir_output)) for o in outcomes)
    print(f"\nallocs memir left alone without a remark: {silent}")
    if remarks:
        print("\nallocs memir read but left alone, by its remark:")
        for reason, n in remarks.most_common():
            print(f"  {n:3}  {reason}")


def resnet50(run: MeasuredHarness, execute: bool) -> None:
    print("\nResNet-50 (torch-mlir export, batch 1, 224x224, Bottleneck [3, 4, 6, 3])")
    source = CACHE / "resnet50.mlir"
    if not source.exists():
        try:
            import torch_mlir  # noqa: F401
        except ImportError:
            print("  skipped: torch-mlir is not installed (pip install -e '.[mlir]')")
            return
        made = _measure.run([sys.executable, str(ROOT / "tests" / "upstream" / "export_torch.py"),
                             "--resnet50", str(CACHE)])
        if made.returncode != 0:
            print(f"  export failed: {harness.first_error(made.stderr)}")
            return
        print(f"  exported in {made.seconds:.1f} s (RSS {made.rss_mb:.0f} MiB)")
    text = source.read_text()
    print(f"  {source.relative_to(ROOT)}: {len(text) / 2**20:.0f} MiB of text")
    harness.TIMEOUT = 3600  # running ResNet-50 as scalar loops takes minutes
    for position in harness.POSITIONS:
        upstream = _measure.run([run.tools.mlir_opt, *harness.upstream_flags(position)],
                                stdin=text)
        if upstream.returncode != 0:
            print(f"  {position}: mlir-opt failed: {harness.first_error(upstream.stderr)}")
            continue
        body = "\n".join(line for line in upstream.stdout.splitlines()
                         if not line.lstrip().startswith(("0x", "torch_tensor")))
        ops = len(re.findall(r"^\s*(?:%[^=\n]+= )?\"?[a-z_]+\.[a-z_.0-9]+", body, re.M))
        allocs = harness.count_allocs(upstream.stdout)
        peak = harness.live_peak(upstream.stdout)
        memir = _measure.memir("memir-opt", "-", "-p", run.memir_pipeline, stdin=upstream.stdout)
        plan = harness.count_plan(upstream.stdout, memir.stdout) if memir.returncode == 0 else None
        result = "read" if memir.returncode == 0 else "memir: " + harness.first_error(memir.stderr)
        if plan and execute:
            result = _run_planned(run, source, position, memir.stdout)
        planned = f"{plan.planned}/{allocs.total}" if plan else f"-/{allocs.total}"
        print(f"  {position}: {ops} ops, allocs planned {planned} ({allocs.static} static, "
              f"{allocs.static_bytes / 2**20:.1f} MiB, peak live {peak / 2**20:.2f} MiB"
              + (f", arena {plan.arena_bytes / 2**20:.2f} MiB, bound over the planned "
                 f"{harness.live_peak(memir.stdout, views=True) / 2**20:.2f} MiB"
                 if plan else "")
              + f"); mlir-opt {upstream.seconds:.1f} s; memir-opt {memir.seconds:.1f} s "
              f"({memir.cpu_seconds:.1f} s CPU), RSS {memir.rss_mb:.0f} MiB; {result}", flush=True)


def _run_planned(run: MeasuredHarness, source: Path, position: str, planned: str) -> str:
    """Lower and run the planned ResNet-50; its output against the unplanned run's."""
    if harness.deallocates_after(position):
        deallocated = run._opt(harness.DEALLOCATE, planned)
        if deallocated.returncode != 0:
            return "deallocate: " + harness.first_error(deallocated.stderr)
        planned = deallocated.stdout
    stage, ran = run.lower_and_run(planned)
    if stage != "ok":
        return f"{stage}: {harness.first_error(ran.stderr)}"
    reference = run.unplanned(source)
    if reference.returncode != 0:
        return "unplanned run failed: " + harness.first_error(reference.stderr)
    same = harness.normalize(reference.stdout) == harness.normalize(ran.stdout)
    return "ran, output identical to the unplanned run" if same else "ran, OUTPUT DIFFERS"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipeline", default=harness.MEMIR_PIPELINE, help="memir-opt -p list")
    parser.add_argument("--programs", default="", help="comma-separated corpus names (default all)")
    parser.add_argument("--no-resnet50", action="store_true", help="leave out ResNet-50")
    parser.add_argument("--coverage", default="", metavar="DIR",
                        help="only the op coverage table against MLIR's own dialect tests in "
                             "DIR (an llvm-project checkout; tests/upstream/op_coverage.py)")
    parser.add_argument("--run-resnet50", action="store_true",
                        help="also lower and run the planned ResNet-50 against the unplanned run "
                             "(minutes: scalar loops)")
    args = parser.parse_args(argv)
    if args.coverage:
        import op_coverage

        return op_coverage.report(Path(args.coverage), [])
    tools = harness.find_tools()
    if isinstance(tools, str):
        print(f"error: {tools}", file=sys.stderr)
        return 1
    run = MeasuredHarness(tools, args.pipeline)
    programs = harness.corpus_programs()
    if args.programs:
        wanted = set(args.programs.split(","))
        programs = [p for p in programs if p.stem in wanted]
    print(f"memir-opt -p '{args.pipeline}' on {len(programs)} programs, MLIR 22 at "
          f"{Path(tools.mlir_opt).parent}\n")
    summary(corpus_table(run, programs))
    if not args.no_resnet50:
        resnet50(run, args.run_resnet50)
    return 0


if __name__ == "__main__":
    sys.exit(main())
