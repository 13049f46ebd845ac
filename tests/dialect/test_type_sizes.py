"""The one rule for a type's byte size, and the two sets of elements it sizes."""

from xdsl.dialects.builtin import ComplexType, IndexType, IntegerType, bf16, f16, f32, i1, i64

from memir.dialects.type_sizes import element_bytes, shaped_bytes


def test_elements_take_whole_bytes():
    assert [element_bytes(t) for t in (i1, IntegerType(7), IntegerType(9), f16, bf16, f32,
                                       i64)] == [1, 1, 2, 2, 2, 4, 8]


def test_index_and_complex_have_a_size_only_under_the_data_layout():
    """memir's own IR refuses what has no width of its own; upstream programs are lowered
    under MLIR's default data layout (index is 64 bits)."""
    assert element_bytes(IndexType()) is None
    assert element_bytes(ComplexType(f32)) is None
    assert element_bytes(IndexType(), data_layout=True) == 8
    assert element_bytes(ComplexType(f32), data_layout=True) == 8


def test_shaped_bytes():
    assert shaped_bytes([4, 16], f32) == 256
    assert shaped_bytes([], f16) == 2
    assert shaped_bytes([0, 3], f32) == 0
    assert shaped_bytes([-1, 3], f32) is None
    assert shaped_bytes([2], IndexType()) is None
    assert shaped_bytes([2], IndexType(), data_layout=True) == 16
