// source: written in the style of mlir/test/Dialect/Tensor/one-shot-bufferize.mlir (expand/collapse, pad, concat, dynamic dims)
func.func @reshape(%t: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
  %x = tensor.collapse_shape %e [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  return %x : tensor<24xf32>
}
func.func @pad(%t: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %p : tensor<6x6xf32>
}
func.func @dyn(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = linalg.copy ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @gen(%i: index) -> tensor<4xindex> {
  %g = tensor.generate {
  ^bb0(%j: index):
    %s = index.add %i, %j
    %a = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%s)
    tensor.yield %a : index
  } : tensor<4xindex>
  return %g : tensor<4xindex>
}
func.func @fromel(%a: f32, %b: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  return %t : tensor<2xf32>
}
