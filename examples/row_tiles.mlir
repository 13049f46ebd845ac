// A three-layer elementwise chain processed in two row tiles (the setting of [NPU tiles]). Each
// 64x64xf32 feature map (16 KiB) is only ever touched through its top and bottom halves,
// so a tile-aware plan can reuse the top half of %a while the bottom half is still live.
// Run: memir-opt examples/row_tiles.mlir -p 'assign-layout{strategy=tile-aware},verify-layout{smt=true},report'
func.func @chain(%x: !memir.buf) {
  %a = memir.alloc 16384 align 64
  %a0 = memir.tile_view %a [0, 0] [32, 64] [64, 1] elem 4
  %a1 = memir.tile_view %a [32, 0] [32, 64] [64, 1] elem 4
  %b = memir.alloc 16384 align 64
  %b0 = memir.tile_view %b [0, 0] [32, 64] [64, 1] elem 4
  %b1 = memir.tile_view %b [32, 0] [32, 64] [64, 1] elem 4
  %c = memir.alloc 16384 align 64
  %c0 = memir.tile_view %c [0, 0] [32, 64] [64, 1] elem 4
  %c1 = memir.tile_view %c [32, 0] [32, 64] [64, 1] elem 4
  memir.compute "scale" ins(%x) outs(%a0)
  memir.compute "relu" ins(%a0) outs(%b0)
  memir.compute "scale" ins(%x) outs(%a1)
  memir.compute "relu" ins(%a1) outs(%b1)
  memir.compute "add" ins(%b0) outs(%c0)
  memir.compute "add" ins(%b1) outs(%c1)
  memir.compute "sink" ins(%c0, %c1) outs()
  func.return
}
