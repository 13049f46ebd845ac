"""Record the ATen kernels a PyTorch program runs on fake tensors as a plain memir Graph.

Why a dispatch mode rather than an FX trace: we want what eager PyTorch allocates, kernel
by kernel, in the order it runs them — views and in-place ops included, not functionalized
away. A ``TorchDispatchMode`` stacked above a ``FakeTensorMode`` sees exactly one call per
ATen kernel (forward, autograd's backward and any optimizer math alike) while the fake
mode computes shapes only: no real compute, no real memory.

Aliasing is read from storage identity, which is what decides memory: an output whose
storage is already known (a view, an in-place result, ``out=``, ``_unsafe_view``) becomes
an alias of that storage's first tensor and gets no allocation; any other output is a
fresh buffer of its storage's byte size. Every tensor the recorder has seen is kept alive
until it is done, so a storage address is never reused within one trace.
"""

from __future__ import annotations

import math

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves

from memir.analysis.graph import Graph
from memir.io.torch_dynamic import DynamicShapeError

# Kernels that write an argument their schema does not mark as written.
_UNMARKED_WRITES = {"aten::native_batch_norm": ("running_mean", "running_var")}
RUNNING_STATS = ("running_mean", "running_var")
RUNNING_STATS_KERNEL = "memir.batch_norm_running_stats_"
"""A training-mode batch norm does two things: it normalises its input by the batch's
statistics (a pure function of input, weight and bias, which rematerialisation may
recompute) and it folds those statistics into the running ones in place (which must run
once). The recorder writes them as two nodes: the kernel, reading neither running
statistic, and right after it this update, which reads the batch mean and inverse standard
deviation the kernel saved and writes the running mean and variance."""


def storage_key(tensor: torch.Tensor) -> int:
    return tensor.untyped_storage()._cdata


CUDA_BLOCK_BYTES = 512
"""PyTorch's CUDA caching allocator hands out blocks in multiples of 512 bytes
(``kMinBlockSize`` in c10/cuda/CUDACachingAllocator.cpp), and ``memory_allocated`` counts
the blocks: a 4-byte tensor on the GPU holds 512 bytes."""


def allocated_bytes(tensor: torch.Tensor) -> int:
    """The bytes the device's allocator holds for ``tensor``'s storage."""
    size = tensor.untyped_storage().nbytes()
    if tensor.device.type == "cuda":
        return -(-size // CUDA_BLOCK_BYTES) * CUDA_BLOCK_BYTES
    return size


def dtype_name(tensor: torch.Tensor) -> str:
    return str(tensor.dtype).removeprefix("torch.")


def kernel_name(func) -> str:
    """``aten.convolution`` for a default overload, ``aten.add.Tensor`` otherwise."""
    return str(func).removesuffix(".default")


def written_arguments(func, args: tuple, kwargs: dict) -> list[torch.Tensor]:
    """Tensors the kernel writes in place (``Tensor(a!)`` in its schema, or known quirks)."""
    schema = func._schema
    unmarked = _UNMARKED_WRITES.get(schema.name, ())
    written = []
    for position, argument in enumerate(schema.arguments):
        marked = argument.alias_info is not None and argument.alias_info.is_write
        if not marked and argument.name not in unmarked:
            continue
        if argument.name in unmarked and not _is_training_call(schema, args, kwargs):
            continue
        value = args[position] if position < len(args) else kwargs.get(argument.name)
        written += [t for t in tree_leaves(value) if isinstance(t, torch.Tensor)]
    return written


def running_stats(func, args: tuple, kwargs: dict) -> list[torch.Tensor]:
    """The running statistics a training-mode batch norm call updates in place (empty for
    any other call)."""
    schema = func._schema
    if not _is_training_call(schema, args, kwargs):
        return []
    found = []
    for position, argument in enumerate(schema.arguments):
        if argument.name in RUNNING_STATS:
            value = args[position] if position < len(args) else kwargs.get(argument.name)
            if isinstance(value, torch.Tensor):
                found.append(value)
    written = {id(t) for t in written_arguments(func, args, kwargs)}
    return [t for t in found if id(t) in written]


def count_flops(func, args: tuple, kwargs: dict, result) -> int | None:
    """FLOPs of one call by PyTorch's own formulas (``torch.utils.flop_counter``, which
    knows matrix products, convolutions and attention), None for kernels it does not.

    One correction: its ``convolution_backward`` counts the weight gradient of a grouped
    convolution as if every input channel met every output channel (``groups`` times too
    many: a depthwise convolution's by its channel count), which would make recomputing
    around depthwise convolutions look
    dear. The weight gradient is counted as the forward is: 2 x batch x output positions
    x kernel x output channels x input channels per group."""
    from torch.utils.flop_counter import flop_registry

    formula = flop_registry.get(func._overloadpacket)
    if formula is None:
        return None
    flops = int(formula(*args, **kwargs, out_val=result))
    if func._overloadpacket is torch.ops.aten.convolution_backward:
        flops -= _grouped_weight_gradient_excess(func, args, kwargs)
    return flops


def _grouped_weight_gradient_excess(func, args: tuple, kwargs: dict) -> int:
    """What ``flop_counter`` counts too much for a grouped convolution's weight gradient
    (0 for an ungrouped or transposed one, or when the weight gradient is not asked for)."""
    bound = func._schema.arguments
    values = {a.name: (args[k] if k < len(args) else kwargs.get(a.name))
              for k, a in enumerate(bound)}
    groups, mask = int(values["groups"]), values["output_mask"]
    if groups <= 1 or values["transposed"] or not mask[1]:
        return 0
    grad_out, x, weight = values["grad_output"], values["input"], values["weight"]
    c_out, c_in_per_group, *kernel = weight.shape
    counted = 2 * x.shape[0] * x.shape[1] * c_out * math.prod(grad_out.shape[2:]) \
        * math.prod(kernel)  # flop_counter's: every input channel with every output one
    return counted - counted // groups


def _is_training_call(schema, args: tuple, kwargs: dict) -> bool:
    for position, argument in enumerate(schema.arguments):
        if argument.name == "training":
            return bool(args[position] if position < len(args) else kwargs.get("training"))
    return False


class KernelRecorder(TorchDispatchMode):
    """Appends one Graph node per ATen kernel call made while it is active.

    ``mutated[i]`` lists the tensors node ``i`` writes in place (for stream ordering).
    Tensors that reach a kernel without having been produced or registered (module
    constants) become graph arguments named ``const_N``. A random kernel (PyTorch's
    ``nondeterministic_seeded`` tag: ``bernoulli_``, ``native_dropout``, ``rand``...) gets
    its place among the step's random kernels as ``seed``: run again with the random state
    it started from (what ``torch.utils.checkpoint`` restores, and ``torch.compile``
    passes as a seed input), it draws the same numbers.
    """

    def __init__(self, sizes=None) -> None:
        super().__init__()
        self.sizes = sizes  # memir.io.torch_dynamic.SymbolicSizes: sizes are SymInts
        self.graph = Graph()
        self.mutated: list[list[int]] = []
        self._index_of: dict[int, int] = {}  # id(tensor) -> tensor index
        self._root_of: dict[int, int] = {}  # storage key -> first tensor on that storage
        self._alive: list[torch.Tensor] = []  # keeps ids and storage addresses unique
        self._constants = 0
        self._seeds = 0  # random kernels recorded so far
        self._kernel = ""  # the kernel whose outputs are being registered (for errors)

    def add_argument(self, tensor: torch.Tensor, name: str) -> int:
        """Register a graph input (weight, buffer, optimizer state, example input)."""
        return self._register(tensor, name)

    def index(self, tensor: torch.Tensor) -> int:
        found = self._index_of.get(id(tensor))
        if found is None:
            self._constants += 1
            found = self._register(tensor, f"const_{self._constants}")
        return found

    def add_copies(self, tensors: list[torch.Tensor], name: str, kernel: str) -> int:
        """One node that copies ``tensors`` into new buffers of their sizes, which every
        kernel recorded later reads in their place (a compiler's own relayout of a step's
        inputs, as Inductor's channels-last copies). Its cost is unknown: never recomputed."""
        inputs = [self.index(t) for t in tensors]
        outputs = []
        for k, tensor in enumerate(tensors):
            size, sym_size = self._bytes(allocated_bytes(tensor), name)
            copy = self.graph.add_tensor(f"{name}_{k}", size,
                                         shape=tuple(_dimension(d) for d in tensor.shape),
                                         dtype=dtype_name(tensor), sym_size=sym_size)
            self._index_of[id(tensor)] = copy
            self._root_of[storage_key(tensor)] = copy  # a view made later views the copy
            outputs.append(copy)
        node = self.graph.add_node(name, kernel, inputs, outputs)
        self.graph.nodes[node].flops = self.graph.nodes[node].bytes_moved = None
        self.mutated.append([])
        return node

    def _register(self, tensor: torch.Tensor, name: str) -> int:
        key = storage_key(tensor)
        root = self._root_of.get(key)
        shape = tuple(_dimension(d) for d in tensor.shape)
        if root is None:
            size, sym_size = self._bytes(allocated_bytes(tensor), name)
            t = self.graph.add_tensor(name, size, shape=shape, dtype=dtype_name(tensor),
                                      sym_size=sym_size)
            self._root_of[key] = t
        else:
            size, sym_size = self._bytes(_nbytes(tensor), name)
            t = self.graph.add_tensor(name, size, shape=shape, dtype=dtype_name(tensor),
                                      alias_of=root, sym_size=sym_size)
        self._index_of[id(tensor)] = t
        self._alive.append(tensor)
        return t

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        result = func(*args, **kwargs)
        outputs = [t for t in tree_leaves(result) if isinstance(t, torch.Tensor)]
        written = written_arguments(func, args, kwargs)
        if not outputs and not written:
            return result  # prim.device and friends: no memory effect
        running = {id(t) for t in running_stats(func, args, kwargs)} if len(outputs) >= 3 else set()
        written = [t for t in written if id(t) not in running]
        inputs = [self.index(t) for t in tree_leaves((args, kwargs))
                  if isinstance(t, torch.Tensor) and id(t) not in running]
        op = func._schema.name.split("::")[-1]
        position = len(self.graph.nodes)
        output_ids = []
        self._kernel = kernel_name(func)
        for k, tensor in enumerate(outputs):
            # An output that is an input object (in-place ``return self``) is a new alias.
            self._index_of.pop(id(tensor), None)
            name = f"{op}_{position}" + (f"_{k}" if k else "")
            output_ids.append(self._register(tensor, name))
        self._kernel = ""
        node = self.graph.add_node(f"{op}_{position}", kernel_name(func), inputs, output_ids)
        tensors = [t for t in (*tree_leaves((args, kwargs)), *outputs)
                   if isinstance(t, torch.Tensor) and id(t) not in running]
        symbolic = self.sizes is not None and any(_is_symbolic(t) for t in tensors)
        # Costs of a symbolic kernel are unknown (a cost is a number; torch's formulas may
        # also read a size as an int, which would fix it).
        self.graph.nodes[node].flops = None if symbolic else count_flops(func, args, kwargs,
                                                                         result)
        view = not written and all(self.graph.tensors[t].alias_of is not None
                                   for t in output_ids)
        moved = 0 if view or symbolic else sum(_nbytes(t) for t in tensors)  # a view: none
        self.graph.nodes[node].bytes_moved = None if symbolic and not view else moved
        if torch.Tag.nondeterministic_seeded in getattr(func, "tags", ()):
            self.graph.nodes[node].seed = self._seeds
            self._seeds += 1
        self.mutated.append(list(dict.fromkeys(self.index(t) for t in written)))
        if running:
            self._running_stats_update(op, position, outputs[1:3], output_ids[1:3],
                                       [t for t in tree_leaves((args, kwargs))
                                        if isinstance(t, torch.Tensor) and id(t) in running])
        for tensor in written:  # resize_ and out= kernels may grow a storage in place
            root = self.graph.tensors[self._root_of[storage_key(tensor)]]
            size, sym_size = self._bytes(allocated_bytes(tensor), f"{op}_{position}")
            if sym_size is not None or root.sym_size is not None:
                if sym_size != root.sym_size:
                    raise DynamicShapeError(f"{op}_{position} ({kernel_name(func)}) resizes "
                                          f"{root.name} to a size of the dynamic sizes")
            root.size = max(root.size, size)
        return result

    def _bytes(self, value, name: str):
        """(size, sym_size) of a byte count: a SymInt becomes a polynomial of the dynamic
        sizes (sym_size None where it is constant) and its value at the traced example."""
        if self.sizes is None:
            return value, None
        poly = self.sizes.poly(value, f"node {name} ({self._kernel})" if self._kernel
                                else f"argument {name}")
        return (poly.constant, None) if poly.is_constant else (self.sizes.at_hint(poly), poly)

    def _running_stats_update(self, op: str, position: int, saved, saved_ids, stats) -> None:
        """The node after a training-mode batch norm that updates its running statistics
        from the batch statistics it saved (``RUNNING_STATS_KERNEL``): reads both, writes
        the running ones. FLOPs unknown (``torch.utils.flop_counter`` counts none for batch
        norm); bytes: the saved statistics read, the running ones read and written."""
        stats_ids = list(dict.fromkeys(self.index(t) for t in stats))
        node = self.graph.add_node(f"{op}_{position}_running_stats", RUNNING_STATS_KERNEL,
                                   [*saved_ids, *stats_ids], [])
        moved = sum(_nbytes(t) for t in saved) + 2 * sum(_nbytes(t) for t in stats)
        self.graph.nodes[node].bytes_moved = moved if isinstance(moved, int) else None
        self.mutated.append(stats_ids)


def _nbytes(tensor: torch.Tensor) -> int:
    return tensor.numel() * tensor.element_size()


def _dimension(d) -> int:
    """A dimension as an int, -1 where it is a symbol (read without fixing it)."""
    if isinstance(d, int):
        return d
    expr = d.node.expr
    return int(expr) if expr.is_number else -1


def _is_symbolic(tensor: torch.Tensor) -> bool:
    return any(not isinstance(d, int) for d in tensor.shape)
