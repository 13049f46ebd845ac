// Memory spaces on the module, a space on each alloc, memir.copy on a copy stream: the custom
// form prints as it parses, and custom -> generic -> custom is a fixed point.
// RUN: memir-opt %s | memir-opt | filecheck %s
// RUN: MEMIR_ROUNDTRIP
// RUN: MEMIR_GENERIC_ROUNDTRIP

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 262144, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 2.5e+08>]} {
  func.func @f(%w: !memir.buf) {
    %s0 = memir.stream 0
    %copies = memir.stream 1
    %arena = memir.arena 8192 align 64 space "sram"
    %v = memir.view %arena at 4096 size 1024 id "v"
    %w_fast = memir.alloc 4096 align 64 space "sram"
    %y = memir.alloc 1024 space "dram"
    %y_fast = memir.alloc 1024 space "sram"
    memir.copy %w to %w_fast on %copies
    %e = memir.record on %copies
    memir.wait %e on %s0
    memir.compute "matmul" on %s0 ins(%w_fast) outs(%y)
    memir.copy %y to %y_fast {note = "back"}
    func.return
  }
}

// CHECK: memir.spaces = [#memir.space<"sram", capacity 262144, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 2.5e+08>]
// CHECK: %arena = memir.arena 8192 align 64 space "sram"
// CHECK-NEXT: %v = memir.view %arena at 4096 size 1024 id "v"
// CHECK: %w_fast = memir.alloc 4096 align 64 space "sram"
// CHECK-NEXT: %y = memir.alloc 1024 space "dram"
// CHECK-NEXT: %y_fast = memir.alloc 1024 space "sram"
// CHECK-NEXT: memir.copy %w to %w_fast on %copies
// CHECK: memir.copy %y to %y_fast {note = "back"}

// GENERIC: "memir.arena"() <{size = #builtin.int<8192>, alignment = #builtin.int<64>, space = "sram"}>
// GENERIC: "memir.alloc"() <{size = #builtin.int<4096>, alignment = #builtin.int<64>, space = "sram"}>
// GENERIC: "memir.copy"(%copies, %w, %w_fast) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!memir.stream, !memir.buf, !memir.buf) -> ()
// GENERIC: #memir.space<"sram", capacity 262144, read 4.0e+09, write 4.0e+09>
