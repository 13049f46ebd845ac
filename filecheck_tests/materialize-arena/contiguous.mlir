// A module with a contiguous group materializes: the group's views sit back to back in the
// one arena (the offsets put them there; the group op has served its purpose).
// RUN: memir-opt %examples/train_allreduce.mlir -p 'stream-safety,assign-layout,verify-layout,materialize-arena' | filecheck %s

// CHECK:     %arena = memir.arena
// CHECK-NOT: memir.contiguous
// CHECK-NOT: memir.alloc {{[0-9]+}} align {{[0-9]+}} offset
// CHECK:     %g3 = memir.view %arena at 0 size 131072
// CHECK:     %g2 = memir.view %arena at 131072 size 131072
// CHECK:     %g1 = memir.view %arena at 262144 size 131072
