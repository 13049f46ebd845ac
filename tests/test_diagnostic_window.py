"""A located error on a very long source line (a model's func.func header runs to tens of
kilobytes) shows a window of that line, and its caret still sits under the character the
error points at."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memir.tools.diagnostics import SHOWN_LINE, SourceText, shown_window


@given(st.text(alphabet="abcdefgh(){}:, ", min_size=1, max_size=2000), st.data())
def test_the_caret_points_at_the_same_character(line, data):
    col = data.draw(st.integers(1, len(line)))
    shown, caret = shown_window(line, col)
    assert len(shown) <= SHOWN_LINE + 6
    assert shown[caret - 1] == line[col - 1]
    if len(line) <= SHOWN_LINE:
        assert (shown, caret) == (line, col)


def test_a_long_header_stays_one_screen():
    header = "func.func @main(" + ", ".join(f"%a{i}: tensor<4xf32>" for i in range(3000)) + ") {"
    text = header + "\n  func.return\n}\n"
    pos = header.index("%a2000")
    rendered = SourceText("m.mlir", text).render(pos, "bad argument")
    message, source, caret = rendered.split("\n")
    assert message.startswith("m.mlir:1:")
    assert len(source) <= SHOWN_LINE + 6 and source.startswith("...") and source.endswith("...")
    assert source[len(caret) - 1:].startswith("%a2000")
