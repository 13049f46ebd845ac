// RUN: memir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: memir-opt %s --split-input-file --verify-diagnostics --mlir-print-op-generic | memir-opt | filecheck %s
// RUN: memir-opt %s --split-input-file --verify-diagnostics -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref,check-execution' | filecheck %s --check-prefix=PLANNED

// Elementwise named ops (linalg.add, exp, copy, select...) with a scalar or rank-0 operand,
// which MLIR 22 broadcasts over the output (its indexing map is (d0, d1) -> ()). memir read
// them with xDSL's maps, which take every operand as shaped and of the first one's rank: a
// scalar first was an internal error (found by benchmarks/fuzz.py), a rank-0 memref first a
// wrong rank error. An operand of any other rank is still an error, located.

func.func @scalars(%s: f32, %b: i1, %z: memref<f32>, %x: memref<4x4xf32>, %out: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x4xf32>
  linalg.add ins(%s, %x : f32, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  %c = memref.alloc() : memref<4x4xf32>
  linalg.exp ins(%z : memref<f32>) outs(%c : memref<4x4xf32>)
  linalg.mul ins(%z, %a : memref<f32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  linalg.copy ins(%s : f32) outs(%a : memref<4x4xf32>)
  linalg.select ins(%b, %s, %s : i1, f32, f32) outs(%out : memref<4x4xf32>)
  memref.copy %c, %out : memref<4x4xf32> to memref<4x4xf32>
  return
}

// CHECK-LABEL: func.func @scalars
// CHECK-NEXT:    %a = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    linalg.add ins(%s, %x : f32, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
// CHECK-NEXT:    %c = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:    linalg.exp ins(%z : memref<f32>) outs(%c : memref<4x4xf32>)
// CHECK-NEXT:    linalg.mul ins(%z, %a : memref<f32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
// CHECK-NEXT:    linalg.copy ins(%s : f32) outs(%a : memref<4x4xf32>)
// CHECK-NEXT:    linalg.select ins(%b, %s, %s : i1, f32, f32) outs(%out : memref<4x4xf32>)

// PLANNED: %arena = memref.alloc()
// PLANNED: %a = memref.view %arena
// PLANNED: %c = memref.view %arena

// -----

func.func @rank(%v: memref<4xf32>, %x: memref<4x4xf32>, %out: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.add' op expected operand #0 of rank 1 to match the result count of indexing_map #0, 2}}
  linalg.add ins(%v, %x : memref<4xf32>, memref<4x4xf32>) outs(%out : memref<4x4xf32>)
  return
}
