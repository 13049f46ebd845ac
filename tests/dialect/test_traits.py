"""Effect traits: xDSL's rewriter deletes unused side-effect-free ops, so no planned op may
look side-effect free (an unused alloc, view or tile with a lifetime is still in the plan;
a contiguous group has no results at all)."""

from __future__ import annotations

from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriter, \
    PatternRewriteWalker, RewritePattern
from xdsl.traits import MemoryAllocEffect, MemoryFreeEffect, Pure, get_effects

from memir.dialects import AllocOp, ArenaOp, ContiguousOp, DeallocOp, StreamOp, TileViewOp, \
    ViewOp
from memir.tools.driver import parse_chunk, print_module
from memir.tools.registry import make_context

TEXT = """\
%s0 = memir.stream 0
%s1 = memir.stream 1
%a = memir.alloc 64 live [0, 2) offset 0 id "a"
%b = memir.alloc 64 live [1, 3) offset 64 id "b"
%c = memir.alloc 64 id "c"
%d = memir.alloc 64 live [0, 1) id "d"
%t = memir.tile_view %c [0] [4] [1] elem 4 live [0, 1)
memir.contiguous %a, %b
%e = memir.record on %s0
memir.wait %e on %s0
memir.dealloc %c
%m = memir.arena 256
%v = memir.view %m at 128 size 64 id "v"
"""


class Nothing(RewritePattern):
    def match_and_rewrite(self, op, rewriter: PatternRewriter) -> None:
        return None


def test_dead_code_elimination_keeps_every_planned_op():
    module = parse_chunk(make_context(), TEXT, "t").module
    PatternRewriteWalker(GreedyRewritePatternApplier([Nothing()], dce_enabled=True)) \
        .rewrite_module(module)
    text = print_module(module)
    for kept in ('id "a"', 'id "b"', 'id "c"', 'id "d"', "memir.tile_view", "memir.contiguous",
                 "memir.record", "memir.wait", "memir.dealloc", "memir.arena", 'id "v"'):
        assert kept in text, (kept, text)
    # an unused stream declaration is the one thing that may go
    assert "memir.stream 1" not in text and "memir.stream 0" in text


def test_declared_effects():
    assert AllocOp.has_trait(MemoryAllocEffect) and ArenaOp.has_trait(MemoryAllocEffect)
    assert DeallocOp.has_trait(MemoryFreeEffect)
    assert StreamOp.has_trait(Pure)
    for cls in (TileViewOp, ViewOp, ContiguousOp):
        assert not cls.has_trait(Pure)
    module = parse_chunk(make_context(), TEXT, "t").module
    for op in module.walk():
        if isinstance(op, (TileViewOp, ViewOp, ContiguousOp)):
            assert get_effects(op) is None  # unknown effects: never trivially dead
