"""Reading ExecuTorch's specs into memir's problem, and filling banks, on plain stand-ins.

The stand-ins have the fields the reader uses (``realign``, ``allocated_memory``,
``lifetime``, ``storage_base``, a view's ``_base``), so these run without exporting."""

from __future__ import annotations

import random

import et_programs  # noqa: F401  (skips without the extra)
import pytest

from memir.executorch.banks import fill_bank, parse_banks
from memir.executorch.specs import fixed_order_bound, problem_of, read_roots
from memir.model.layout import Plan
from memir.planning.layout.portfolio import assign_layout
from memir.verify.overlap import check_plan


class Spec:
    def __init__(self, nbytes, lifetime, storage_base=None, offset=0, mem_id=None):
        self.nbytes, self.lifetime = nbytes, list(lifetime)
        self.storage_base, self.storage_base_offset = storage_base, offset
        self.mem_id, self.mem_offset, self.alignment = mem_id, None, 1
        self.shape, self.dtype = [nbytes], "uint8"

    def realign(self, alignment):
        self.alignment = alignment
        return self.allocated_memory

    @property
    def allocated_memory(self):
        return -(-self.nbytes // self.alignment) * self.alignment


class View(Spec):
    def __init__(self, base):
        super().__init__(base.nbytes, base.lifetime)
        self._base = base


def test_views_and_storage_backed_specs_follow_their_root():
    base = Spec(100, (0, 4))
    view = View(base)
    inner = Spec(16, (2, 6), storage_base=base, offset=32)
    other = Spec(10, (5, 7))
    roots = read_roots([base, view, inner, other], alignment=16)
    assert [r.spec for r in roots] == [base, other]
    (b, o) = roots
    assert (b.size, b.lower, b.upper) == (112, 0, 7)  # realigned; stretched over `inner`
    assert {id(s): off for s, off in b.members} == {id(base): 0, id(view): 0, id(inner): 32}
    assert fixed_order_bound(roots) == 112 + 16


def test_a_view_whose_base_is_not_planned_is_its_own_root():
    base = Spec(64, (0, 3))
    roots = read_roots([View(base)], alignment=1)
    assert len(roots) == 1 and roots[0].size == 64


def test_pinned_memory_ids_are_kept():
    roots = read_roots([Spec(8, (0, 1), mem_id=3), Spec(8, (0, 1))], alignment=1)
    assert [r.pinned for r in roots] == [3, None]


def _random_roots(rng: random.Random, n: int):
    specs = []
    for _ in range(n):
        lo = rng.randrange(20)
        specs.append(Spec(rng.choice([16, 32, 48, 64, 128]), (lo, lo + rng.randrange(6))))
    return read_roots(specs, alignment=16)


@pytest.mark.parametrize("seed", range(8))
def test_a_filled_bank_fits_its_capacity_and_keeps_every_root(seed):
    rng = random.Random(seed)
    pinned, free = _random_roots(rng, 3), _random_roots(rng, 30)
    capacity = 256 + 16 * rng.randrange(16)

    def layout(problem):
        return assign_layout(problem)

    chosen, plan, left = fill_bank(pinned, free, capacity, lambda rs: problem_of(rs, 16), layout)
    assert plan.arena <= capacity
    assert all(p in chosen for p in pinned)
    assert sorted(map(id, chosen + left)) == sorted(map(id, pinned + free))
    assert not check_plan(problem_of(chosen, 16, capacity), plan)


def test_pinned_roots_that_cannot_fit_are_an_error():
    rng = random.Random(1)
    pinned = _random_roots(rng, 10)
    with pytest.raises(ValueError, match="pinned"):
        fill_bank(pinned, [], 16, lambda rs: problem_of(rs, 16),
                  lambda p: Plan([0] * len(p.buffers), 10**6))


def test_parse_banks_reads_names_and_capacities():
    banks = parse_banks([("sram", 1024), ("dram", None)])
    assert [(b.name, b.capacity) for b in banks] == [("sram", 1024), ("dram", None)]
    with pytest.raises(ValueError, match=r"banks\[0\] must be a \(name, capacity_bytes\) pair"):
        parse_banks(["sram"])
