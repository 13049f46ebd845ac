"""``memir.torch.backend``: a ``torch.compile`` backend whose training steps run memir's plan.

Why AOTAutograd with a partition function: that is how ``torch.compile`` makes a training
step (dynamo captures the forward, AOTAutograd traces the joint graph and partitions it),
and ``aot_eager`` / ``inductor`` differ only in the compilers the two graphs go to. Here the
partition is memir's (memir.torch.partition); the graphs run as they are (``compiler=
"eager"``: PyTorch's ``boxed_nop``, which frees each saved tensor after its last use, as
``aot_eager`` does) or go to Inductor (``compiler="inductor"``) through the entry
``torch.compile(options={"custom_partitioner_fn": ...})`` uses: Inductor's own
``compile_fx`` with its decompositions and joint-graph passes, memir partitioning where
``min_cut_rematerialization_partition`` would. Inductor then fuses and orders the kernels
itself (docs/torch-compile.md says what that does to the peak).
"""

from __future__ import annotations

from memir.arguments import choice
from memir.torch.partition import DEVICE_PROFILES, Partitioner

COMPILERS = ("eager", "inductor")


def backend(capacity: int | None = None, budget: float | None = None,
            device_profile: str = "auto", compiler: str = "eager"):
    """``torch.compile(model, backend=memir.torch.backend(budget=0.5))``.

    ``capacity``: bytes the step's peak may reach (the tensors the compiled step allocates:
    activations, gradients, temporaries; not the weights and inputs it is given).
    ``budget``: what ``torch._functorch.config.activation_memory_budget`` means, in [0, 1].
    ``device_profile``: the roofline recomputations are priced on: ``auto`` (the device
    the graph runs on; an unknown one gets ``default`` with a ``ProfileWarning``), or one of
    ``memir.planning.remat.cost.DEVICES`` by name. The backend's ``partitioner.reports``
    lists what each graph planned.
    Bad arguments are one-line ``TypeError``s (wrong kind) or ``ValueError``s here,
    naming the argument; a capacity below every plan one when the step is compiled (its
    first call), naming the smallest peak memir reaches.
    """
    from torch._dynamo.backends.common import aot_autograd

    choice("compiler", compiler, COMPILERS)
    choice("device_profile", device_profile, DEVICE_PROFILES)
    partitioner = Partitioner(capacity, budget, device_profile,
                              fused=compiler == "inductor")
    if compiler == "eager":
        from torch._dynamo.backends.debugging import boxed_nop

        made = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                            partition_fn=partitioner)
    else:
        from memir.torch.inductor import inductor_backend

        made = inductor_backend(partitioner)
    made.partitioner = partitioner
    return made
