"""Bounds on the integers the memir IR carries, checked by the verifiers.

Why: Python integers are unbounded, so any size parses; but the planners and checkers put
sizes, offsets and lifetimes in numpy int64 arrays (and OR-tools' int64 models), where
2^64 overflows and sums of two large sizes wrap. Bytes stay below 2^62 (4 EiB: the sum of
an offset and a size still fits in int64), program steps and stream indices below 2^31
(enough for any graph, and safe in int32 index arrays). memir/io/minimalloc.py applies the
same bounds to CSV cells.
"""

from __future__ import annotations

from xdsl.utils.exceptions import VerifyException

MAX_BYTES = 2**62  # sizes, offsets, alignments, workspaces: 0 <= x < MAX_BYTES
MAX_STEP = 2**31  # lifetime bounds: -MAX_STEP < x < MAX_STEP
MAX_STREAM = 2**31  # stream indices: 0 <= x < MAX_STREAM


def check_bytes(what: str, value: int) -> None:
    if value >= MAX_BYTES:
        raise VerifyException(f"{what} {value} is too large: bytes must be below 2^62")


def check_step(what: str, value: int) -> None:
    if not -MAX_STEP < value < MAX_STEP:
        raise VerifyException(f"{what} {value} is out of range: program steps lie in "
                              "(-2^31, 2^31)")
