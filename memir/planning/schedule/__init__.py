"""Operator scheduling on plain data: reorder ops to lower the peak of live bytes.

The ``schedule`` pass hands over a ``ScheduleProblem`` (buffer sizes, the buffers each op
touches, the deps to keep) and takes back an order. No xDSL here, so each algorithm can be
checked against brute force. Modules: ``problem`` (data and the memory model), ``bound``
(lower bound), ``greedy`` (list scheduling), ``updates`` (weight-update placement),
``segments`` (windows solved alone), ``exact`` (search over prefixes), ``streams`` (several streams, parallelism kept), ``auto``
(``schedule``, the strategies).
"""

from memir.planning.schedule.auto import STRATEGIES, schedule
from memir.planning.schedule.order_bound import lower_bound
from memir.planning.schedule.exact import exact_order
from memir.planning.schedule.greedy import greedy_order
from memir.planning.schedule.problem import (
    OrderGraph,
    ScheduleProblem,
    ScheduleResult,
    StreamInfo,
    is_topological,
    peak_of,
)
from memir.planning.schedule.segments import refine_peak, segment_order
from memir.planning.schedule.streams import Concurrency, keeps_parallelism, move_updates
from memir.planning.schedule.updates import schedule_updates, update_ops

__all__ = [
    "STRATEGIES", "Concurrency", "OrderGraph", "ScheduleProblem", "ScheduleResult", "StreamInfo", "exact_order", "greedy_order",
    "is_topological", "keeps_parallelism", "lower_bound", "peak_of", "refine_peak", "schedule", "schedule_updates",
    "move_updates", "segment_order", "update_ops",
]
