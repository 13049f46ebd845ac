"""Orders as moves: ops that run right after an anchor op, and what every order rewrite
needs of them.

Why a module of its own: the order rewrites (``deferred_updates``, ``sunk_tails``,
``hoisted_reads``) and the planner (``strategies``) all describe an order as moves
(``deferred_order``), check that a new order keeps every value (``keeps_values``) and
group the optimizer's ops by parameter (``parameter_updates``); kept here, none of the
rewrites imports another.
"""

from __future__ import annotations


def deferred_order(n: int, after: dict[int, list[int]]) -> list[int]:
    """The program order with ``deferrals`` applied: old op indices in their new order."""
    moved = {u for ops in after.values() for u in ops}
    order = []
    for j in range(n):
        if j not in moved:
            order.append(j)
        order.extend(after.get(j, ()))
    return order


def keeps_values(problem, order: list[int]) -> bool:
    """Whether every op of ``order`` (the program's ops, reordered) sees the values it saw
    in program order: per buffer, each write stays after every earlier access and before
    every later one."""
    position = [0] * problem.num_ops
    for k, op in enumerate(order):
        position[op] = k
    accesses: dict[int, list[tuple[int, bool]]] = {}
    for u, op in enumerate(problem.ops):
        written = {*op.writes, *op.produces}
        for b in {*op.reads, *written}:
            accesses.setdefault(b, []).append((u, b in written))
    for seen in accesses.values():
        last_write, latest = -1, -1
        for u, writes in seen:
            at = position[u]
            if at <= last_write or (writes and at <= latest):
                return False
            if writes:
                last_write = at
            latest = max(latest, at)
    return True


def parameter_updates(problem) -> list[list[int]]:
    """The optimizer step's ops, grouped by what they touch (one parameter's update: its
    moments, temporaries and the parameter), each in program order."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[int, int] = {}  # buffer -> an update op touching it
    updates = [i for i, op in enumerate(problem.ops) if op.update]
    for u in updates:
        find(u)
        op = problem.ops[u]
        for b in {*op.reads, *op.writes, *op.produces}:
            if b in owner:
                parent[find(u)] = find(owner[b])
            else:
                owner[b] = u
    groups: dict[int, list[int]] = {}
    for u in updates:
        groups.setdefault(find(u), []).append(u)
    return sorted(groups.values())
