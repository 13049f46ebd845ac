// The three algorithms (Alg. 1, 1-opt, Alg. 2) annotate the same summaries and print the
// same pairs; the layout planned from the summaries verifies.
// RUN: memir-opt %s -p 'stream-safety{print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{algorithm=stream-graph print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{algorithm=ancestors-opt print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{algorithm=ancestors print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s --pass-pipeline='builtin.module(stream-safety{algorithm=ancestors})' | filecheck %s --check-prefix=SUMMARY
// RUN: memir-opt %s -p 'stream-safety,assign-layout,verify-layout' | filecheck %s --check-prefix=PLAN

// A matmul with a workspace on stream 0; a partial product on stream 1 after an event;
// an all-reduce on stream 2 after another; the update on stream 0 waits for it. %dead is
// written and never read: it still occupies memory while "relu" runs.
func.func @step(%x: !memir.buf, %w: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %s2 = memir.stream 2
  %h = memir.alloc 1024
  %ws = memir.alloc 256
  memir.compute "matmul" on %s0 ins(%x, %w) outs(%h) ws(%ws)
  %done = memir.record on %s0
  memir.wait %done on %s1
  %p = memir.alloc 1024
  memir.compute "partial" on %s1 ins(%h, %x) outs(%p)
  %q = memir.alloc 512
  %dead = memir.alloc 64
  memir.compute "relu" on %s0 ins(%h) outs(%q, %dead)
  %sent = memir.record on %s1
  memir.wait %sent on %s2
  %r = memir.alloc 512
  memir.compute "allreduce" on %s2 ins(%p) outs(%r)
  %late = memir.record on %s2
  memir.wait %late on %s0
  %z = memir.alloc 512
  memir.compute "update" on %s0 ins(%q, %r) outs(%z)
  func.return
}

// Safe, so not listed: %ws with everything but %h; %p with %ws; %z with %h, %ws, %p and
// %dead (all their uses come before "update" starts).
// CHECK:      // unsafe %h %ws
// CHECK-NEXT: // unsafe %h %p
// CHECK-NEXT: // unsafe %h %q
// CHECK-NEXT: // unsafe %h %dead
// CHECK-NEXT: // unsafe %h %r
// CHECK-NEXT: // unsafe %p %q
// CHECK-NEXT: // unsafe %p %dead
// CHECK-NEXT: // unsafe %p %r
// CHECK-NEXT: // unsafe %q %dead
// CHECK-NEXT: // unsafe %q %r
// CHECK-NEXT: // unsafe %q %z
// CHECK-NEXT: // unsafe %dead %r
// CHECK-NEXT: // unsafe %r %z
// CHECK-NEXT: builtin.module {

// CHECK:      %h = memir.alloc 1024 safety <[-1, -1, -1], [1, 0, -1]>
// CHECK:      %ws = memir.alloc 256 safety <[-1, -1, -1], [0, -1, -1]>
// CHECK:      %p = memir.alloc 1024 safety <[0, -1, -1], [-1, 0, 0]>
// CHECK:      %q = memir.alloc 512 safety <[0, -1, -1], [2, -1, -1]>
// CHECK:      %dead = memir.alloc 64 safety <[0, -1, -1], [1, -1, -1]>
// CHECK:      %r = memir.alloc 512 safety <[0, 0, -1], [2, -1, 0]>
// CHECK:      %z = memir.alloc 512 safety <[1, 0, 0], [2, -1, -1]>

// SUMMARY-NOT: // unsafe
// SUMMARY:     %z = memir.alloc 512 safety <[1, 0, 0], [2, -1, -1]>

// PLAN: builtin.module attributes {memir.plan = #memir.plan<arena
// PLAN: %z = memir.alloc 512 offset {{[0-9]+}} safety <[1, 0, 0], [2, -1, -1]>
