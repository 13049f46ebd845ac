// RUN: memir-opt %s -p 'memref-to-memir' | filecheck %s --check-prefix=LIVE
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT

// A matmul/add chain after bufferization: each temporary is dead once the next op has
// read it, so %t0 and %t2 may share bytes; %t1 overlaps both in time.
func.func @chain(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %t0 = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%t0 : memref<16x16xf32>)
  %t1 = memref.alloc() {alignment = 128 : i64} : memref<16x16xf32>
  linalg.add ins(%t0, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%t1 : memref<16x16xf32>)
  memref.dealloc %t0 : memref<16x16xf32>
  %t2 = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%t1, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%t2 : memref<16x16xf32>)
  memref.dealloc %t1 : memref<16x16xf32>
  memref.copy %t2, %out : memref<16x16xf32> to memref<16x16xf32>
  memref.dealloc %t2 : memref<16x16xf32>
  return
}

// Steps: alloc 0, matmul 1, alloc 2, add 3, dealloc 4, alloc 5, matmul 6, dealloc 7, copy 8.
// LIVE:      memir.alloc 1024 align 4 live [1, 4) id "@chain:%t0"
// LIVE-NEXT: memir.alloc 1024 align 128 live [3, 7) id "@chain:%t1"
// LIVE-NEXT: memir.alloc 1024 align 4 live [6, 9) id "@chain:%t2"
// LIVE:      %t0 = memref.alloc() {memir.buffer = 0 : i64} : memref<16x16xf32>
// LIVE:      %t1 = memref.alloc() {alignment = 128 : i64, memir.buffer = 1 : i64} : memref<16x16xf32>
// LIVE:      %t2 = memref.alloc() {memir.buffer = 2 : i64} : memref<16x16xf32>

// CHECK:      func.func @chain
// CHECK-NEXT:   %arena = memref.alloc() {alignment = 128 : i64} : memref<2048xi8>
// CHECK-NEXT:   %[[O0:.+]] = arith.constant [[X:[0-9]+]] : index
// CHECK-NEXT:   %t0 = memref.view %arena[%[[O0]]][] : memref<2048xi8> to memref<16x16xf32>
// CHECK-NEXT:   linalg.matmul
// CHECK-NEXT:   %[[O1:.+]] = arith.constant [[Y:[0-9]+]] : index
// CHECK-NEXT:   %t1 = memref.view %arena[%[[O1]]][] : memref<2048xi8> to memref<16x16xf32>
// CHECK-NEXT:   linalg.add ins(%t0, %a
// CHECK-NEXT:   %[[O2:.+]] = arith.constant [[X]] : index
// CHECK-NEXT:   %t2 = memref.view %arena[%[[O2]]][] : memref<2048xi8> to memref<16x16xf32>
// CHECK-NEXT:   linalg.matmul ins(%t1, %b
// CHECK-NEXT:   memref.copy %t2, %out : memref<16x16xf32> to memref<16x16xf32>
// CHECK-NEXT:   memref.dealloc %arena : memref<2048xi8>
// CHECK-NEXT:   func.return
// CHECK-NOT:  memir

// REPORT: report: buffers:        3
// REPORT: report: arena:          2048
// REPORT: report: lower bound:    2048
