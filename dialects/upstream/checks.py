"""Checks of index lists that several upstream ops share (permutations, dimension lists).

Why: xDSL 0.74 verifies some of these ops by indexing a shape with the list's values, so a
value out of range ended the run with "internal error: IndexError"; others it does not
verify at all, and a program MLIR rejects went through silently. Each op checks its list
here first, with MLIR's meaning, and the user gets a located error.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.utils.exceptions import VerifyException


def check_permutation(values: Sequence[int], rank: int, what: str) -> None:
    """``values`` must hold each of ``0 .. rank-1`` once (MLIR: "permutation is not valid")."""
    if sorted(values) != list(range(rank)):
        raise VerifyException(f"{what} {list(values)} is not valid: it must hold each of "
                              f"0 to {rank - 1} once")


def check_dimensions(values: Sequence[int], rank: int, what: str) -> None:
    """``values`` must be dimensions of a rank-``rank`` shape, strictly increasing (MLIR's
    rule for ``gather_dims`` and ``scatter_dims``)."""
    for value in values:
        if not 0 <= value < rank:
            raise VerifyException(f"{what} value {value} is out of range: the source has "
                                  f"rank {rank}")
    if any(a >= b for a, b in zip(values, values[1:])):
        raise VerifyException(f"{what} values must be strictly increasing, got {list(values)}")
