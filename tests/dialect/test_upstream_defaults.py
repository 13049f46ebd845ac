"""Named linalg ops read without the properties MLIR defaults, and index lists checked.

Why: mlir-opt prints a convolution whose strides and dilations are all ones with neither, and
memir refused xDSL's convolutions and pooling so printed; a list value out of range ended
xDSL's verifier with an IndexError. These run without MLIR's tools
(filecheck_tests/upstream/linalg_defaults.mlir holds every named op of MLIR 22 so printed).
"""

from __future__ import annotations

from io import StringIO

import pytest
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from _pipelines import parse
from memir.dialects.upstream.checks import check_dimensions, check_permutation
from memir.dialects.upstream.linalg import window_rank

CONV = """\
func.func @f(%i: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x7x7xf32>,
             %s: tensor<1x4x4x4xf32>) {
  %0 = linalg.conv_2d_nchw_fchw ins(%i, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>)
    outs(%o : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %1 = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>}
    ins(%i, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>)
    outs(%s : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return
}
"""


def _convs(text: str):
    _, module = parse(text)
    module.verify()
    return [op for op in module.walk() if op.name == "linalg.conv_2d_nchw_fchw"]


def test_window_rank_follows_the_name():
    assert [window_rank(n) for n in (
        "linalg.conv_2d_nchw_fchw", "linalg.conv_1d", "linalg.depthwise_conv_3d_ndhwc_dhwcm",
        "linalg.pooling_nchw_max", "linalg.pooling_ncw_sum", "linalg.pooling_ndhwc_min",
    )] == [2, 1, 3, 2, 1, 3]


def test_a_convolution_without_strides_reads_with_mlirs_default_and_prints_without():
    plain, strided = _convs(CONV)
    assert "strides" not in plain.properties and "dilations" not in plain.properties
    assert list(plain.strides.get_values()) == [1, 1]  # MLIR's default, for xDSL's maps
    assert list(plain.dilations.get_values()) == [1, 1]
    assert list(strided.strides.get_values()) == [2, 2]
    # the maps xDSL's verifier checks come from the strides: 2 * d2 + d5 on the strided one
    assert "(d2 + d5)" in str(plain.get_indexing_maps().data[0])
    assert "((d2 * 2) + d5)" in str(strided.get_indexing_maps().data[0])
    out = StringIO()
    Printer(stream=out).print_op(plain.parent_op())
    printed = out.getvalue()
    assert "linalg.conv_2d_nchw_fchw ins(" in printed and "dilations" not in printed
    assert printed.count("strides = dense<2>") == 1


def test_a_window_of_the_wrong_size_is_refused_not_an_internal_error():
    bad = CONV.replace("strides = dense<2> : tensor<2xi64>", "strides = dense<2> : tensor<3xi64>")
    with pytest.raises(VerifyException, match="'strides' must hold 2 values, one per window "
                                              "dimension, got 3"):
        _convs(bad)


def test_permutations_and_dimension_lists_are_checked_before_use():
    check_permutation([2, 0, 1], 3, "permutation")
    check_dimensions([0, 2], 3, "gather_dims")
    for values in ([1, 5], [0, 0], [-1, 0], [0]):
        with pytest.raises(VerifyException, match="is not valid"):
            check_permutation(values, 2, "permutation")
    with pytest.raises(VerifyException, match="value 3 is out of range"):
        check_dimensions([0, 3], 3, "gather_dims")
    with pytest.raises(VerifyException, match="strictly increasing"):
        check_dimensions([1, 1], 3, "gather_dims")
