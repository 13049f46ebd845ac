// [NPU tiles] §III-C: a 4x64x128 tile of a 4x128x128 tensor (1-byte elements) renders to four
// chunks at 0, 16384, 32768, 49152 of 8192 bytes each.
// RUN: memir-opt %s -p render-tile-chunks | filecheck %s
// RUN: memir-opt %s -p 'render-tile-chunks{limit=2}' | filecheck %s --check-prefix=COMPACT
// RUN: memir-opt %s -p render-tile-chunks --print-op-generic | memir-opt | filecheck %s
// RUN: not memir-opt %s -p 'render-tile-chunks{limit=0}' 2>&1 | filecheck %s --check-prefix=BAD

func.func @f(%x: !memir.buf) {
  %t = memir.alloc 65536
  %tile = memir.tile_view %t [0, 0, 0] [4, 64, 128] [16384, 128, 1] elem 1
  %col = memir.tile_view %t [0, 0, 8] [1, 128, 4] [16384, 128, 1] elem 1 live [5, 7)
  memir.compute "produce" ins(%x) outs(%tile)
  memir.compute "consume" ins(%tile, %col) outs()
  func.return
}
// CHECK: %tile = memir.tile_view %t [0, 0, 0] [4, 64, 128] [16384, 128, 1] elem 1 live [0, 2) {chunks = array<i64: 0, 8192, 16384, 8192, 32768, 8192, 49152, 8192>}
// CHECK: %col = memir.tile_view %t [0, 0, 8] [1, 128, 4] [16384, 128, 1] elem 1 live [5, 7) {chunks = array<i64: 8, 4, 136, 4,
// COMPACT: %tile = {{.*}} {chunk_pattern = array<i64: 0, 8192, 4, 16384>}
// COMPACT: %col = {{.*}} {chunk_pattern = array<i64: 8, 4, 128, 128>}
// BAD: memir-opt: error: bad options for pass 'render-tile-chunks': limit must be positive, got 0
