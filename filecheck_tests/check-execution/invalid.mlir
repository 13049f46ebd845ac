// RUN: not memir-opt %s -p 'check-execution{interleavings=0}' 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: not memir-opt %s -p 'check-execution{seed=-1}' 2>&1 | filecheck %s --check-prefix=SEED
// RUN: not memir-opt %s -p 'check-execution{threads=2}' 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not memir-opt %s -p 'check-execution{data=maybe}' 2>&1 | filecheck %s --check-prefix=BOOL
// RUN: not memir-opt %examples/two_streams.mlir -p 'bufferize,stream-safety,assign-layout,check-execution{interleavings=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=HUGE
// RUN: not memir-opt %s -p 'check-execution{seed=18446744073709551616}' 2>&1 | filecheck %s --check-prefix=HUGESEED
// RUN: not memir-opt %s -p 'check-execution{interleavings=true}' 2>&1 | filecheck %s --check-prefix=BOOLCOUNT
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s --check-prefix=UNPLANNED

func.func @f(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  func.return
}

// ZERO: error: {{.*}}interleavings must be positive, got 0
// SEED: error: {{.*}}seed must be non-negative, got -1
// HUGE: memir-opt: error: bad options for pass 'check-execution': interleavings 18446744073709551616 is too large: at most 100000 (each one runs the whole program)
// HUGE-NOT: error
// HUGESEED: memir-opt: error: bad options for pass 'check-execution': seed 18446744073709551616 is too large: at most 4294967295 (a 32-bit seed)
// BOOLCOUNT: memir-opt: error: bad options for pass 'check-execution': interleavings must be a number, got true
// OPTION: error: {{.*}}threads
// BOOL: error: bad options for pass 'check-execution'{{.*}}maybe
// UNPLANNED: invalid.mlir:11:3: error: check-execution: buffer %t has no offset: run assign-layout first
