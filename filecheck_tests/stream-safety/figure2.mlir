// Figure 2 of [Multi-stream reuse]: ops 1..8 on three streams, tensors a..i (the graph is rebuilt
// from every fact §3 states about it). Unsafe pairs are printed in a stable order.
// RUN: memir-opt %s -p 'bufferize,stream-safety{print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'bufferize,stream-safety{print-pairs=true algorithm=ancestors-opt}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'bufferize,stream-safety{print-pairs=true algorithm=ancestors}' 2>&1 | filecheck %s
// Everything on one stream: sequential lifetimes decide, and {a, f} becomes safe.
// RUN: sed -e 's/on %%s[12] /on %%s0 /' %s | memir-opt -p 'bufferize,stream-safety{print-pairs=true}' 2>&1 | filecheck %s --check-prefix=SEQ

func.func @figure2(%x: tensor<16xf32>) -> tensor<16xf32> {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %s2 = memir.stream 2
  %a, %b = memir.compute "op1" on %s0 (%x) : (tensor<16xf32>, tensor<16xf32>)
  %c = memir.compute "op2" on %s1 (%a) : tensor<16xf32>
  %e = memir.compute "op3" on %s0 (%a) : tensor<16xf32>
  %d, %f = memir.compute "op4" on %s1 (%c) : (tensor<16xf32>, tensor<16xf32>)
  %g = memir.compute "op5" on %s1 (%d) : tensor<16xf32>
  %i = memir.compute "op6" on %s1 (%f, %e, %g) : tensor<16xf32>
  %h = memir.compute "op7" on %s2 (%b, %e) : tensor<16xf32>
  %y = memir.compute "op8" on %s2 (%h, %i) : tensor<16xf32>
  func.return %y : tensor<16xf32>
}

// Every unsafe pair among the planned buffers, in alloc order. Of the pairs §3 names:
// {a, f} and {a, h} are unsafe, {a, i} is safe, {b, e} is unsafe, i may reuse c and d
// but not f.
// CHECK:      // unsafe %a %b
// CHECK-NEXT: // unsafe %a %c
// CHECK-NEXT: // unsafe %a %e
// CHECK-NEXT: // unsafe %a %d
// CHECK-NEXT: // unsafe %a %f
// CHECK-NEXT: // unsafe %a %g
// CHECK-NEXT: // unsafe %a %h
// CHECK-NEXT: // unsafe %b %c
// CHECK-NEXT: // unsafe %b %e
// CHECK-NEXT: // unsafe %b %d
// CHECK-NEXT: // unsafe %b %f
// CHECK-NEXT: // unsafe %b %g
// CHECK-NEXT: // unsafe %b %i
// CHECK-NEXT: // unsafe %b %h
// CHECK-NEXT: // unsafe %c %e
// CHECK-NEXT: // unsafe %c %d
// CHECK-NEXT: // unsafe %c %f
// CHECK-NEXT: // unsafe %c %h
// CHECK-NEXT: // unsafe %e %d
// CHECK-NEXT: // unsafe %e %f
// CHECK-NEXT: // unsafe %e %g
// CHECK-NEXT: // unsafe %e %i
// CHECK-NEXT: // unsafe %e %h
// CHECK-NEXT: // unsafe %d %f
// CHECK-NEXT: // unsafe %d %g
// CHECK-NEXT: // unsafe %d %h
// CHECK-NEXT: // unsafe %f %g
// CHECK-NEXT: // unsafe %f %i
// CHECK-NEXT: // unsafe %f %h
// CHECK-NEXT: // unsafe %g %i
// CHECK-NEXT: // unsafe %g %h
// CHECK-NEXT: // unsafe %i %h
// CHECK-NEXT: builtin.module {

// Summaries: [start], [end] per stream, positions from 0 within each stream. h's
// producer (op 7) has op 3 (position 1 of stream 0) as its last ancestor in stream 0
// and none in stream 1 (the paper's MaxAncId[h][0] = 3, MaxAncId[h][1] = 0).
// CHECK:      %a = memir.alloc 64 align 64 safety <[-1, -1, -1], [1, 0, -1]>
// CHECK:      %h = memir.alloc 64 align 64 safety <[1, -1, -1], [-1, -1, 1]>

// One stream: a ([1, 3]) no longer conflicts with d, f or g (from op 4 on).
// SEQ:      // unsafe %a %b
// SEQ-NEXT: // unsafe %a %c
// SEQ-NEXT: // unsafe %a %e
// SEQ-NEXT: // unsafe %b %c
