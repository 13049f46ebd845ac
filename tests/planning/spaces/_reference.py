"""A step-by-step simulation written straight from the cost model's words, to check
``memir.planning.spaces.cost.simulate`` (which works by whole arrays) against."""

from __future__ import annotations


def simulate_steps(step_ps, copies) -> tuple[int, list[int], list[int]]:
    """``copies``: (issue, deadline, duration) in stream order."""
    n = len(step_ps)
    step_end, copy_end = [0] * n, [0] * len(copies)
    done = [False] * len(copies)
    stream = 0
    k = 0
    for i in range(n):
        while k < len(copies) and copies[k][0] < i:  # issued after an ended step
            issue, _, dur = copies[k]
            start = max(step_end[issue] if issue >= 0 else 0, stream)
            stream = copy_end[k] = start + dur
            done[k] = True
            k += 1
        start = max([step_end[i - 1] if i else 0]
                    + [copy_end[j] for j, c in enumerate(copies) if c[1] <= i])
        step_end[i] = start + step_ps[i]
    assert all(done)
    return max([step_end[-1] if n else 0, stream]), step_end, copy_end
