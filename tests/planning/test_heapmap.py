"""Heap-map plots: files are written in the requested format, also for many buffers."""

from __future__ import annotations

import random

from memir.planning.heapmap import plot
from memir.planning.layout.portfolio import assign_layout
from memir.model.layout import Buffer, Plan, Problem


def test_png_and_svg_by_extension(tmp_path):
    p = Problem([Buffer(8, 0, 2), Buffer(4, 1, 3), Buffer(8, 2, 5)])
    plan = assign_layout(p)
    plot(p, plan, str(tmp_path / "m.png"))
    plot(p, plan, str(tmp_path / "m.svg"), title="toy")
    assert (tmp_path / "m.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "m.svg").read_text()
    assert "<svg" in svg and "toy" in svg and "lower bound" in svg and "arena" in svg


def test_general_conflicts_without_lifetimes_use_buffer_index(tmp_path):
    p = Problem([Buffer(4), Buffer(4), Buffer(2)], [{1}, {0}, set()])
    plot(p, Plan([0, 4, 0], 8, "x", 8), str(tmp_path / "g.svg"))
    assert "buffer index" in (tmp_path / "g.svg").read_text()


def test_ten_thousand_buffers_render_quickly(tmp_path):
    rng = random.Random(0)
    bufs = []
    for _ in range(10000):
        lo = rng.randrange(0, 3000)
        bufs.append(Buffer(rng.randrange(1, 1 << 16), lo, lo + rng.randrange(1, 40)))
    p = Problem(bufs)
    offsets, top = [], 0
    for b in bufs:  # a valid, if wasteful, plan without running a planner
        offsets.append(top)
        top += b.size
    plot(p, Plan(offsets, top, "stack", 0), str(tmp_path / "big.png"))
    assert (tmp_path / "big.png").stat().st_size > 10_000


def test_marked_buffers_are_hatched_and_counted_in_the_legend(tmp_path):
    p = Problem([Buffer(8, 0, 2), Buffer(4, 1, 3), Buffer(8, 2, 5)])
    plan = assign_layout(p)
    plot(p, plan, str(tmp_path / "r.svg"), marked=[False, True, False])
    svg = (tmp_path / "r.svg").read_text()
    assert "recomputed (1 buffers)" in svg
    plot(p, plan, str(tmp_path / "n.svg"), marked=[False, False, False])
    assert "recomputed" not in (tmp_path / "n.svg").read_text()


def test_report_marks_the_buffers_rematerialize_recomputed(tmp_path, capsys):
    from pathlib import Path

    from memir.tools.memir_opt import main as memir_opt

    chain = Path(__file__).resolve().parents[2] / "filecheck_tests/rematerialize/chain.mlir"
    out = tmp_path / "h.svg"
    assert memir_opt([str(chain), "-p", "rematerialize{capacity=6144},stream-safety,"
                      f"assign-layout,report{{plot={out}}}", "-o", str(tmp_path / "o.mlir")]) == 0
    assert "recomputed (1 buffers)" in out.read_text()
    assert "remat:          peak 8192 -> 6144" in capsys.readouterr().err
