"""OR-tools' CP-SAT Python API, loaded without pandas.

Why: ``ortools.sat.python.cp_model`` imports pandas at module level only for its optional
``pd.Series`` helpers (``new_int_var_series`` and friends), which memir never calls; pandas
is most of the time the import takes, paid by every
``memir-opt`` run that reaches CP-SAT.  When pandas is not loaded yet, a stand-in module whose
``Index`` and ``Series`` are empty classes is offered for the duration of the import and withdrawn
right after, so that anyone importing pandas later gets the real one.  Inside cp_model,
``isinstance(x, pd.Series)`` is then false for everything (right for us: we pass no pandas objects)
and the Series helpers reject their input instead of working.
"""

from __future__ import annotations

import sys
import types


def _load():  # type: ignore[no-untyped-def]
    if "pandas" in sys.modules or "ortools.sat.python.cp_model" in sys.modules:
        from ortools.sat.python import cp_model

        return cp_model
    stand_in = types.ModuleType("pandas")
    stand_in.__doc__ = "memir's import-time stand-in (see memir.planning.cpsat_loader)"
    stand_in.Index = type("Index", (), {})  # type: ignore[attr-defined]
    stand_in.Series = type("Series", (), {})  # type: ignore[attr-defined]
    sys.modules["pandas"] = stand_in
    try:
        from ortools.sat.python import cp_model
    finally:
        if sys.modules.get("pandas") is stand_in:
            del sys.modules["pandas"]
    return cp_model


cp_model = _load()
