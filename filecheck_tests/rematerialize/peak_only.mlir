// layout=false: the capacity bounds the program's peak only, not the arena the plan lays out
// (a runtime with its own allocator: memir.torch's steps). Three live 1-byte buffers peak at
// 3 bytes; laid out at 64-byte alignment they take 129.
// RUN: not memir-opt %s -p 'rematerialize{capacity=3}' 2>&1 | filecheck %s --check-prefix=ARENA
// RUN: memir-opt %s -p 'rematerialize{capacity=3 layout=false}' | filecheck %s

func.func @main(%x: !memir.buf) {
  %a = memir.alloc 1 align 64
  memir.compute "k1" ins(%x) outs(%a) {flops = 1 : i64}
  %b = memir.alloc 1 align 64
  memir.compute "k2" ins(%x) outs(%b) {flops = 1 : i64}
  %c = memir.alloc 1 align 64
  memir.compute "k3" ins(%a, %b) outs(%c) {flops = 1 : i64}
  func.return
}

// ARENA: capacity 3 cannot be reached once laid out: the smallest arena reached is 129 bytes
// CHECK: memir.remat = {peak_before = #builtin.int<3>, peak_after = #builtin.int<3>, capacity = #builtin.int<3>
