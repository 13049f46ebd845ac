"""The plain data that planners, checkers, passes and tools share: the layout problem and
its plan (``layout``), tiled buffers (``tiles``), the IR's spelling of a string (``text``),
and the device profiles the cost models read (``devices``). The lowest layer: it imports
nothing of memir and never xDSL, so that a checker in ``memir.verify`` reads a plan without
importing the planner that made it."""
