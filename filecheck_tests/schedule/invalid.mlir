// RUN: not memir-opt %s -p 'schedule{strategy=magic}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not memir-opt %s -p 'schedule{budget=0}' 2>&1 | filecheck %s --check-prefix=BUDGET
// RUN: not memir-opt %s -p 'schedule{time-limit=-1}' 2>&1 | filecheck %s --check-prefix=LIMIT
// RUN: not memir-opt %s -p 'schedule' 2>&1 | filecheck %s --check-prefix=LIFETIMES

%a = memir.alloc 64 live [0, 2)
%b = memir.alloc 64 live [1, 3)
// STRATEGY:  memir-opt: error: pass 'schedule': option 'strategy' cannot be 'magic'; choose from auto, greedy, exact, keep
// BUDGET:    memir-opt: error: bad options for pass 'schedule': budget must be positive, got 0
// LIMIT:     memir-opt: error: bad options for pass 'schedule': time-limit must be positive, got -1
// LIFETIMES: invalid.mlir:[[# @LINE - 5]]:1: error: schedule: the buffers carry explicit lifetimes (live [l, u)): there is no program order to change
