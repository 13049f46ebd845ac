// RUN: not memir-opt %s -p 'assign-layout{strategy=magic}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not memir-opt %s -p 'assign-layout{sort=random}' 2>&1 | filecheck %s --check-prefix=SORT
// RUN: not memir-opt %s -p 'assign-layout{capacity=1000}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'assign-layout{strategy=exact capacity=1000 time-limit=5}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'assign-layout{strategy=tile-aware}' 2>&1 | filecheck %s --check-prefix=TILES

%a = memir.alloc 1024 live [0, 2)
%b = memir.alloc 512 live [1, 3)

// STRATEGY: error: assign-layout: unknown strategy 'magic'; choose from auto, single, many, exact
// SORT: error: assign-layout: unknown sort 'random'
// CAPACITY: error: assign-layout: {{.*}}capacity 1000
// TILES: error: assign-layout: strategy=tile-aware needs memir.tile_view ops in the input
