// Every integer and float option of every pass has a range (memir/dialects/limits.py),
// checked when the pipeline is parsed, before the first pass runs: the message names the
// option and the limit.
// RUN: not memir-opt %s -p 'bufferize{alignment=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=ALIGN
// RUN: not memir-opt %s -p 'bufferize,schedule{budget=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=BUDGET
// RUN: not memir-opt %s -p 'bufferize,schedule{time-limit=86400.5}' 2>&1 | filecheck %s --check-prefix=SECONDS
// RUN: not memir-opt %s -p 'bufferize,render-tile-chunks{limit=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=CHUNKS
// RUN: not memir-opt %s -p 'bufferize,assign-layout{capacity=-1}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'bufferize,assign-layout{capacity=4611686018427387904}' 2>&1 | filecheck %s --check-prefix=BYTES
// RUN: not memir-opt %s -p 'bufferize,assign-layout{time-limit=-0.5}' 2>&1 | filecheck %s --check-prefix=NEGATIVE
// RUN: not memir-opt %s -p 'bufferize,assign-layout,verify-layout{timeout-ms=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=TIMEOUT
// RUN: not memir-opt %s -p 'bufferize,assign-layout,check-execution{interleavings=100001}' 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: not memir-opt %s --pass-pipeline='builtin.module(bufferize,schedule{budget=0})' 2>&1 | filecheck %s --check-prefix=ZERO

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = memir.compute "relu" (%x) : tensor<4xf32>
  func.return %y : tensor<4xf32>
}

// ALIGN: memir-opt: error: bad options for pass 'bufferize': alignment 18446744073709551616 is too large: at most 4294967296 (bytes, a power of two)
// BUDGET: memir-opt: error: bad options for pass 'schedule': budget 18446744073709551616 is too large: at most 1000000000 (search states)
// SECONDS: memir-opt: error: bad options for pass 'schedule': time-limit 86400.5 is too large: at most 86400 (seconds)
// CHUNKS: memir-opt: error: bad options for pass 'render-tile-chunks': limit 18446744073709551616 is too large: at most 1048576 (chunks listed per tile)
// CAPACITY: memir-opt: error: bad options for pass 'assign-layout': capacity must be non-negative, got -1
// BYTES: memir-opt: error: bad options for pass 'assign-layout': capacity 4611686018427387904 is too large: at most 4611686018427387903 (bytes below 2^62; 0: no capacity)
// NEGATIVE: memir-opt: error: bad options for pass 'assign-layout': time-limit must be positive, got -0.5
// TIMEOUT: memir-opt: error: bad options for pass 'verify-layout': timeout-ms 18446744073709551616 is too large: at most 86400000 (one day)
// COUNT: memir-opt: error: bad options for pass 'check-execution': interleavings 100001 is too large: at most 100000 (each one runs the whole program)
// ZERO: memir-opt: error: bad options for pass 'schedule': budget must be positive, got 0
