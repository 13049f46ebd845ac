"""Tests of ``memir.planning``, one package per room, mirroring ``memir/planning/``.

Packages, so that test modules of different rooms may share a basename and import their
room's helpers (``layout/layout_problems.py``, ``schedule/schedule_problems.py``,
``tiles/strategies.py``) relatively; other folders import them as ``planning.<room>.<helper>``
(``tests/`` is on the path through its ``conftest.py``)."""
