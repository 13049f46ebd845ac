// RUN: memir-opt %s -p bufferize | filecheck %s
// RUN: memir-opt %s -p 'bufferize{alignment=128 plan-outputs=true}' | filecheck %s --check-prefix=OPTS
// RUN: memir-opt %s -p bufferize --print-op-generic | memir-opt | filecheck %s

func.func @main(%x: tensor<2x8xf32>, %w: tensor<8x8xf16>) -> tensor<2x8xf32> {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %y = memir.compute "matmul" on %s0 (%x, %w) workspace 96 : tensor<2x8xf32>
  %e = memir.record on %s0
  memir.wait %e on %s1
  %a, %b = memir.compute "split" on %s1 (%y) : (tensor<1x8xf32>, tensor<1x8xi64>)
  %z = memir.compute "concat" on %s1 (%a, %b) : tensor<2x8xf32>
  func.return %z : tensor<2x8xf32>
}

// Arguments keep their byte sizes (assign-spaces copies them): {memir.bytes = N}.
// CHECK:      func.func @main(%x: !memir.buf {memir.bytes = 64 : i64}, %w: !memir.buf {memir.bytes = 128 : i64}) -> !memir.buf {
// CHECK-NEXT:   %s0 = memir.stream 0
// CHECK-NEXT:   %s1 = memir.stream 1
// CHECK-NEXT:   %y = memir.alloc 64 align 64
// CHECK-NEXT:   %ws = memir.alloc 96 align 64
// CHECK-NEXT:   memir.compute "matmul" on %s0 ins(%x, %w) outs(%y) ws(%ws)
// CHECK-NEXT:   %e = memir.record on %s0
// CHECK-NEXT:   memir.wait %e on %s1
// CHECK-NEXT:   %a = memir.alloc 32 align 64
// CHECK-NEXT:   %b = memir.alloc 64 align 64
// CHECK-NEXT:   memir.compute "split" on %s1 ins(%y) outs(%a, %b)
// CHECK-NEXT:   %z = memir.alloc 64 align 64 external
// CHECK-NEXT:   memir.compute "concat" on %s1 ins(%a, %b) outs(%z)
// CHECK-NEXT:   func.return %z : !memir.buf

// OPTS: %y = memir.alloc 64 align 128
// OPTS: %z = memir.alloc 64 align 128{{$}}
