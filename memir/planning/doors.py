"""A room's door: the names its ``__init__`` exports, each loaded on first use.

Why: what other rooms and the frontends may use of a room is what its ``__init__`` exports
(``tests/passes/test_layers.py`` holds them to it), but loading every export at once would
make a user of one small module (the lifetimes of ``layout``) load the whole room (its
planners). So an ``__init__`` names where each export lives and Python's module
``__getattr__`` (PEP 562) imports that module when the name is first read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable


def lazy_exports(package: str, homes: dict[str, tuple[str, ...]]
                 ) -> tuple[Callable[[str], object], list[str]]:
    """``(__getattr__, __all__)`` for ``package``: ``homes`` maps a submodule to the names it
    exports; a name is imported from its submodule when first read, then kept."""
    home = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__, sorted(home)
