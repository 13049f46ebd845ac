// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// What MLIR 22 writes that xDSL 0.74 refuses: a ceildiv by a symbol (bufferized scf.for
// trip counts) and arith.trunci's overflow flags in generic form.

#map = affine_map<(d0, d1)[s0] -> ((d1 - d0) ceildiv s0)>
func.func @f(%lb: index, %ub: index, %step: index, %x: i32) -> i1 {
  %n = affine.apply #map(%lb, %ub)[%step]
  %t = "arith.trunci"(%x) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i1
  return %t : i1
}
// CHECK: affine.apply affine_map<(d0, d1)[s0] -> (((d1 + (d0 * -1)) ceildiv s0))>
// CHECK: arith.trunci %x : i32 to i1
