// RUN: memir-opt %s | memir-opt | filecheck %s
// RUN: MEMIR_ROUNDTRIP
// RUN: MEMIR_GENERIC_ROUNDTRIP

builtin.module {
  func.func @main(%x: tensor<1x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x64xf32> {
    %s0 = memir.stream 0
    %s1 = memir.stream 1
    %y = memir.compute "matmul" on %s0 (%x, %w) workspace 1024 : tensor<1x64xf32>
    %e = memir.record on %s0
    memir.wait %e on %s1
    %z, %q = memir.compute "split" on %s1 (%y) : (tensor<1x64xf32>, tensor<1x64xf32>)
    memir.compute "sink" (%z) : ()
    func.return %q : tensor<1x64xf32>
  }
  %a = memir.alloc 1024 align 64 live [0, 3) offset 128 id "a" safety <[0, 1], [2, -1]>
  %b = memir.alloc memref<16x16xf32>
  %c = memir.alloc 64 external {note = "kept"}
  %t = memir.tile_view %a [0, 0] [4, 8] [16, 1] elem 4 live [1, 2)
  memir.contiguous %a, %b
  memir.compute "conv" ins(%a, %t) outs(%b) ws(%c) workspace 12
  memir.dealloc %a
  %m = memir.arena 8192 align 64
  %v = memir.view %m at 128 size 4096 id "v"
}

// CHECK:      func.func @main(%x: tensor<1x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x64xf32> {
// CHECK-NEXT:   %s0 = memir.stream 0
// CHECK-NEXT:   %s1 = memir.stream 1
// CHECK-NEXT:   %y = memir.compute "matmul" on %s0 (%x, %w) workspace 1024 : tensor<1x64xf32>
// CHECK-NEXT:   %e = memir.record on %s0
// CHECK-NEXT:   memir.wait %e on %s1
// CHECK-NEXT:   %z, %q = memir.compute "split" on %s1 (%y) : (tensor<1x64xf32>, tensor<1x64xf32>)
// CHECK-NEXT:   memir.compute "sink" (%z) : ()
// CHECK-NEXT:   func.return %q : tensor<1x64xf32>
// CHECK:      %a = memir.alloc 1024 align 64 live [0, 3) offset 128 id "a" safety <[0, 1], [2, -1]>
// CHECK-NEXT: %b = memir.alloc memref<16x16xf32>
// CHECK-NEXT: %c = memir.alloc 64 external {note = "kept"}
// CHECK-NEXT: %t = memir.tile_view %a [0, 0] [4, 8] [16, 1] elem 4 live [1, 2)
// CHECK-NEXT: memir.contiguous %a, %b
// CHECK-NEXT: memir.compute "conv" ins(%a, %t) outs(%b) ws(%c) workspace 12
// CHECK-NEXT: memir.dealloc %a
// CHECK-NEXT: %m = memir.arena 8192 align 64
// CHECK-NEXT: %v = memir.view %m at 128 size 4096 id "v"

// GENERIC: "memir.stream"() <{index = #builtin.int<0>}> : () -> !memir.stream
// GENERIC: "memir.compute"(%s0, %x, %w) <{kernel = "matmul", workspace = #builtin.int<1024>, operandSegmentSizes = array<i32: 1, 2, 0, 0>}>
// GENERIC: "memir.record"(%s0) : (!memir.stream) -> !memir.event
// GENERIC: "memir.wait"(%e, %s1) <{operandSegmentSizes = array<i32: 1, 1>}>
// GENERIC: "memir.alloc"() <{size = #builtin.int<1024>, alignment = #builtin.int<64>, lower = #builtin.int<0>, upper = #builtin.int<3>, offset = #builtin.int<128>, id = "a", safety = #memir.safety<[0, 1], [2, -1]>}> : () -> !memir.buf
// GENERIC: "memir.alloc"() <{size = #builtin.int<1024>, memref = memref<16x16xf32>}>
// GENERIC: "memir.tile_view"(%a) <{static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 16, 1>, elem = #builtin.int<4>, lower = #builtin.int<1>, upper = #builtin.int<2>}>
// GENERIC: "memir.contiguous"(%a, %b)
// GENERIC: "memir.compute"(%a, %t, %b, %c) <{kernel = "conv", operandSegmentSizes = array<i32: 0, 2, 1, 1>, workspace = #builtin.int<12>}>
// GENERIC: "memir.dealloc"(%a)
// GENERIC: "memir.arena"() <{size = #builtin.int<8192>, alignment = #builtin.int<64>}>
// GENERIC: "memir.view"(%m) <{offset = #builtin.int<128>, size = #builtin.int<4096>, id = "v"}>
