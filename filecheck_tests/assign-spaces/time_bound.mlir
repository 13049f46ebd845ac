// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'bufferize,assign-spaces{fast=65536}' | filecheck %s

// The cost model sums picoseconds in int64 (numpy and CP-SAT): flops of 2^62, or a buffer of
// petabytes copied at the slow memory's bandwidth, overflowed it (an internal error, found by
// benchmarks/fuzz.py). A program whose slowest placement could take 2^62 ps (53 days) or more
// is refused, with what is too large.

func.func @flops(%x: tensor<16xf32>) {
  %s = memir.stream 0
  %a = memir.compute "k1" on %s (%x) : tensor<16xf32> {flops = 1 : i64}
  %b = memir.compute "k2" on %s (%x) : tensor<16xf32> {flops = 4611686018427387904 : i64}
  %c = memir.compute "k3" on %s (%a, %b) : tensor<16xf32> {flops = 1 : i64}
  func.return
}
// CHECK: error: assign-spaces: the program's modelled time could reach 3.6e+19 ps, past 2^62 (53 days): its flops or buffer sizes are too large to model

// -----

func.func @bytes(%x: tensor<16xf32>) {
  %s = memir.stream 0
  %a = memir.compute "k1" on %s (%x) : tensor<1125899906842624xf32>
  %b = memir.compute "k2" on %s (%a) : tensor<16xf32>
  func.return
}
// CHECK: error: assign-spaces: the program's modelled time could reach {{.*}} ps, past 2^62 (53 days)
