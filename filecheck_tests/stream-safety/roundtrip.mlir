// Annotated IR round-trips: custom -> generic -> custom is a fixed point, and stream-safety
// run again on its own output (in either form) changes nothing.
// RUN: MEMIR_ROUNDTRIP
// RUN: MEMIR_GENERIC_ROUNDTRIP
// RUN: memir-opt %s -p stream-safety | filecheck %s
// RUN: memir-opt %s --print-op-generic | memir-opt -p stream-safety --print-op-generic | memir-opt | filecheck %s

func.func @two_streams(%x: !memir.buf) -> !memir.buf {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 32 align 64 safety <[-1, -1], [1, 0]>
  %ws = memir.alloc 32 align 64 safety <[-1, -1], [0, -1]>
  memir.compute "conv" on %s0 ins(%x) outs(%a) ws(%ws)
  %e = memir.record on %s0
  memir.wait %e on %s1
  %b = memir.alloc 32 align 64 safety <[0, -1], [2, 0]>
  memir.compute "side" on %s1 ins(%a) outs(%b)
  %c = memir.alloc 32 align 64 safety <[0, -1], [2, -1]>
  memir.compute "relu" on %s0 ins(%a) outs(%c)
  %f = memir.record on %s1
  memir.wait %f on %s0
  %y = memir.alloc 32 align 64 external
  memir.compute "add" on %s0 ins(%c, %b) outs(%y)
  func.return %y : !memir.buf
}

// CHECK:      func.func @two_streams(%x: !memir.buf) -> !memir.buf {
// CHECK-NEXT:   %s0 = memir.stream 0
// CHECK-NEXT:   %s1 = memir.stream 1
// CHECK-NEXT:   %a = memir.alloc 32 align 64 safety <[-1, -1], [1, 0]>
// CHECK-NEXT:   %ws = memir.alloc 32 align 64 safety <[-1, -1], [0, -1]>
// CHECK-NEXT:   memir.compute "conv" on %s0 ins(%x) outs(%a) ws(%ws)
// CHECK-NEXT:   %e = memir.record on %s0
// CHECK-NEXT:   memir.wait %e on %s1
// CHECK-NEXT:   %b = memir.alloc 32 align 64 safety <[0, -1], [2, 0]>
// CHECK-NEXT:   memir.compute "side" on %s1 ins(%a) outs(%b)
// CHECK-NEXT:   %c = memir.alloc 32 align 64 safety <[0, -1], [2, -1]>
// CHECK-NEXT:   memir.compute "relu" on %s0 ins(%a) outs(%c)
// CHECK-NEXT:   %f = memir.record on %s1
// CHECK-NEXT:   memir.wait %f on %s0
// CHECK-NEXT:   %y = memir.alloc 32 align 64 external
// CHECK-NEXT:   memir.compute "add" on %s0 ins(%c, %b) outs(%y)
// CHECK-NEXT:   func.return %y : !memir.buf

// GENERIC: %a = "memir.alloc"() <{size = #builtin.int<32>, alignment = #builtin.int<64>, safety = #memir.safety<[-1, -1], [1, 0]>}> : () -> !memir.buf
// GENERIC: %b = "memir.alloc"() <{size = #builtin.int<32>, alignment = #builtin.int<64>, safety = #memir.safety<[0, -1], [2, 0]>}> : () -> !memir.buf
