"""The work budgets of space assignment, in one place.

Why budgets: like every planner here (``memir.planning.budget``), space assignment is cut
off by counting its own work, never by the clock, so the same input gives the same plan on
every machine; ``time_limit`` is only an optional cap on top.
"""

# Candidates (``candidates``): a value with n uses has O(n) split points and O(gap) issue
# steps per copy, so enumerating everything grows with the square of the program. Short
# programs (``SMALL_PROGRAM_STEPS``) enumerate every legal issue step: the oracle tests
# compare strategies on exactly these lists. Longer ones keep, per copy window, the latest
# legal issue (the least fast memory held), the earliest (the most time to hide the copy) and
# evenly spread points between (``ISSUE_POINTS`` in all), and per kind of option the split
# points before the largest gaps between uses (``SPLIT_POINTS``: a large gap is where a
# copy hides and where fast memory is freed). ``MAX_OPTIONS_PER_VALUE`` caps a value's list
# whatever its shape (options are kept in priority order, kinds taking turns).
SMALL_PROGRAM_STEPS = 16
ISSUE_POINTS = 3
SPLIT_POINTS = 4
EVICT_PREFETCH_PAIRS = 4
MAX_OPTIONS_PER_VALUE = 32
# Strategies (``strategies``): ``auto`` runs CP-SAT only when the candidate lists hold at
# most ``EXACT_MAX_OPTIONS`` options in all, where the model (a few variables per option,
# per copy and per step) is mostly proved optimal within its budget; larger problems get the
# greedy. ``CPSAT_WORK`` is CP-SAT's deterministic time (times ``effort``); one worker
# (``CPSAT_WORKERS``), reproducible without interleaving: on these models the single default
# worker proved the small cases sooner than two interleaved ones, whose batches wait for
# their slowest subsolver.
EXACT_MAX_OPTIONS = 400
CPSAT_WORK = 3.0
CPSAT_WORKERS = 1
# Greedy (``greedy``): its trials stop after ``GREEDY_SIMULATED_STEPS`` simulated steps in
# all (a trial simulates from the option's first change until its effect on the total is
# settled), which bounds the greedy on programs whose copy stream is saturated, where a
# trial's effect only settles at the end of the program.
GREEDY_SIMULATED_STEPS = 3_000_000
# Layout repair (``repair``): each round lays the overflowing spaces out again (a portfolio
# run per space, the costliest step of a round), so rounds are few. A space of at most
# ``REPAIR_SMALL_SPACE`` pieces gets up to ``REPAIR_SINGLE_ROUNDS`` rounds that each drop
# the one piece saving the least per byte (the overshoot there is a piece or two); otherwise
# a round drops every piece its layout placed above the capacity. Before repairing, the
# greedy plans again up to ``ARENA_ROUNDS`` times with the overflowing spaces' live-byte
# target scaled by the layout's peak / arena (at least capacity / 2^``ARENA_MIN_STEP_SHIFT``
# lower): a plan made for less memory keeps more of the gain than one cut down piece by
# piece. One round: each costs a greedy run and a layout.
REPAIR_SINGLE_ROUNDS = 8
REPAIR_SMALL_SPACE = 64
ARENA_ROUNDS = 1
ARENA_MIN_STEP_SHIFT = 10
# Layouts (``pieces.lay_out``): a space of more than ``AUTO_LAYOUT_PIECES`` pieces is laid out
# by the classical greedy family only (milliseconds), never by ``assign_layout``'s full
# ``auto`` portfolio, whose exact interval search costs seconds per call at a thousand pieces
# and runs in every repair round. The repair
# then drops what the family's layout leaves above the capacity; ``assign-layout`` may still
# find a smaller arena afterwards, never a larger one than the layout that proved the fit.
AUTO_LAYOUT_PIECES = 256
