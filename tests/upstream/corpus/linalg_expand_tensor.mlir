// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/test-expand-tensor.mlir (static shapes, and a linalg.generic on the expanded tensor)
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @main() {
  %const = arith.constant dense<[[-3.9058, 0.9072, -2.9470, -2.2055, 18.3946, 8.2997],
                                 [3.4700, 5.9006, -17.2267, 4.9777, 1.0450, -0.8201]]> : tensor<2x6xf32>
  %expanded = call @expand_static_shape(%const) : (tensor<2x6xf32>) -> (tensor<2x2x3xf32>)
  %e = tensor.empty() : tensor<2x2x3xf32>
  %doubled = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%expanded : tensor<2x2x3xf32>) outs(%e : tensor<2x2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %in, %in : f32
    linalg.yield %d : f32
  } -> tensor<2x2x3xf32>
  %unranked = tensor.cast %doubled: tensor<2x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%unranked) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @expand_static_shape(%arg0 : tensor<2x6xf32>) -> tensor<2x2x3xf32> {
  %0 = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}
