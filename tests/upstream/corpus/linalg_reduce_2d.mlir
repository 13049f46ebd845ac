// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/ArmSVE/reduce_2d.mlir (generic CPU: no scalable vectorization; linalg.reduce over rows and linalg.generic over columns)
#map_in = affine_map<(d0, d1) -> (d0, d1)>
#map_out = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @reduce_rows(%in: tensor<4x6xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%in : tensor<4x6xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

func.func @max_rows(%in: tensor<4x6xf32>) -> tensor<4xf32> {
  %low = arith.constant -1.0e30 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%low : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#map_in, #map_out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<4x6xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main() {
  %in = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                              [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0],
                              [0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625],
                              [10.0, -10.0, 20.0, -20.0, 30.0, -30.0]]> : tensor<4x6xf32>
  %sum = call @reduce_rows(%in) : (tensor<4x6xf32>) -> tensor<4xf32>
  %max = call @max_rows(%in) : (tensor<4x6xf32>) -> tensor<4xf32>
  %u0 = tensor.cast %sum : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %max : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
