"""Bad values for the Python APIs' property tests (issue 52): wrong kinds, NaN, infinities,
negative or huge integers, empty lists; and the check every error must pass."""

import math

import pytest
from hypothesis import strategies as st

NOT_FINITE = st.sampled_from([math.nan, math.inf, -math.inf])
HUGE = st.sampled_from([2**63, 2**64, 10**30, -(2**64)])
NEGATIVE = st.integers(max_value=-1)
BOOLS = st.booleans()
CHOICES = {"auto", "greedy", "exact", "single", "many", "npu", "esp32s3", "h100-host", "eager",
           "inductor", "a100", "h100", "h200", "cpu", "default"}  # every name an option takes
WRONG_KINDS = st.one_of(st.text(max_size=8).filter(lambda s: s not in CHOICES),
                        st.lists(st.integers(), max_size=2),
                        st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
                        st.just(object()), st.just(b"1"), st.just("1\n2"))
NUMBER_ISH = st.one_of(NOT_FINITE, HUGE, NEGATIVE, BOOLS, WRONG_KINDS, st.just([]))
"""Values no size, count, fraction or time limit takes."""


def raises_clearly(call, *names: str):
    """``call()`` fails with a one-line ``ValueError``/``TypeError`` naming one of ``names``
    (an option's ``-`` spelling counts)."""
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message and message.strip(), message
    spellings = {s for n in names for s in (n, n.replace("_", "-"))}
    assert any(s in message for s in spellings), f"{names} not in {message!r}"
    return caught.value
