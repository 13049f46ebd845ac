"""Operator scheduling on plain data: reorder ops to lower the peak of live bytes.

The ``schedule`` pass hands over a ``ScheduleProblem`` (buffer sizes, the buffers each op
touches, the deps to keep) and takes back an order. No xDSL here, so each algorithm can be
checked against brute force. What other rooms and the frontends may use is exported here
(``__all__``); the modules are the room's own: ``order_model`` (the problem, its answer,
the memory model of an order); ``strategies`` (``schedule``, the pass's strategies and
``auto``'s portfolio); ``list_scheduling`` (memory-aware, with lookahead);
``prefix_search`` (the exact order); ``order_bound`` (a lower bound on the best order's
peak); ``segments`` (windows reordered alone); ``update_placement`` (where optimizer
updates run, OLLA, ROAM); ``streams`` (several streams, updates moved onto events);
``deps`` (the dependencies a reordering must keep).
"""

from memir.planning.schedule.strategies import STRATEGIES, schedule
from memir.planning.schedule.order_bound import lower_bound
from memir.planning.schedule.prefix_search import exact_order
from memir.planning.schedule.list_scheduling import greedy_order
from memir.planning.schedule.order_model import (
    OrderGraph,
    ScheduleProblem,
    ScheduleResult,
    StreamInfo,
    is_topological,
    peak_of,
)
from memir.planning.schedule.segments import refine_peak, segment_order
from memir.planning.schedule.streams import Concurrency, keeps_parallelism, move_updates
from memir.planning.schedule.update_placement import schedule_updates, update_ops
from memir.planning.schedule.deps import PARALLELISM, keeps_deps, schedule_problem, valid_order

__all__ = [
    "PARALLELISM", "STRATEGIES", "Concurrency", "OrderGraph", "ScheduleProblem", "ScheduleResult",
    "StreamInfo", "exact_order", "greedy_order", "is_topological", "keeps_deps",
    "keeps_parallelism", "lower_bound", "move_updates", "peak_of", "refine_peak", "schedule",
    "schedule_problem", "schedule_updates", "segment_order", "update_ops", "valid_order",
]
