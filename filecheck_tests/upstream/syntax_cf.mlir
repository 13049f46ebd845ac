// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// cf ops in MLIR 22's custom syntax: branch operands, branch weights, assertions.

func.func @br(%a: i32, %b: f32) {
  cf.br ^bb1(%a, %b : i32, f32)
^bb1(%x: i32, %y: f32):
  cf.br ^bb2
^bb2:
  return
}
// CHECK-LABEL: func.func @br(%a: i32, %b: f32) {
// CHECK-NEXT:  cf.br ^bb1(%a, %b : i32, f32)
// CHECK-NEXT:  ^bb1(%x: i32, %y: f32):
// CHECK-NEXT:  cf.br ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:  func.return

func.func @cond(%c: i1, %a: i32, %b: i64) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %b : i32, i64)
^bb1(%x: i32):
  cf.cond_br %c weights([1, 99]), ^bb2(%x, %b : i32, i64), ^bb3 {attr = 1 : i32}
^bb2(%y: i32, %z: i64):
  cf.br ^bb3
^bb3:
  return
}
// CHECK-LABEL: func.func @cond(%c: i1, %a: i32, %b: i64) {
// CHECK-NEXT:  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %b : i32, i64)
// CHECK-NEXT:  ^bb1(%x: i32):
// CHECK-NEXT:  cf.cond_br %c weights([1, 99]), ^bb2(%x, %b : i32, i64), ^bb3 {attr = 1 : i32}
// CHECK-NEXT:  ^bb2(%y: i32, %z: i64):
// CHECK-NEXT:  cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:  func.return

func.func @assert(%c: i1) {
  cf.assert %c, "fails \"here\""
  return
}
// CHECK-LABEL: func.func @assert(%c: i1) {
// CHECK-NEXT:  cf.assert %c, "fails \22here\22"
// CHECK-NEXT:  func.return
