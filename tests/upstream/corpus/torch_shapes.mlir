// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of tests/upstream/export_torch.py:torch_shapes (torch.manual_seed(0), eval mode, inputs 2x4x6 dense and tensor.reshape of a flat constant)
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @forward(%arg0: tensor<2x4x6xf32>) -> tensor<2x138xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_6_torch.float32> : tensor<6x6xf32>
    %cst_2 = arith.constant 2.000000e+00 : f32
    %cst_3 = arith.constant dense_resource<torch_tensor_3_torch.int64> : tensor<3xi64>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x4x6xf32> into tensor<8x6xf32>
    %0 = tensor.empty() : tensor<6x6xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<6x6xf32>) outs(%0 : tensor<6x6xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x6xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x6xf32>) -> tensor<8x6xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x6xf32>, tensor<6x6xf32>) outs(%2 : tensor<8x6xf32>) -> tensor<8x6xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<8x6xf32>, tensor<6xf32>) outs(%1 : tensor<8x6xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %14 = arith.addf %in, %in_26 : f32
      linalg.yield %14 : f32
    } -> tensor<8x6xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
    %expanded_4 = tensor.expand_shape %4 [[0, 1], [2, 3]] output_shape [2, 4, 2, 3] : tensor<8x6xf32> into tensor<2x4x2x3xf32>
    %5 = tensor.empty() : tensor<2x2x3x4xf32>
    %transposed_5 = linalg.transpose ins(%expanded_4 : tensor<2x4x2x3xf32>) outs(%5 : tensor<2x2x3x4xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_6 = tensor.collapse_shape %transposed_5 [[0], [1, 2], [3]] : tensor<2x2x3x4xf32> into tensor<2x6x4xf32>
    %6 = tensor.empty() : tensor<2x6x4xf32>
    %transposed_7 = linalg.transpose ins(%expanded : tensor<2x4x6xf32>) outs(%6 : tensor<2x6x4xf32>) permutation = [0, 2, 1] 
    %7 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_7 : tensor<2x6x4xf32>) outs(%6 : tensor<2x6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.mulf %in, %cst_2 : f32
      linalg.yield %14 : f32
    } -> tensor<2x6x4xf32>
    %concat = tensor.concat dim(2) %collapsed_6, %7 : (tensor<2x6x4xf32>, tensor<2x6x4xf32>) -> tensor<2x6x8xf32>
    %extracted_slice = tensor.extract_slice %concat[0, 0, 0] [2, 3, 8] [1, 1, 1] : tensor<2x6x8xf32> to tensor<2x3x8xf32>
    %extracted_slice_8 = tensor.extract_slice %concat[0, 3, 0] [2, 3, 8] [1, 1, 1] : tensor<2x6x8xf32> to tensor<2x3x8xf32>
    %concat_9 = tensor.concat dim(1) %collapsed_6, %transposed_7 : (tensor<2x6x4xf32>, tensor<2x6x4xf32>) -> tensor<2x12x4xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 0] [2, 4, 1] [1, 1, 1] : tensor<2x4x6xf32> to tensor<2x4x1xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 1] [2, 4, 2] [1, 1, 1] : tensor<2x4x6xf32> to tensor<2x4x2xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded[0, 0, 3] [2, 4, 3] [1, 1, 1] : tensor<2x4x6xf32> to tensor<2x4x3xf32>
    %extracted_slice_13 = tensor.extract_slice %expanded[0, 0, 1] [2, 4, 4] [1, 1, 1] : tensor<2x4x6xf32> to tensor<2x4x4xf32>
    %extracted_slice_14 = tensor.extract_slice %expanded[0, 2, 0] [2, 1, 6] [1, 1, 1] : tensor<2x4x6xf32> to tensor<2x1x6xf32>
    %collapsed_15 = tensor.collapse_shape %extracted_slice_14 [[0, 1], [2]] : tensor<2x1x6xf32> into tensor<2x6xf32>
    %8 = tensor.empty() : tensor<2x3x6xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3 : tensor<3xi64>) outs(%8 : tensor<2x3x6xf32>) {
    ^bb0(%in: i64, %out: f32):
      %14 = arith.index_cast %in : i64 to index
      %15 = linalg.index 0 : index
      %16 = linalg.index 2 : index
      %extracted = tensor.extract %expanded[%15, %14, %16] : tensor<2x4x6xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x6xf32>
    %extracted_slice_16 = tensor.extract_slice %expanded[0, 0, 0] [2, 2, 6] [1, 2, 1] : tensor<2x4x6xf32> to tensor<2x2x6xf32>
    %extracted_slice_17 = tensor.extract_slice %extracted_slice_16[0, 0, 1] [2, 2, 3] [1, 1, 2] : tensor<2x2x6xf32> to tensor<2x2x3xf32>
    %10 = tensor.empty() : tensor<2x3x8xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice, %extracted_slice_8 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%10 : tensor<2x3x8xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %14 = arith.mulf %in, %in_26 : f32
      linalg.yield %14 : f32
    } -> tensor<2x3x8xf32>
    %12 = tensor.empty() : tensor<2x4x3xf32>
    %13 = linalg.generic {indexing_maps = [#map4, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_10, %extracted_slice_12 : tensor<2x4x1xf32>, tensor<2x4x3xf32>) outs(%12 : tensor<2x4x3xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %14 = arith.mulf %in, %in_26 : f32
      linalg.yield %14 : f32
    } -> tensor<2x4x3xf32>
    %collapsed_18 = tensor.collapse_shape %11 [[0], [1, 2]] : tensor<2x3x8xf32> into tensor<2x24xf32>
    %collapsed_19 = tensor.collapse_shape %concat_9 [[0], [1, 2]] : tensor<2x12x4xf32> into tensor<2x48xf32>
    %collapsed_20 = tensor.collapse_shape %13 [[0], [1, 2]] : tensor<2x4x3xf32> into tensor<2x12xf32>
    %collapsed_21 = tensor.collapse_shape %extracted_slice_11 [[0], [1, 2]] : tensor<2x4x2xf32> into tensor<2x8xf32>
    %collapsed_22 = tensor.collapse_shape %extracted_slice_13 [[0], [1, 2]] : tensor<2x4x4xf32> into tensor<2x16xf32>
    %collapsed_23 = tensor.collapse_shape %9 [[0], [1, 2]] : tensor<2x3x6xf32> into tensor<2x18xf32>
    %collapsed_24 = tensor.collapse_shape %extracted_slice_17 [[0], [1, 2]] : tensor<2x2x3xf32> into tensor<2x6xf32>
    %concat_25 = tensor.concat dim(1) %collapsed_18, %collapsed_19, %collapsed_20, %collapsed_21, %collapsed_22, %collapsed_15, %collapsed_23, %collapsed_24 : (tensor<2x24xf32>, tensor<2x48xf32>, tensor<2x12xf32>, tensor<2x8xf32>, tensor<2x16xf32>, tensor<2x6xf32>, tensor<2x18xf32>, tensor<2x6xf32>) -> tensor<2x138xf32>
    return %concat_25 : tensor<2x138xf32>
  }
  func.func @main() {
    %x0 = arith.constant dense<[[[-0.78, -0.04, 0.7, -0.58, 0.16, 0.9],
        [-0.38, 0.36, -0.92, -0.18, 0.56, -0.72],
        [0.02, 0.76, -0.52, 0.22, 0.96, -0.32],
        [0.42, -0.86, -0.12, 0.62, -0.66, 0.08]],
       [[0.82, -0.46, 0.28, -1.0, -0.26, 0.48],
        [-0.8, -0.06, 0.68, -0.6, 0.14, 0.88],
        [-0.4, 0.34, -0.94, -0.2, 0.54, -0.74],
        [0.0, 0.74, -0.54, 0.2, 0.94, -0.34]]]> : tensor<2x4x6xf32>
    %y0 = call @forward(%x0) : (tensor<2x4x6xf32>) -> tensor<2x138xf32>
    %u0 = tensor.cast %y0 : tensor<2x138xf32> to tensor<*xf32>
    call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
    %flat = arith.constant dense<[-0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9, 0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95, 0.375, -0.525,
       0.8, -0.1, -1.0, 0.325, -0.575, 0.75, -0.15, -1.05, 0.275, -0.625, 0.7, -0.2, -1.1, 0.225, -0.675, 0.65,
       -0.25, 1.075, 0.175, -0.725, 0.6, -0.3, 1.025, 0.125, -0.775, 0.55, -0.35, 0.975, 0.075, -0.825, 0.5, -0.4]> : tensor<48xf32>
    %shape = arith.constant dense<[2, 4, 6]> : tensor<3xi64>
    %x1 = tensor.reshape %flat(%shape) : (tensor<48xf32>, tensor<3xi64>) -> tensor<2x4x6xf32>
    %y1 = call @forward(%x1) : (tensor<2x4x6xf32>) -> tensor<2x138xf32>
    %u1 = tensor.cast %y1 : tensor<2x138xf32> to tensor<*xf32>
    call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_torch.float32: "0x04000000D00774BE06ADB33E388A3A3E959D4A3EBAE2AF3C4F5356BE",
      torch_tensor_6_6_torch.float32: "0x04000000414F48BB1C42603E1509ACBE0AD499BE290321BE5134E03D748604BC74BBA53E7F6514BD973DDD3D97ADFCBDCB58A4BDA0B0C7BEAA6E8ABE0D542CBE5BC6773CB644253E58D67A3E93B48DBE2A0B36BE70D7173EFF91AD3E6811ACBD1B6A9C3EA3C386BDD5F0303DF643BD3E92E7C1BE879683BE69ABD3BD54F422BE9D98B43E0B7C87BEC07040BE320892BE4EC3C3BE",
      torch_tensor_3_torch.int64: "0x08000000030000000000000000000000000000000200000000000000"
    }
  }
#-}
