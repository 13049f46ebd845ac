"""A thousand values: the greedy's plan keeps the capacity and beats all-default. (How long
it takes is measured by benchmarks/spaces.py, never asserted here.)"""

from __future__ import annotations

import random

from memir.planning.spaces.candidates import candidates
from memir.planning.spaces.cost import all_default_ps, timeline
from memir.planning.spaces.devices import SPACE_DEVICES, two_spaces
from memir.planning.spaces.greedy import greedy_choice
from memir.planning.spaces.model import SpaceProblem, Use, Value
from memir.planning.spaces.pieces import over_capacity, pieces
from memir.planning.spaces.priced import assemble, price


def program(n: int, seed: int = 0) -> SpaceProblem:
    """Activations made at their step and read up to four times within 60 steps, one weight
    tensor per ten of them read a few times, on the NPU profile with 256 KiB of SRAM."""
    rng = random.Random(seed)
    values = []
    for i in range(n):
        size = rng.choice([1024, 4096, 16384, 65536])
        window = range(i + 1, min(n, i + 60))
        later = sorted(rng.sample(window, min(rng.randint(1, 4), len(window))))
        uses = (Use(i, 0, size), *(Use(s, size * rng.choice([1, 2, 4]), 0) for s in later))
        values.append(Value(size, uses, align=64))
    for _ in range(n // 10):
        size = rng.choice([4096, 65536])
        steps = sorted(rng.sample(range(n), rng.randint(1, 3)))
        values.append(Value(size, tuple(Use(s, size, 0) for s in steps), movable=False))
    flops = [rng.choice([10**5, 10**6, 10**7]) for _ in range(n)]
    device = SPACE_DEVICES["npu"]
    return SpaceProblem(two_spaces(256 * 1024, device), values, flops, device.flops_per_second)


def test_a_thousand_values_keep_the_capacity_and_gain():
    problem = program(1000)
    options = candidates(problem)
    choice = greedy_choice(problem, price(problem, options), options=options)
    plan = assemble(options, choice)
    assert not over_capacity(problem, pieces(problem, plan))
    assert timeline(problem, plan).total_ps < all_default_ps(problem)
