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

# Shared with the Python APIs, which import no IR. MAX_BYTES: sizes, offsets, alignments,
# workspaces lie in 0 <= x < MAX_BYTES.
from memir.arguments import MAX_ALIGNMENT, MAX_BYTES, MAX_SECONDS  # noqa: F401

MAX_STEP = 2**31  # lifetime bounds: -MAX_STEP < x < MAX_STEP
MAX_STREAM = 2**31  # stream indices: 0 <= x < MAX_STREAM


def check_bytes(what: str, value: int) -> None:
    if value >= MAX_BYTES:
        raise VerifyException(f"{what} {value} is too large: bytes must be below 2^62")


def check_step(what: str, value: int) -> None:
    if not -MAX_STEP < value < MAX_STEP:
        raise VerifyException(f"{what} {value} is out of range: program steps lie in "
                              "(-2^31, 2^31)")


# Pass options. Every integer or float option of every pass has a range, declared with the
# option (``option(..., Bound(...))``, passes/support/options.py) from the limits below and
# checked when the pipeline is parsed, before any pass runs. Why: a count is a loop bound (2^64
# interleavings never end), a budget is work, a byte count goes into int64; an option past
# its limit is a mistake to report, not a run to start.

MAX_DENSE_ELEMENTS = 2**24  # a dense literal's elements: xDSL stores each, splats too
MAX_TIMEOUT_MS = MAX_SECONDS * 1000  # verify-layout's SMT timeout-ms: the same day
MAX_WORK_BUDGET = 10**9  # schedule budget: expanded search states (~tens of us each)
MAX_INTERLEAVINGS = 100_000  # check-execution: each interleaving runs the whole program
MAX_SEED = 2**32 - 1  # random seeds: numpy's and most tools' seed range
MAX_CHUNKS = 2**20  # render-tile-chunks limit: chunks listed per tile in the IR
MAX_IMPORT_STREAMS = 256  # memir-translate --streams: the importer keeps streams^2 event state
MAX_BATCH = 2**20  # memir-translate --batch: the traced input's first dimension
