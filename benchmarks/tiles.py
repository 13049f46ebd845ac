"""Tile-aware vs tile-oblivious planning on the synthetic tiled workloads ([NPU tiles]).

    python benchmarks/tiles.py [--quick]

For each workload at about 1k and 10k tiles: arena of the tile-oblivious baseline (every buffer
whole over the hull of its lifetimes) and of the tile-aware planner (both best of the same
sorts), the lower bound, and seconds to render chunks, plan, verify by chunk sweep and verify
by Z3 (with the span filter and analytic shortcuts; at 1k also with every span-overlapping pair
sent to Z3), and this process's peak RSS so far.  ``--quick`` runs the 1k workloads only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from memir.planning.tiles.allocate import tensor_allocate, tile_oblivious_plan
from tile_workloads import WORKLOADS, workload
from memir.planning.tiles.chunks import items_of
from memir.verify.tile_smt import prove_tiles
from memir.verify.tile_sweep import check_tiles

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import self_rss_mb  # noqa: E402


def _timed(f, *a, **k):
    t0 = time.perf_counter()
    r = f(*a, **k)
    return r, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1k-tile workloads only")
    args = ap.parse_args()
    scales = ["1k"] if args.quick else ["1k", "10k"]
    head = (f"{'workload':18} {'scale':5} {'bufs':>5} {'tiles':>6} {'lower':>9} {'oblivious':>9} "
            f"{'aware':>9} {'saved':>6} {'sort':>9} {'render':>7} {'plan':>6} {'sweep':>6} "
            f"{'z3':>6} {'q':>4} {'z3-all':>7} {'q-all':>5} {'RSS MiB':>7}")
    print(head)
    print("-" * len(head))
    for scale in scales:
        for name in WORKLOADS:
            bufs = workload(name, scale)
            ntiles = sum(len(b.tiles) for b in bufs)
            _, t_render = _timed(items_of, bufs)
            blind = tile_oblivious_plan(bufs, "best")
            aware, t_plan = _timed(tensor_allocate, bufs, "best")
            bad, t_sweep = _timed(check_tiles, bufs, aware)
            rep, t_z3 = _timed(prove_tiles, bufs, aware)
            assert not bad and rep.ok, f"{name}: plan failed verification"
            z3_all = q_all = "-"
            if scale == "1k" and not args.quick:
                full = prove_tiles(bufs, aware, shortcuts=False)
                assert full.ok
                z3_all, q_all = f"{full.seconds:7.2f}", f"{full.queries:5d}"
            saved = 100.0 * (blind.arena - aware.arena) / blind.arena
            print(f"{name:18} {scale:5} {len(bufs):5d} {ntiles:6d} {aware.lower_bound:9d} "
                  f"{blind.arena:9d} {aware.arena:9d} {saved:5.1f}% "
                  f"{aware.strategy.split('/')[1]:>9} {t_render:7.2f} {t_plan:6.2f} "
                  f"{t_sweep:6.2f} {t_z3:6.2f} {rep.queries:4d} {z3_all:>7} {q_all:>5} "
                  f"{self_rss_mb():7.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
