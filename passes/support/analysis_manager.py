"""The analysis cache and the context that carries it (see passes/support/analyses.py for what is
cached). Kept apart and light: memir-opt creates a ``MemirContext`` for every input, and
that must not load the bridge, the planners or the passes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

ALL = frozenset({"*"})
"""``preserves = ALL``: the pass changes no fact any analysis is computed from."""


@dataclass
class AnalysisManager:
    """Cached analyses of one module, and how often each was computed (for tests)."""

    module: ModuleOp | None = None
    cache: dict[str, Any] = field(default_factory=dict)
    computed: dict[str, int] = field(default_factory=dict)

    def get(self, module: ModuleOp, name: str, compute: Callable[[], Any]) -> Any:
        if module is not self.module:
            self.cache.clear()
            self.module = module
        if name not in self.cache:
            self.cache[name] = compute()
            self.computed[name] = self.computed.get(name, 0) + 1
        return self.cache[name]

    def invalidate(self, preserved: frozenset[str] = frozenset()) -> None:
        if preserves_all(preserved):
            return
        for name in [n for n in self.cache if n not in preserved]:
            del self.cache[name]


@dataclass
class MemirContext(Context):
    """xDSL's Context plus what memir's tools keep across the passes of one pipeline."""

    analyses: AnalysisManager = field(default_factory=AnalysisManager)
    pass_timings: list[tuple[str, float]] = field(default_factory=list)


def manager(ctx: Context) -> AnalysisManager:
    found = getattr(ctx, "analyses", None)
    return found if isinstance(found, AnalysisManager) else AnalysisManager()


def preserved_by(pass_: ModulePass) -> frozenset[str]:
    return getattr(pass_, "preserves", frozenset())


def preserves_all(preserved: frozenset[str]) -> bool:
    """``preserved`` is ``ALL``: the pass changed no fact any analysis reads."""
    return "*" in preserved
