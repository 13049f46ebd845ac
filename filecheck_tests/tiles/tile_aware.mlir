// RUN: memir-opt %examples/row_tiles.mlir -p 'assign-layout{strategy=tile-aware sort=size},verify-layout,verify-layout{smt=true}' | filecheck %s
// RUN: memir-opt %examples/row_tiles.mlir -p 'assign-layout{strategy=tile-aware},verify-layout' --print-op-generic | memir-opt | filecheck %s

// Tile lifetimes let %c reuse %a's bytes: the arena is two maps, not three.
// CHECK: memir.plan = #memir.plan<arena 32768, bound 24576, strategy "tile-aware/size", status "heuristic"
// CHECK: %a = memir.alloc 16384 align 64 offset [[A:[0-9]+]]
// CHECK: %b = memir.alloc 16384 align 64 offset {{[0-9]+}}
// CHECK: %c = memir.alloc 16384 align 64 offset [[A]]
