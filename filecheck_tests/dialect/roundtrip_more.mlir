// RUN: memir-opt %s | memir-opt | filecheck %s
// RUN: MEMIR_ROUNDTRIP
// RUN: MEMIR_GENERIC_ROUNDTRIP
// Printing is a fixed point: print(parse(print(x))) == print(x), custom and generic.
// RUN: memir-opt %s > %t.custom && memir-opt %t.custom | diff %t.custom -
// RUN: memir-opt %s --print-op-generic > %t.generic && memir-opt %t.generic --print-op-generic | diff %t.generic -
// RUN: memir-opt %t.generic | diff %t.custom -

// What roundtrip.mlir leaves out: #memir.plan, #memir.safety as a plain attribute, the
// three types in a signature, record/wait without `on`, tensor compute without inputs or
// with in-place writes (`writes(...)`, printed in operand order),
// and the fast parse paths of memir.alloc and memir.compute (dialects/fast_path.py) next
// to the same op spelled so that only the slow path parses it (%f1/%s1, %f2/%s2 and the
// two "relu" computes): both must print the same, in custom and in generic form.
// Defaults are not printed: `align 1` and a tensor-form `workspace 0` disappear, also
// when the generic form spells them out (%g2, %g).

builtin.module attributes {memir.plan = #memir.plan<arena 3072, bound 2048, strategy "many/size/best", status "heuristic", seconds 0.01>} {
  func.func @typed(%m: !memir.buf, %s: !memir.stream, %e: !memir.event) {
    %e0 = memir.record
    %e1 = memir.record on %s
    memir.wait %e
    memir.wait %e1 on %s
    %t = memir.tile_view %m [0, 1, 2] [2, 2, 2] [16, 4, 1] elem 2
    memir.compute "use" on %s ins(%m) outs(%t)
    memir.dealloc %m
    func.return
  }
  func.func @tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
    %k = memir.compute "const" () : tensor<4xf32>
    %y = memir.compute "add" (%x, %k) workspace 0 : tensor<4xf32>
    memir.compute "add_" (%x, %y, %k) writes(%k, %y) workspace 8 : ()
    func.return %y : tensor<4xf32>
  }
  %s0 = memir.stream 0
  %f1 = memir.alloc 4096 align 64 live [-1, 3) offset 128 id "f1" external
  %s1 = memir.alloc 4096 live [-1,3) external id "s1" offset 128 align 64
  %f2 = memir.alloc 64 align 1
  %s2 = memir.alloc 64  align 1
  %g2 = "memir.alloc"() <{size = #builtin.int<64>, alignment = #builtin.int<1>}> : () -> !memir.buf
  %q = memir.alloc 64 id "a\"b"
  %mr = memir.alloc memref<2x3xi8> align 2 live [1, 4) id "mr"
  %bits = memir.alloc memref<4xi1> safety <[], [1, -1]> {note = 1}
  memir.contiguous %f2, %s2, %g2
  memir.compute "relu" on %s0 ins(%f1, %s1) outs(%s1) workspace 0
  memir.compute "relu" on %s0 ins(%f1,%s1) outs(%s1) workspace 0
  memir.compute "scratch" ins() outs(%q) ws(%mr)
  memir.dealloc %q {memir.safety = #memir.safety<[0, 2]>}
  %m = memir.arena 4096
  %g = "memir.arena"() <{size = #builtin.int<64>, alignment = #builtin.int<1>}> : () -> !memir.buf
  %v = memir.view %m at 0 size 64
  %p = memir.arena 64 {p = #memir.plan<arena 0, bound 0, strategy "a\"b\\c", status "", seconds 5>}
}

// CHECK:      builtin.module attributes {memir.plan = #memir.plan<arena 3072, bound 2048, strategy "many/size/best", status "heuristic", seconds 0.010000>} {
// CHECK-NEXT:   func.func @typed(%m: !memir.buf, %s: !memir.stream, %e: !memir.event) {
// CHECK-NEXT:     %e0 = memir.record
// CHECK-NEXT:     %e1 = memir.record on %s
// CHECK-NEXT:     memir.wait %e
// CHECK-NEXT:     memir.wait %e1 on %s
// CHECK-NEXT:     %t = memir.tile_view %m [0, 1, 2] [2, 2, 2] [16, 4, 1] elem 2
// CHECK-NEXT:     memir.compute "use" on %s ins(%m) outs(%t)
// CHECK-NEXT:     memir.dealloc %m
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %k = memir.compute "const" () : tensor<4xf32>
// CHECK-NEXT:     %y = memir.compute "add" (%x, %k) : tensor<4xf32>
// CHECK-NEXT:     memir.compute "add_" (%x, %y, %k) writes(%y, %k) workspace 8 : ()
// CHECK-NEXT:     func.return %y : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %s0 = memir.stream 0
// CHECK-NEXT:   %f1 = memir.alloc 4096 align 64 live [-1, 3) offset 128 id "f1" external
// CHECK-NEXT:   %s1 = memir.alloc 4096 align 64 live [-1, 3) offset 128 id "s1" external
// CHECK-NEXT:   %f2 = memir.alloc 64
// CHECK-NEXT:   %s2 = memir.alloc 64
// CHECK-NEXT:   %g2 = memir.alloc 64
// CHECK-NEXT:   %q = memir.alloc 64 id "a\22b"
// CHECK-NEXT:   %mr = memir.alloc memref<2x3xi8> align 2 live [1, 4) id "mr"
// CHECK-NEXT:   %bits = memir.alloc memref<4xi1> safety <[], [1, -1]> {note = 1 : i64}
// CHECK-NEXT:   memir.contiguous %f2, %s2, %g2
// CHECK-NEXT:   memir.compute "relu" on %s0 ins(%f1, %s1) outs(%s1) workspace 0
// CHECK-NEXT:   memir.compute "relu" on %s0 ins(%f1, %s1) outs(%s1) workspace 0
// CHECK-NEXT:   memir.compute "scratch" ins() outs(%q) ws(%mr)
// CHECK-NEXT:   memir.dealloc %q {memir.safety = #memir.safety<[0, 2]>}
// CHECK-NEXT:   %m = memir.arena 4096
// CHECK-NEXT:   %g = memir.arena 64
// CHECK-NEXT:   %v = memir.view %m at 0 size 64
// CHECK-NEXT:   %p = memir.arena 64 {p = #memir.plan<arena 0, bound 0, strategy "a\22b\\c", status "", seconds 5.000000>}
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{sym_name = "typed", function_type = (!memir.buf, !memir.stream, !memir.event) -> ()}> ({
// GENERIC-NEXT:   ^bb0(%m: !memir.buf, %s: !memir.stream, %e: !memir.event):
// GENERIC-NEXT:     %e0 = "memir.record"() : () -> !memir.event
// GENERIC-NEXT:     %e1 = "memir.record"(%s) : (!memir.stream) -> !memir.event
// GENERIC-NEXT:     "memir.wait"(%e) <{operandSegmentSizes = array<i32: 1, 0>}> : (!memir.event) -> ()
// GENERIC-NEXT:     "memir.wait"(%e1, %s) <{operandSegmentSizes = array<i32: 1, 1>}> : (!memir.event, !memir.stream) -> ()
// GENERIC-NEXT:     %t = "memir.tile_view"(%m) <{static_offsets = array<i64: 0, 1, 2>, static_sizes = array<i64: 2, 2, 2>, static_strides = array<i64: 16, 4, 1>, elem = #builtin.int<2>}> : (!memir.buf) -> !memir.buf
// GENERIC-NEXT:     "memir.compute"(%s, %m, %t) <{kernel = "use", operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!memir.stream, !memir.buf, !memir.buf) -> ()
// GENERIC-NEXT:     "memir.dealloc"(%m) : (!memir.buf) -> ()
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{sym_name = "tensors", function_type = (tensor<4xf32>) -> tensor<4xf32>}> ({
// GENERIC-NEXT:   ^bb0(%x: tensor<4xf32>):
// GENERIC-NEXT:     %k = "memir.compute"() <{kernel = "const", operandSegmentSizes = array<i32: 0, 0, 0, 0>}> : () -> tensor<4xf32>
// GENERIC-NEXT:     %y = "memir.compute"(%x, %k) <{kernel = "add", operandSegmentSizes = array<i32: 0, 2, 0, 0>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT:     "memir.compute"(%x, %y, %k) <{kernel = "add_", workspace = #builtin.int<8>, writes = array<i64: 1, 2>, operandSegmentSizes = array<i32: 0, 3, 0, 0>}> : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
// GENERIC-NEXT:     "func.return"(%y) : (tensor<4xf32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   %s0 = "memir.stream"() <{index = #builtin.int<0>}> : () -> !memir.stream
// GENERIC-NEXT:   %f1 = "memir.alloc"() <{size = #builtin.int<4096>, alignment = #builtin.int<64>, lower = #builtin.int<-1>, upper = #builtin.int<3>, offset = #builtin.int<128>, id = "f1", external}> : () -> !memir.buf
// GENERIC-NEXT:   %s1 = "memir.alloc"() <{size = #builtin.int<4096>, alignment = #builtin.int<64>, lower = #builtin.int<-1>, upper = #builtin.int<3>, offset = #builtin.int<128>, id = "s1", external}> : () -> !memir.buf
// GENERIC-NEXT:   %f2 = "memir.alloc"() <{size = #builtin.int<64>}> : () -> !memir.buf
// GENERIC-NEXT:   %s2 = "memir.alloc"() <{size = #builtin.int<64>}> : () -> !memir.buf
// GENERIC-NEXT:   %g2 = "memir.alloc"() <{size = #builtin.int<64>, alignment = #builtin.int<1>}> : () -> !memir.buf
// GENERIC-NEXT:   %q = "memir.alloc"() <{size = #builtin.int<64>, id = "a\22b"}> : () -> !memir.buf
// GENERIC-NEXT:   %mr = "memir.alloc"() <{size = #builtin.int<6>, alignment = #builtin.int<2>, memref = memref<2x3xi8>, lower = #builtin.int<1>, upper = #builtin.int<4>, id = "mr"}> : () -> !memir.buf
// GENERIC-NEXT:   %bits = "memir.alloc"() <{size = #builtin.int<4>, memref = memref<4xi1>, safety = #memir.safety<[], [1, -1]>}> {note = 1 : i64} : () -> !memir.buf
// GENERIC-NEXT:   "memir.contiguous"(%f2, %s2, %g2) : (!memir.buf, !memir.buf, !memir.buf) -> ()
// GENERIC-NEXT:   "memir.compute"(%s0, %f1, %s1, %s1) <{kernel = "relu", operandSegmentSizes = array<i32: 1, 2, 1, 0>, workspace = #builtin.int<0>}> : (!memir.stream, !memir.buf, !memir.buf, !memir.buf) -> ()
// GENERIC-NEXT:   "memir.compute"(%s0, %f1, %s1, %s1) <{kernel = "relu", operandSegmentSizes = array<i32: 1, 2, 1, 0>, workspace = #builtin.int<0>}> : (!memir.stream, !memir.buf, !memir.buf, !memir.buf) -> ()
// GENERIC-NEXT:   "memir.compute"(%q, %mr) <{kernel = "scratch", operandSegmentSizes = array<i32: 0, 0, 1, 1>}> : (!memir.buf, !memir.buf) -> ()
// GENERIC-NEXT:   "memir.dealloc"(%q) {memir.safety = #memir.safety<[0, 2]>} : (!memir.buf) -> ()
// GENERIC-NEXT:   %m = "memir.arena"() <{size = #builtin.int<4096>}> : () -> !memir.buf
// GENERIC-NEXT:   %g = "memir.arena"() <{size = #builtin.int<64>, alignment = #builtin.int<1>}> : () -> !memir.buf
// GENERIC-NEXT:   %v = "memir.view"(%m) <{offset = #builtin.int<0>, size = #builtin.int<64>}> : (!memir.buf) -> !memir.buf
// GENERIC-NEXT:   %p = "memir.arena"() <{size = #builtin.int<64>}> {p = #memir.plan<arena 0, bound 0, strategy "a\22b\\c", status "", seconds 5.000000>} : () -> !memir.buf
// GENERIC-NEXT: }) {memir.plan = #memir.plan<arena 3072, bound 2048, strategy "many/size/best", status "heuristic", seconds 0.010000>} : () -> ()
