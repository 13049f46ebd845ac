// Export of an upstream memref program that memir has not planned (no memir.alloc: not
// linked by memref-to-memir, or already lowered by memir-to-memref) is an error at its
// first allocation, exit status 1, not an empty plan; linked and laid out, it exports.
// RUN: not memir-translate --export-minimalloc %s 2>&1 | filecheck %s --check-prefix=RAW
// RUN: not memir-translate --export-json %s 2>&1 | filecheck %s --check-prefix=RAW
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,memir-to-memref' | not memir-translate --export-minimalloc 2>&1 | filecheck %s --check-prefix=LOWERED
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout' | memir-translate --export-minimalloc | filecheck %s --check-prefix=PLANNED

func.func @f(%x: memref<64xf32>, %out: memref<64xf32>) {
  %tmp = memref.alloc() : memref<64xf32>
  memref.copy %x, %tmp : memref<64xf32> to memref<64xf32>
  memref.copy %tmp, %out : memref<64xf32> to memref<64xf32>
  return
}

// RAW: export_unplanned_memref.mlir:10:3: error: nothing to export: the module holds no memir.alloc; plan it first (memref-to-memir, assign-layout) and export before memir-to-memref
// LOWERED: error: nothing to export: the module holds no memir.alloc
// PLANNED: id,lower,upper,size,alignment,offset
// PLANNED-NEXT: @f:%tmp,1,3,256,4,0
