// A small MLP on an NPU with a fast on-chip memory too small for all its weights. Run:
//   memir-opt examples/npu_mlp.mlir -p 'bufferize,assign-spaces{fast=300000 device=npu},assign-layout,verify-layout,check-execution{strict-events=true},report'
// assign-spaces keeps activations in fast memory, prefetches a weight behind compute for a
// later read, and reports the modelled step time beside all-in-slow-memory and fastest-first.
func.func @main(%x: tensor<1x256xf32>, %w: tensor<256x256xf32>, %w2: tensor<256x256xf32>) -> tensor<1x256xf32> {
  %y = memir.compute "matmul" (%x, %w) : tensor<1x256xf32> {flops = 131072 : i64}
  %z = memir.compute "relu" (%y) : tensor<1x256xf32>
  %a = memir.compute "matmul" (%z, %w2) : tensor<1x256xf32> {flops = 131072 : i64}
  %b = memir.compute "relu" (%a) : tensor<1x256xf32>
  %c = memir.compute "matmul" (%b, %w) : tensor<1x256xf32> {flops = 131072 : i64}
  %d = memir.compute "add" (%c, %y) : tensor<1x256xf32>
  func.return %d : tensor<1x256xf32>
}
