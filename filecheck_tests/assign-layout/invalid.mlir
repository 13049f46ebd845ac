// RUN: not memir-opt %s -p 'assign-layout{strategy=magic}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not memir-opt %s -p 'assign-layout{sort=random}' 2>&1 | filecheck %s --check-prefix=SORT
// RUN: not memir-opt %s -p 'assign-layout{capacity=1000}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'assign-layout{strategy=exact capacity=1000 time-limit=5}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'assign-layout{strategy=tile-aware}' 2>&1 | filecheck %s --check-prefix=TILES
// Options are checked when the pipeline is parsed, before any pass runs, whatever the input:
// RUN: not memir-opt %examples/row_tiles.mlir -p 'render-tile-chunks,assign-layout{sort=bogus}' 2>&1 | filecheck %s --check-prefix=EARLY
// RUN: not memir-opt %s -p 'assign-layout{time-limit=0}' 2>&1 | filecheck %s --check-prefix=LIMIT
// RUN: not memir-opt %s -p 'assign-layout{effort=0}' 2>&1 | filecheck %s --check-prefix=EFFORT
// RUN: not memir-opt %s -p 'assign-layout{effort=65}' 2>&1 | filecheck %s --check-prefix=EFFORT65
// RUN: not memir-opt %s -p 'assign-layout,verify-layout{timeout-ms=0}' 2>&1 | filecheck %s --check-prefix=TIMEOUT
// RUN: not memir-opt %s -p 'assign-layout,' 2>&1 | filecheck %s --check-prefix=EMPTY
// RUN: not memir-opt %s --pass-pipeline='builtin.module(assign-layout,)' 2>&1 | filecheck %s --check-prefix=EMPTY

%a = memir.alloc 1024 live [0, 2)
%b = memir.alloc 512 live [1, 3)

// STRATEGY: memir-opt: error: pass 'assign-layout': option 'strategy' cannot be 'magic'; choose from auto, single, many, exact, tile-aware
// SORT: memir-opt: error: pass 'assign-layout': option 'sort' cannot be 'random'; choose from size, breadth
// CAPACITY: error: assign-layout: {{.*}}capacity 1000
// TILES: error: assign-layout: strategy=tile-aware needs memir.tile_view ops in the input
// EARLY: memir-opt: error: pass 'assign-layout': option 'sort' cannot be 'bogus'
// EARLY-NOT: render-tile-chunks
// LIMIT: memir-opt: error: bad options for pass 'assign-layout': time-limit must be positive, got 0
// EFFORT: memir-opt: error: bad options for pass 'assign-layout': effort must be positive, got 0
// EFFORT65: memir-opt: error: bad options for pass 'assign-layout': effort 65 is too large: at most 64 (every work budget scales with it)
// TIMEOUT: memir-opt: error: bad options for pass 'verify-layout': timeout-ms must be positive, got 0
// EMPTY: memir-opt: error: cannot parse pass pipeline {{.*}}empty pass name
