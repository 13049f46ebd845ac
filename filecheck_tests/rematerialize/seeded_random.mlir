// A random kernel re-runs only with a seed: its place in the step's random stream, which
// the runtime restores (torch.utils.checkpoint) or passes as an input (torch.compile), so
// the mask it draws again is the same. Eager PyTorch's dropout on CPU is empty_like, an
// in-place bernoulli_ and a mul; the mask is read again by the backward op. With the seed
// the mask is made again there (empty_like with its bernoulli_ follower); without it,
// 12352 bytes are out of reach.
// RUN: memir-opt %s -p 'rematerialize{capacity=12352},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s
// RUN: sed 's/, seed = 0 : i64//' %s | not memir-opt -p 'rematerialize{capacity=12352}' 2>&1 | filecheck %s --check-prefix=UNSEEDED

func.func @step(%x: !memir.buf) {
  %m = memir.alloc 4096 align 64
  memir.compute "aten.empty_like" ins(%x) outs(%m) {bytes = 8192 : i64}
  memir.compute "aten.bernoulli_.float" ins(%m) outs(%m) {bytes = 4096 : i64, seed = 0 : i64}
  %y = memir.alloc 4096 align 64
  memir.compute "aten.mul.Tensor" ins(%x, %m) outs(%y) {bytes = 12288 : i64}
  %big = memir.alloc 8192 align 64
  memir.compute "big" ins(%y) outs(%big) {flops = 1000000000 : i64}
  %g = memir.alloc 64 align 64
  memir.compute "bwd" ins(%big, %m) outs(%g) {flops = 1000 : i64}
  func.return
}

// CHECK: peak_before = #builtin.int<16384>, peak_after = #builtin.int<12352>
// CHECK: memir.compute "big" ins(%y) outs(%big)
// CHECK: %m_1 = memir.alloc 4096
// CHECK-NEXT: memir.compute "aten.empty_like" ins(%x) outs(%m_1) {{.*}}memir.recomputed
// CHECK-NEXT: memir.compute "aten.bernoulli_.float" ins(%m_1) outs(%m_1) {bytes = 4096 : i64, seed = 0 : i64, memir.recomputed}
// CHECK: memir.compute "bwd" ins(%big, %m_1) outs(%g)

// UNSEEDED: error: rematerialize: capacity 12352 cannot be reached by recomputation: the smallest peak reached is 16384 bytes
