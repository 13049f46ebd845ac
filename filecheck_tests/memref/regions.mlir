// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir' | filecheck %s --check-prefix=LIVE
// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// Aliases through regions, selects and unknown ops, as one-shot-bufferize leaves them
// (no frees: the arena is not freed here either; -buffer-deallocation-pipeline frees it).
func.func @regions(%x: memref<16xf32>, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // yielded out of the scf.if: lives until the last use of the if's result
  %r = scf.if %c -> (memref<16xf32>) {
    %then = memref.alloc() : memref<16xf32>
    memref.copy %x, %then : memref<16xf32> to memref<16xf32>
    scf.yield %then : memref<16xf32>
  } else {
    scf.yield %x : memref<16xf32>
  }
  %sel = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %sel, %r : memref<16xf32>
  // an op memir does not know: its result may point into its operand
  %u = "test.opaque"(%s) : (memref<16xf32>) -> memref<16xf32>
  memref.copy %u, %x : memref<16xf32> to memref<16xf32>
  // carried into the next iteration: two instances may be live at once
  %init = memref.alloc() : memref<16xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (memref<16xf32>) {
    %next = memref.alloc() : memref<16xf32>
    memref.copy %acc, %next : memref<16xf32> to memref<16xf32>
    %tmp = memref.alloc() : memref<16xf32>
    memref.copy %next, %tmp : memref<16xf32> to memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  memref.copy %l, %x : memref<16xf32> to memref<16xf32>
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%j: index):
    %par = memref.alloc() : memref<16xf32>
    memref.copy %x, %par : memref<16xf32> to memref<16xf32>
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// Steps: c0 0, c1 1, if 2-4 (alloc 2, copy 3, yield 4; else yield 5), alloc 6, select 7,
// opaque 8, copy 9, alloc 10, for 11-15, copy 16.
// LIVE:      memir.alloc 64 align 4 live [3, 10) id "@regions:%then"
// LIVE-NEXT: memir.alloc 64 align 4 live [7, 10) id "@regions:%sel"
// LIVE-NEXT: memir.alloc 64 align 4 live [11, 17) id "@regions:%init"
// LIVE-NEXT: memir.alloc 64 align 4 live [14, 15) id "@regions:%tmp"
// LIVE:      %next = memref.alloc() {memir.remark = "not planned: carried out of an iteration of 'scf.for' through its iteration arguments or results"}
// LIVE:      %par = memref.alloc() {memir.remark = "not planned: inside 'scf.forall', whose iterations may run concurrently"}

// CHECK:      %arena = memref.alloc() {alignment = 4 : i64} : memref<128xi8>
// CHECK-NOT:  memref.dealloc
// CHECK:      func.return
