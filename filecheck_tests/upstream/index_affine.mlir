// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// The index dialect (xDSL 0.74 has none), affine.max and affine.if in MLIR's syntax.

#set = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @f(%n: index, %m: memref<4xf32>) -> index {
  %c = index.constant 7
  %t = index.bool.constant true
  %a = index.add %n, %c
  %b = index.floordivs %a, %c
  %p = index.cmp slt(%a, %b)
  %i = index.casts %a : index to i64
  %x = affine.max affine_map<(d0)[s0] -> (d0, s0, 4)>(%n)[%b]
  affine.if #set(%n) {
    %z = affine.min affine_map<(d0) -> (d0, 4)>(%x)
  } else {
    %z = affine.apply affine_map<(d0) -> (d0 + 1)>(%x)
  }
  return %x : index
}
// CHECK:      %c = index.constant 7
// CHECK-NEXT: %t = index.bool.constant true
// CHECK-NEXT: %a = index.add %n, %c
// CHECK-NEXT: %b = index.floordivs %a, %c
// CHECK-NEXT: %p = index.cmp slt(%a, %b)
// CHECK-NEXT: %i = index.casts %a : index to i64
// CHECK-NEXT: %x = affine.max affine_map<(d0)[s0] -> (d0, s0, 4)>(%n)[%b]
// CHECK-NEXT: affine.if affine_set<(d0) : ((d0 + -2) >= 0)>(%n) {
// CHECK-NEXT:   %z = affine.min
// CHECK-NEXT: } else {
// CHECK-NEXT:   %z_1 = affine.apply
// CHECK-NEXT: }
