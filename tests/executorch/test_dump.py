"""A planned ExecuTorch program as memir IR, checked by memir-opt as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from et_programs import export, lower, training

import memir.executorch as mx  # noqa: E402  (after the skip in et_programs)
from memir.executorch.dump import dump_ir  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")


def memir_opt(path, pipeline: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", str(path), "-p",
                           pipeline], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def poolnet():
    module, inputs = training("poolnet")
    return export(module, inputs, train=True)


def test_memirs_plan_passes_verify_layout_and_check_execution(poolnet, tmp_path):
    planning = mx.memory_planning_pass()
    path = tmp_path / "memir.mlir"
    dump_ir(lower(poolnet, planning), str(path))
    done = memir_opt(path, "verify-layout,check-execution,report")
    assert done.returncode == 0, done.stderr
    arena = planning.reports[0].arenas[0].arena
    assert f"report: arena:          {arena}" in done.stderr
    assert "arena / bound:  1.0000" in done.stderr


def test_check_execution_finds_executorchs_max_pool_backward_reading_reused_bytes(poolnet,
                                                                                 tmp_path):
    path = tmp_path / "executorch.mlir"
    dump_ir(lower(poolnet), str(path))
    assert memir_opt(path, "verify-layout").returncode == 0  # no overlap: a reuse problem
    done = memir_opt(path, "check-execution")
    assert done.returncode == 1
    assert "max_pool2d_with_indices_backward.grad_input" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_planted_overlap_in_the_dump_is_located(poolnet, tmp_path):
    text = dump_ir(lower(poolnet, mx.memory_planning_pass()))
    lines = text.splitlines()
    allocs = [k for k, line in enumerate(lines) if "memir.alloc" in line and "%alloc" in line]
    first, second = allocs[0], allocs[1]
    offset = lines[first].split(" offset ")[1].split()[0]
    head, tail = lines[second].split(" offset ")
    lines[second] = f"{head} offset {offset} {tail.split(' ', 1)[1]}"
    path = tmp_path / "planted.mlir"
    path.write_text("\n".join(lines) + "\n")
    done = memir_opt(path, "verify-layout")
    assert done.returncode == 1
    assert f"{path.name}:" in done.stderr and "share bytes" in done.stderr
