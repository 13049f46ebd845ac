// RUN: not memir-opt %s -p 'check-execution{interleavings=0}' 2>&1 | filecheck %s --check-prefix=ZERO
// RUN: not memir-opt %s -p 'check-execution{seed=-1}' 2>&1 | filecheck %s --check-prefix=SEED
// RUN: not memir-opt %s -p 'check-execution{threads=2}' 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not memir-opt %s -p 'check-execution{data=maybe}' 2>&1 | filecheck %s --check-prefix=BOOL
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s --check-prefix=UNPLANNED

func.func @f(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  func.return
}

// ZERO: error: {{.*}}interleavings must be positive, got 0
// SEED: error: {{.*}}seed must be non-negative, got -1
// OPTION: error: {{.*}}threads
// BOOL: error: bad options for pass 'check-execution'{{.*}}maybe
// UNPLANNED: invalid.mlir:8:3: error: check-execution: buffer %t has no offset: run assign-layout first
