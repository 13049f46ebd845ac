"""rematerialize on a module without compute ops is a no-op, not an internal error (found by
tests/test_fuzz.py: the reorder check read the first compute op of an empty list)."""

import io
import sys

import pytest

from memir.tools import memir_opt


@pytest.mark.parametrize("strategy", ["auto", "greedy", "exact"])
def test_rematerialize_on_an_empty_module(strategy, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert memir_opt.main(["-p", f"rematerialize{{capacity=1 strategy={strategy}}}"]) == 0
    assert 'strategy = "none"' in capsys.readouterr().out
