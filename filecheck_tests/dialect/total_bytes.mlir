// RUN: memir-opt %s --split-input-file --verify-diagnostics
// RUN: memir-opt %s --split-input-file --verify-diagnostics -p 'bufferize,schedule,assign-layout'

// Each size lies below 2^62, and so do the module's buffers together: the planners sum
// sizes in int64 (a peak, an arena), where two buffers of 2^62 - 1 bytes overflowed in
// schedule and assign-layout (internal errors found by benchmarks/fuzz.py).

func.func @f(%x: !memir.buf) {
  %s = memir.stream 0
  %a = memir.alloc 4611686018427387903
  // expected-error @+1 {{the module's buffers take 4611686018427388159 bytes up to here: memir plans less than 2^62 bytes in a module, all buffers together}}
  %b = memir.alloc 256
  memir.compute "k" on %s ins(%x) outs(%a, %b)
  func.return
}

// -----

// An arena counts as its bytes (its views lie inside it).
%a = memir.alloc 64
// expected-error @+1 {{the module's buffers take 4611686018427387967 bytes up to here}}
%arena = memir.arena 4611686018427387903
%v = memir.view %arena at 0 size 64 id "v"

// -----

// Up to the limit, a plan is made: 2^62 - 1 bytes in all.
func.func @g(%x: !memir.buf) {
  %s = memir.stream 0
  %a = memir.alloc 4611686018427387647
  %b = memir.alloc 256
  memir.compute "k" on %s ins(%x) outs(%a, %b)
  func.return
}
