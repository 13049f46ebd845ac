// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// After -ownership-based-buffer-deallocation alone, frees are bufferization.dealloc ops
// (generic form here): a planned buffer's condition becomes false (it is never freed), a
// value that may be planned or other memory is freed only if its pointer lies outside the
// arena, and other memory keeps its condition.
func.func @f(%x: memref<16xf32>, %c: i1, %own: i1, %sizes: memref<index>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  %m = arith.select %c, %a, %x : memref<16xf32>
  memref.copy %m, %x : memref<16xf32> to memref<16xf32>
  %n = memref.load %sizes[] : memref<index>
  %u = memref.alloc(%n) : memref<?xf32>
  "test.keep"(%u) : (memref<?xf32>) -> ()
  %true = arith.constant true
  "bufferization.dealloc"(%a, %m, %u, %true, %own, %true) <{operandSegmentSizes = array<i32: 3, 3, 0>}> : (memref<16xf32>, memref<16xf32>, memref<?xf32>, i1, i1, i1) -> ()
  return
}

// CHECK:      %[[FALSE:.+]] = arith.constant false
// CHECK:      "memref.extract_aligned_pointer_as_index"(%m)
// CHECK:      %[[OUT:.+]] = arith.ori
// CHECK-NEXT: %[[OWN:.+]] = arith.andi %own, %[[OUT]] : i1
// CHECK-NEXT: bufferization.dealloc (%a, %m, %u : memref<16xf32>, memref<16xf32>, memref<?xf32>) if (%[[FALSE]], %[[OWN]], %true)
// CHECK-NEXT: memref.dealloc %arena
