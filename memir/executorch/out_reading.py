"""Which calls of a program read their ``out`` buffer: found by probing, never listed.

Why: a plan that reuses memory hands a kernel an ``out`` buffer holding whatever was there
before, and ExecuTorch's runtime checks nothing. A hand-written list of the kernels that read
it misses every kernel nobody has caught yet. So every distinct out-variant kernel of a
program, per dtype signature, is run once in ExecuTorch's runtime with its ``out`` poisoned
and zeroed (``memir.executorch.probe_program``). The verdict is cached in memory and, for
the kernels shipped with ExecuTorch (``CACHED_NAMESPACES``; a user's kernel may change
without a version), on disk, keyed by the ExecuTorch and torch versions and the runtime's
libraries. A kernel that cannot be probed counts as reading its ``out``: a needless zero
fill costs a little time, a missing one gives wrong results.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import torch

from memir.executorch.fx_nodes import kernel_name
from memir.executorch.out_probe import Probe, Verdict, out_names, probe_of
from memir.executorch.probe_program import run_probes

CACHED_NAMESPACES = ("aten", "dim_order_ops", "quantized_decomposed")  # versioned with the wheel
CACHE_FILE = "out_reading.json"

_known: dict[tuple[str, str], Verdict] = {}  # this process's verdicts


def _versions() -> str:
    """What the verdicts on disk hold for: the versions, and the size and time of every
    library of ExecuTorch's runtime (a rebuilt kernel library starts a fresh cache)."""
    import executorch.exir
    from executorch.version import __version__ as executorch_version

    root = Path(executorch.exir.__file__).resolve().parents[1]
    libraries = sorted([*root.glob("lib/*.so*"), *root.glob("extension/pybindings/*.so")])
    stamp = hashlib.sha256(repr([(p.name, p.stat().st_size, p.stat().st_mtime_ns)
                                 for p in libraries]).encode()).hexdigest()[:12]
    return f"executorch {executorch_version}, torch {torch.__version__}, runtime {stamp}"


def cache_path() -> Path:
    """``$XDG_CACHE_HOME/memir/out_reading.json`` (``~/.cache`` without it)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "memir" / CACHE_FILE


def _disk() -> dict:
    try:
        stored = json.loads(cache_path().read_text())
    except (OSError, ValueError):
        return {}
    mine = stored.get(_versions()) if isinstance(stored, dict) else None
    return mine if isinstance(mine, dict) else {}


def _from_disk(key: tuple[str, str], stored: dict) -> Verdict | None:
    entry = stored.get(" | ".join(key))
    if not isinstance(entry, dict) or not isinstance(entry.get("reads_out"), bool):
        return None
    return Verdict(key[0], key[1], entry["reads_out"], float(entry.get("seconds", 0.0)))


def _save(verdicts: list[Verdict]) -> None:
    """Adds the probed verdicts of shipped kernels to the disk cache; a cache that cannot be
    written is skipped (it only saves time)."""
    keep = [v for v in verdicts if v.reads_out is not None
            and v.kernel.split("::")[0] in CACHED_NAMESPACES]
    if not keep:
        return
    from memir.files import write_atomically

    try:
        stored = json.loads(cache_path().read_text())
        stored = stored if isinstance(stored, dict) else {}
    except (OSError, ValueError):
        stored = {}
    mine = stored.setdefault(_versions(), {})
    for v in keep:
        mine[f"{v.kernel} | {v.dtypes}"] = {"reads_out": v.reads_out, "seconds": v.seconds}
    try:
        cache_path().parent.mkdir(parents=True, exist_ok=True)
        write_atomically(str(cache_path()),
                         lambda tmp: Path(tmp).write_text(json.dumps(stored, indent=1)))
    except OSError:
        pass


def forget() -> None:
    """Drops this process's verdicts (the disk cache stays)."""
    _known.clear()


def known() -> dict[tuple[str, str], Verdict]:
    """This process's verdicts by (kernel, dtypes)."""
    return dict(_known)


def _calls(graph_module: torch.fx.GraphModule):
    """(node, probe or why not) for every out-variant call."""
    for node in graph_module.graph.nodes:
        if node.op == "call_function" and out_names(node.target):
            yield node, probe_of(node, kernel_name(node.target))


def verdicts(graph_module: torch.fx.GraphModule, disk: bool = True) -> dict:
    """``{node: Verdict}`` for every out-variant call of the graph; kernels not known yet
    (in memory, then on disk) are probed, all in one program."""
    stored = _disk() if disk else {}
    found: dict[torch.fx.Node, Verdict | tuple[str, str]] = {}
    pending: dict[tuple[str, str], Probe] = {}
    for node, probe in _calls(graph_module):
        name = kernel_name(node.target)
        if isinstance(probe, str):
            found[node] = Verdict(name, "?", None, 0.0, probe)
            continue
        key = (name, probe.dtypes)
        if key not in _known and (hit := _from_disk(key, stored)) is not None:
            _known[key] = hit
        if key not in _known:
            pending.setdefault(key, probe)
        found[node] = key
    new = run_probes(list(pending.values()))
    _known.update(((v.kernel, v.dtypes), v) for v in new)
    if disk:
        _save(new)
    return {node: v if isinstance(v, Verdict) else _known[v] for node, v in found.items()}


def out_readers(graph_module: torch.fx.GraphModule) -> dict:
    """``{node: Verdict}`` of the calls that read their ``out``, or could not be probed."""
    return {n: v for n, v in verdicts(graph_module).items() if v.reads_out is not False}
