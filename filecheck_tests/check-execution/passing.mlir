// Bundled examples planned by memir pass the check, in both modes and both semantics,
// as planned allocs and as a materialized arena. The pass changes nothing.
// RUN: memir-opt %examples/two_streams.mlir -p 'bufferize,stream-safety,assign-layout,check-execution' | filecheck %s
// RUN: memir-opt %examples/two_streams.mlir -p 'bufferize,stream-safety,assign-layout,check-execution{strict-events=true data=true interleavings=16 seed=7}' | filecheck %s
// RUN: memir-opt %examples/two_streams.mlir -p 'bufferize,stream-safety,assign-layout,materialize-arena,check-execution' | filecheck %s --check-prefix=VIEW
// RUN: memir-opt %examples/train_allreduce.mlir -p 'stream-safety,assign-layout,check-execution{strict-events=true}' | filecheck %s --check-prefix=TRAIN
// RUN: memir-opt %examples/row_tiles.mlir -p 'assign-layout{strategy=tile-aware},check-execution,check-execution{data=true}' | filecheck %s --check-prefix=TILES
// CHECK: memir.compute "add" on %s0 ins(%d, %b) outs(%y)
// VIEW: memir.view %arena
// TRAIN: memir.compute "adam_update"
// TILES: memir.compute "sink"
