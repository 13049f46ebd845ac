"""memir in PyTorch's training step (needs ``memir[torch]``).

``partition`` is an AOTAutograd partition function (the contract of
``min_cut_rematerialization_partition``) that runs memir's order and recomputation;
``backend`` is a ``torch.compile`` backend using it. See docs/torch-compile.md.
"""

from memir.torch.backend import backend
from memir.torch.partition import (Partitioner, PartitionReport, PlanWarning, ProfileWarning,
                                   UnreachableCapacity)

partition = Partitioner()
"""memir's partition with no memory limit: memir's order, nothing recomputed. For a limit,
``Partitioner(capacity=...)`` or ``Partitioner(budget=...)``."""

__all__ = ["PartitionReport", "Partitioner", "PlanWarning", "ProfileWarning",
           "UnreachableCapacity", "backend", "partition"]
