// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// After MLIR's -buffer-deallocation-pipeline (mlir-opt 22 on a linalg-on-tensors function
// with an scf.if): %alloc's free goes (it is planned); %base_buffer may be the planned
// %alloc_1 (then-branch) or the argument (else): its free, guarded by the pipeline's
// ownership bit, now also tests that the pointer lies outside the arena.
func.func @f(%arg0: memref<64xf32, strided<[?], offset: ?>>, %arg1: i1) -> memref<64xf32> {
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.add ins(%arg0, %arg0 : memref<64xf32, strided<[?], offset: ?>>, memref<64xf32, strided<[?], offset: ?>>) outs(%alloc : memref<64xf32>)
  %0 = scf.if %arg1 -> (memref<64xf32, strided<[?], offset: ?>>) {
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.mul ins(%alloc, %alloc : memref<64xf32>, memref<64xf32>) outs(%alloc_1 : memref<64xf32>)
    %cast = memref.cast %alloc_1 : memref<64xf32> to memref<64xf32, strided<[?], offset: ?>>
    scf.yield %cast : memref<64xf32, strided<[?], offset: ?>>
  } else {
    scf.yield %arg0 : memref<64xf32, strided<[?], offset: ?>>
  }
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.sub ins(%0, %alloc : memref<64xf32, strided<[?], offset: ?>>, memref<64xf32>) outs(%alloc_0 : memref<64xf32>)
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<64xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
  memref.dealloc %alloc : memref<64xf32>
  scf.if %arg1 {
    memref.dealloc %base_buffer : memref<f32>
  }
  return %alloc_0 : memref<64xf32>
}

// %alloc and %alloc_1 are live together (the scf.if's result is read with %alloc).
// CHECK:      %arena = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// CHECK:      %alloc = memref.view %arena
// CHECK:      %alloc_1 = memref.view %arena
// CHECK:      %alloc_2 = memref.alloc() {alignment = 64 : i64, memir.remark = "not planned: returned by func.return"}
// CHECK-NOT:  memref.dealloc %alloc
// CHECK:      scf.if %arg1 {
// CHECK-NEXT:   %[[P:.+]] = "memref.extract_aligned_pointer_as_index"(%base_buffer) : (memref<f32>) -> index
// CHECK-NEXT:   %[[A:.+]] = "memref.extract_aligned_pointer_as_index"(%arena) : (memref<512xi8>) -> index
// CHECK-NEXT:   %[[N:.+]] = arith.constant 512 : index
// CHECK-NEXT:   %[[E:.+]] = arith.addi %[[A]], %[[N]] : index
// CHECK-NEXT:   %[[LO:.+]] = arith.cmpi ult, %[[P]], %[[A]] : index
// CHECK-NEXT:   %[[HI:.+]] = arith.cmpi uge, %[[P]], %[[E]] : index
// CHECK-NEXT:   %[[OUT:.+]] = arith.ori %[[LO]], %[[HI]] : i1
// CHECK-NEXT:   scf.if %[[OUT]] {
// CHECK-NEXT:     memref.dealloc %base_buffer : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %arena : memref<512xi8>
// CHECK-NEXT: func.return %alloc_2
