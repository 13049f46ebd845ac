// A plan where %b's top tile overlaps %a's bottom tile while both are live.
// RUN: not memir-opt %s -p verify-layout 2>&1 | filecheck %s --check-prefix=SWEEP
// RUN: not memir-opt %s -p 'verify-layout{smt=true}' 2>&1 | filecheck %s --check-prefix=SMT
// RUN: sed 's/offset 8192/offset 16384/' %s | memir-opt -p 'verify-layout{smt=true},verify-layout' | filecheck %s --check-prefix=FIXED

func.func @chain(%x: !memir.buf) {
  %a = memir.alloc 16384 align 64 offset 0
  %a0 = memir.tile_view %a [0, 0] [32, 64] [64, 1] elem 4
  %a1 = memir.tile_view %a [32, 0] [32, 64] [64, 1] elem 4
  %b = memir.alloc 16384 align 64 offset 8192
  %b0 = memir.tile_view %b [0, 0] [32, 64] [64, 1] elem 4
  %b1 = memir.tile_view %b [32, 0] [32, 64] [64, 1] elem 4
  memir.compute "scale" ins(%x) outs(%a0)
  memir.compute "relu" ins(%a0) outs(%b0)
  memir.compute "scale" ins(%x) outs(%a1)
  memir.compute "relu" ins(%a1) outs(%b1)
  memir.compute "sink" ins(%b0, %b1) outs()
  func.return
}
// SWEEP: planted_overlap.mlir:7:3: error: verify-layout: %a/%a1 and %b/%b0 are live at the same time and share bytes [8192, 16384)
// SMT: planted_overlap.mlir:7:3: error: verify-layout: %a/%a1 and %b/%b0 are live at the same time and share byte {{[0-9]+}} (Z3 witness)
// FIXED: %b = memir.alloc 16384 align 64 offset 16384
