// A small two-stream inference graph: a main branch on stream 0, a side branch on
// stream 1 joined back through an event. Run: memir-opt examples/two_streams.mlir
//   -p 'bufferize,stream-safety,assign-layout,verify-layout,report'
func.func @main(%x: tensor<1x64x56x56xf32>, %w1: tensor<64x64x3x3xf32>, %w2: tensor<64x64x1x1xf32>) -> tensor<1x64x56x56xf32> {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.compute "conv3x3" on %s0 (%x, %w1) workspace 65536 : tensor<1x64x56x56xf32>
  %e0 = memir.record on %s0
  memir.wait %e0 on %s1
  %b = memir.compute "conv1x1" on %s1 (%a, %w2) : tensor<1x64x56x56xf32>
  %c = memir.compute "relu" on %s0 (%a) : tensor<1x64x56x56xf32>
  %d = memir.compute "conv3x3" on %s0 (%c, %w1) workspace 65536 : tensor<1x64x56x56xf32>
  %e1 = memir.record on %s1
  memir.wait %e1 on %s0
  %y = memir.compute "add" on %s0 (%d, %b) : tensor<1x64x56x56xf32>
  func.return %y : tensor<1x64x56x56xf32>
}
