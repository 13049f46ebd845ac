// source: written in the style of a torch-mlir fx.export_and_import(linalg-on-tensors) export: a linear layer whose weights are dense_resource blobs
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<2x3xf32>) -> tensor<2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_2_3_torch.float32> : tensor<2x3xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
    %0 = tensor.empty() : tensor<3x2xf32>
    %transposed = linalg.transpose ins(%cst_0 : tensor<2x3xf32>) outs(%0 : tensor<3x2xf32>) permutation = [1, 0]
    %1 = tensor.empty() : tensor<2x2xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<2x3xf32>, tensor<3x2xf32>) outs(%2 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_1 : tensor<2x2xf32>, tensor<2xf32>) outs(%1 : tensor<2x2xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %5 = arith.addf %in, %in_2 : f32
      linalg.yield %5 : f32
    } -> tensor<2x2xf32>
    return %4 : tensor<2x2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_3_torch.float32: "0x040000000000803F0000004000004040000080400000A0400000C040",
      torch_tensor_2_torch.float32: "0x040000000000003F000080BF"
    }
  }
#-}
