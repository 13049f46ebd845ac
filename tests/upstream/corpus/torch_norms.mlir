// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of tests/upstream/export_torch.py:torch_norms (torch.manual_seed(0), eval mode, inputs 2x6x8 dense and tensor.reshape of a flat constant)
#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map4 = affine_map<(d0, d1, d2) -> (d2)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1, d2) -> (d1, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map9 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map10 = affine_map<(d0, d1, d2) -> (d1)>
module {
  func.func @forward(%arg0: tensor<2x6x8xf32>) -> tensor<268xf32> {
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant dense_resource<torch_tensor_6_torch.float32_3> : tensor<6xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_6_torch.float32_2> : tensor<6xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_6_torch.float32_1> : tensor<6xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_8_8_torch.float32> : tensor<8x8xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_12 = arith.constant 1.000000e-05 : f64
    %cst_13 = arith.constant dense_resource<torch_tensor_10_8_torch.float32> : tensor<10x8xf32>
    %cst_14 = arith.constant 8.000000e+00 : f64
    %cst_15 = arith.constant 8.000000e+00 : f32
    %cst_16 = arith.constant 1.41421354 : f32
    %c1_i64 = arith.constant 1 : i64
    %c3_i64 = arith.constant 3 : i64
    %c10_i64 = arith.constant 10 : i64
    %cst_17 = arith.constant dense_resource<torch_tensor_2_6_3_torch.int64> : tensor<2x6x3xi64>
    %cst_18 = arith.constant dense_resource<torch_tensor_2_6_torch.int64> : tensor<2x6xi64>
    %0 = tensor.empty() : tensor<2x6x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_18 : tensor<2x6xi64>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: i64, %out: f32):
      %81 = arith.index_cast %in : i64 to index
      %82 = linalg.index 2 : index
      %83 = arith.cmpi slt, %81, %c10 : index
      cf.assert %83, "index must be smaller than dim size"
      %84 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %84, "index must be larger or equal to 0"
      %extracted = tensor.extract %cst_13[%81, %82] : tensor<10x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x6x8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %1 : tensor<2x6x8xf32>, tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.addf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %3 = tensor.empty() : tensor<2x6xi64>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%cst_18 : tensor<2x6xi64>) outs(%3 : tensor<2x6xi64>) {
    ^bb0(%in: i64, %out: i64):
      %81 = arith.muli %in, %c3_i64 : i64
      linalg.yield %81 : i64
    } -> tensor<2x6xi64>
    %5 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<2x6xi64>) outs(%3 : tensor<2x6xi64>) {
    ^bb0(%in: i64, %out: i64):
      %81 = arith.addi %in, %c1_i64 : i64
      linalg.yield %81 : i64
    } -> tensor<2x6xi64>
    %6 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2x6xi64>) outs(%3 : tensor<2x6xi64>) {
    ^bb0(%in: i64, %out: i64):
      %81 = arith.remsi %in, %c10_i64 : i64
      %82 = arith.cmpi ne, %81, %c0_i64 : i64
      %83 = arith.cmpi slt, %81, %c0_i64 : i64
      %84 = arith.andi %82, %83 : i1
      %85 = arith.addi %81, %c10_i64 : i64
      %86 = arith.select %84, %85, %81 : i64
      linalg.yield %86 : i64
    } -> tensor<2x6xi64>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x6xi64>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: i64, %out: f32):
      %81 = arith.index_cast %in : i64 to index
      %82 = linalg.index 2 : index
      %83 = arith.cmpi slt, %81, %c10 : index
      cf.assert %83, "index must be smaller than dim size"
      %84 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %84, "index must be larger or equal to 0"
      %extracted = tensor.extract %cst_13[%81, %82] : tensor<10x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x6x8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.mulf %in, %cst_2 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %8 : tensor<2x6x8xf32>, tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %10 = tensor.empty() : tensor<2x6x3xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_17 : tensor<2x6x3xi64>) outs(%11 : tensor<2x6x3xf32>) {
    ^bb0(%in: i64, %out: f32):
      %81 = linalg.index 0 : index
      %82 = linalg.index 1 : index
      %83 = arith.index_cast %in : i64 to index
      %84 = arith.cmpi slt, %83, %c8 : index
      cf.assert %84, "index must be smaller than dim size"
      %85 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %85, "index must be larger or equal to 0"
      %extracted = tensor.extract %9[%81, %82, %83] : tensor<2x6x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x6x3xf32>
    %13 = tensor.empty() : tensor<2x6x8xf64>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x6x8xf32>) outs(%13 : tensor<2x6x8xf64>) {
    ^bb0(%in: f32, %out: f64):
      %81 = arith.extf %in : f32 to f64
      linalg.yield %81 : f64
    } -> tensor<2x6x8xf64>
    %15 = tensor.empty() : tensor<2x6x1xf64>
    %16 = linalg.fill ins(%cst_0 : f64) outs(%15 : tensor<2x6x1xf64>) -> tensor<2x6x1xf64>
    %17 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<2x6x8xf64>) outs(%16 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x1xf64>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<2x6x1xf64>) outs(%15 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_14 : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x1xf64>
    %19 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %18 : tensor<2x6x8xf64>, tensor<2x6x1xf64>) outs(%13 : tensor<2x6x8xf64>) {
    ^bb0(%in: f64, %in_30: f64, %out: f64):
      %81 = arith.subf %in, %in_30 : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x8xf64>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %19 : tensor<2x6x8xf64>, tensor<2x6x8xf64>) outs(%13 : tensor<2x6x8xf64>) {
    ^bb0(%in: f64, %in_30: f64, %out: f64):
      %81 = arith.mulf %in, %in_30 : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x8xf64>
    %21 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%20 : tensor<2x6x8xf64>) outs(%16 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x1xf64>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<2x6x1xf64>) outs(%15 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_14 : f64
      linalg.yield %81 : f64
    } -> tensor<2x6x1xf64>
    %23 = tensor.empty() : tensor<2x6x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x6x1xf64>) outs(%23 : tensor<2x6x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %81 = arith.truncf %in : f64 to f32
      linalg.yield %81 : f32
    } -> tensor<2x6x1xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%23 : tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x6x8xf32>) outs(%25 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<2x6x1xf32>) outs(%23 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_15 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x1xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24 : tensor<2x6x1xf32>) outs(%23 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.truncf %cst_12 : f64 to f32
      %82 = arith.addf %in, %81 : f32
      linalg.yield %82 : f32
    } -> tensor<2x6x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<2x6x1xf32>) outs(%23 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.rsqrt %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %27 : tensor<2x6x8xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30, %29 : tensor<2x6x8xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.mulf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31, %cst_11 : tensor<2x6x8xf32>, tensor<8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.mulf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%32, %cst_10 : tensor<2x6x8xf32>, tensor<8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.addf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %collapsed = tensor.collapse_shape %33 [[0, 1], [2]] : tensor<2x6x8xf32> into tensor<12x8xf32>
    %34 = tensor.empty() : tensor<8x8xf32>
    %transposed = linalg.transpose ins(%cst_9 : tensor<8x8xf32>) outs(%34 : tensor<8x8xf32>) permutation = [1, 0] 
    %35 = tensor.empty() : tensor<12x8xf32>
    %36 = linalg.fill ins(%cst : f32) outs(%35 : tensor<12x8xf32>) -> tensor<12x8xf32>
    %37 = linalg.matmul ins(%collapsed, %transposed : tensor<12x8xf32>, tensor<8x8xf32>) outs(%36 : tensor<12x8xf32>) -> tensor<12x8xf32>
    %38 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel"]} ins(%37, %cst_8 : tensor<12x8xf32>, tensor<8xf32>) outs(%35 : tensor<12x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.addf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<12x8xf32>
    %expanded = tensor.expand_shape %38 [[0, 1], [2]] output_shape [2, 6, 8] : tensor<12x8xf32> into tensor<2x6x8xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_16 : f32
      %82 = math.erf %81 : f32
      %83 = arith.addf %82, %cst_1 : f32
      %84 = arith.mulf %83, %cst_2 : f32
      %85 = arith.mulf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<2x6x8xf32>
    %40 = tensor.empty() : tensor<6xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_6 : tensor<6xf32>) outs(%40 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.truncf %cst_12 : f64 to f32
      %82 = arith.addf %in, %81 : f32
      linalg.yield %82 : f32
    } -> tensor<6xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%41 : tensor<6xf32>) outs(%40 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.sqrt %in : f32
      linalg.yield %81 : f32
    } -> tensor<6xf32>
    %43 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%42 : tensor<6xf32>) outs(%40 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.cmpf one, %in, %cst : f32
      cf.assert %81, "unimplemented: tensor with zero element"
      %82 = arith.divf %cst_1, %in : f32
      linalg.yield %82 : f32
    } -> tensor<6xf32>
    %expanded_19 = tensor.expand_shape %cst_7 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %expanded_20 = tensor.expand_shape %43 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %expanded_19 : tensor<2x6x8xf32>, tensor<6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44, %expanded_20 : tensor<2x6x8xf32>, tensor<6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.mulf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %expanded_21 = tensor.expand_shape %cst_5 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45, %expanded_21 : tensor<2x6x8xf32>, tensor<6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.mulf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %expanded_22 = tensor.expand_shape %cst_4 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %expanded_22 : tensor<2x6x8xf32>, tensor<6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.addf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.negf %in : f32
      %82 = math.exp %81 : f32
      %83 = arith.addf %82, %cst_1 : f32
      %84 = arith.divf %cst_1, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<2x6x8xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %48 : tensor<2x6x8xf32>, tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.mulf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39, %49 : tensor<2x6x8xf32>, tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.addf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %51 = linalg.fill ins(%c0_i64 : i64) outs(%3 : tensor<2x6xi64>) -> tensor<2x6xi64>
    %52 = tensor.empty() : tensor<2x6xf32>
    %53 = linalg.fill ins(%cst_3 : f32) outs(%52 : tensor<2x6xf32>) -> tensor<2x6xf32>
    %54:2 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "reduction"]} ins(%50 : tensor<2x6x8xf32>) outs(%53, %51 : tensor<2x6xf32>, tensor<2x6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %81 = linalg.index 2 : index
      %82 = arith.index_cast %81 : index to i64
      %83 = arith.maximumf %in, %out : f32
      %84 = arith.cmpf ogt, %in, %out : f32
      %85 = arith.select %84, %82, %out_30 : i64
      linalg.yield %83, %85 : f32, i64
    } -> (tensor<2x6xf32>, tensor<2x6xi64>)
    %expanded_23 = tensor.expand_shape %54#0 [[0], [1, 2]] output_shape [2, 6, 1] : tensor<2x6xf32> into tensor<2x6x1xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %expanded_23 : tensor<2x6x8xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.exp %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%56 : tensor<2x6x8xf32>) outs(%25 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x1xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %57 : tensor<2x6x8xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.divf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %59 = tensor.empty() : tensor<2x8xi64>
    %60 = linalg.fill ins(%c0_i64 : i64) outs(%59 : tensor<2x8xi64>) -> tensor<2x8xi64>
    %61 = tensor.empty() : tensor<2x8xf32>
    %62 = linalg.fill ins(%cst_3 : f32) outs(%61 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %63:2 = linalg.generic {indexing_maps = [#map1, #map8, #map8], iterator_types = ["parallel", "reduction", "parallel"]} ins(%50 : tensor<2x6x8xf32>) outs(%62, %60 : tensor<2x8xf32>, tensor<2x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %81 = linalg.index 1 : index
      %82 = arith.index_cast %81 : index to i64
      %83 = arith.maximumf %in, %out : f32
      %84 = arith.cmpf ogt, %in, %out : f32
      %85 = arith.select %84, %82, %out_30 : i64
      linalg.yield %83, %85 : f32, i64
    } -> (tensor<2x8xf32>, tensor<2x8xi64>)
    %expanded_24 = tensor.expand_shape %63#0 [[0, 1], [2]] output_shape [2, 1, 8] : tensor<2x8xf32> into tensor<2x1x8xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %expanded_24 : tensor<2x6x8xf32>, tensor<2x1x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<2x6x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.exp %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %66 = tensor.empty() : tensor<2x1x8xf32>
    %67 = linalg.fill ins(%cst : f32) outs(%66 : tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "reduction", "parallel"]} ins(%65 : tensor<2x6x8xf32>) outs(%67 : tensor<2x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x1x8xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x1x8xf32>) outs(%66 : tensor<2x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.log %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x1x8xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %69 : tensor<2x6x8xf32>, tensor<2x1x8xf32>) outs(%0 : tensor<2x6x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %81 = arith.subf %in, %in_30 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6x8xf32>
    %71 = linalg.fill ins(%cst : f32) outs(%40 : tensor<6xf32>) -> tensor<6xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map10], iterator_types = ["reduction", "parallel", "reduction"]} ins(%50 : tensor<2x6x8xf32>) outs(%71 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<6xf32>
    %73 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x6xf32>) -> tensor<2x6xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x6x8xf32>) outs(%73 : tensor<2x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x6xf32>
    %75 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%74 : tensor<2x6xf32>) outs(%52 : tensor<2x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_15 : f32
      linalg.yield %81 : f32
    } -> tensor<2x6xf32>
    %76:2 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x6x8xf32>) outs(%53, %51 : tensor<2x6xf32>, tensor<2x6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %81 = linalg.index 2 : index
      %82 = arith.index_cast %81 : index to i64
      %83 = arith.maximumf %in, %out : f32
      %84 = arith.cmpf ogt, %in, %out : f32
      %85 = arith.select %84, %82, %out_30 : i64
      linalg.yield %83, %85 : f32, i64
    } -> (tensor<2x6xf32>, tensor<2x6xi64>)
    %77 = tensor.empty() : tensor<6xi64>
    %78 = linalg.fill ins(%c0_i64 : i64) outs(%77 : tensor<6xi64>) -> tensor<6xi64>
    %79 = linalg.fill ins(%cst_3 : f32) outs(%40 : tensor<6xf32>) -> tensor<6xf32>
    %80:2 = linalg.generic {indexing_maps = [#map2, #map5, #map5], iterator_types = ["reduction", "parallel"]} ins(%76#0 : tensor<2x6xf32>) outs(%79, %78 : tensor<6xf32>, tensor<6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %81 = linalg.index 0 : index
      %82 = arith.index_cast %81 : index to i64
      %83 = arith.maximumf %in, %out : f32
      %84 = arith.cmpf ogt, %in, %out : f32
      %85 = arith.select %84, %82, %out_30 : i64
      linalg.yield %83, %85 : f32, i64
    } -> (tensor<6xf32>, tensor<6xi64>)
    %collapsed_25 = tensor.collapse_shape %12 [[0, 1, 2]] : tensor<2x6x3xf32> into tensor<36xf32>
    %collapsed_26 = tensor.collapse_shape %58 [[0, 1, 2]] : tensor<2x6x8xf32> into tensor<96xf32>
    %collapsed_27 = tensor.collapse_shape %70 [[0, 1, 2]] : tensor<2x6x8xf32> into tensor<96xf32>
    %collapsed_28 = tensor.collapse_shape %75 [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
    %collapsed_29 = tensor.collapse_shape %63#0 [[0, 1]] : tensor<2x8xf32> into tensor<16xf32>
    %concat = tensor.concat dim(0) %collapsed_25, %collapsed_26, %collapsed_27, %72, %collapsed_28, %collapsed_29, %80#0 : (tensor<36xf32>, tensor<96xf32>, tensor<96xf32>, tensor<6xf32>, tensor<12xf32>, tensor<16xf32>, tensor<6xf32>) -> tensor<268xf32>
    return %concat : tensor<268xf32>
  }
  func.func @main() {
    %x0 = arith.constant dense<[[[-0.78, -0.04, 0.7, -0.58, 0.16, 0.9, -0.38, 0.36],
        [-0.92, -0.18, 0.56, -0.72, 0.02, 0.76, -0.52, 0.22],
        [0.96, -0.32, 0.42, -0.86, -0.12, 0.62, -0.66, 0.08],
        [0.82, -0.46, 0.28, -1.0, -0.26, 0.48, -0.8, -0.06],
        [0.68, -0.6, 0.14, 0.88, -0.4, 0.34, -0.94, -0.2],
        [0.54, -0.74, 0.0, 0.74, -0.54, 0.2, 0.94, -0.34]],
       [[0.4, -0.88, -0.14, 0.6, -0.68, 0.06, 0.8, -0.48],
        [0.26, 1.0, -0.28, 0.46, -0.82, -0.08, 0.66, -0.62],
        [0.12, 0.86, -0.42, 0.32, -0.96, -0.22, 0.52, -0.76],
        [-0.02, 0.72, -0.56, 0.18, 0.92, -0.36, 0.38, -0.9],
        [-0.16, 0.58, -0.7, 0.04, 0.78, -0.5, 0.24, 0.98],
        [-0.3, 0.44, -0.84, -0.1, 0.64, -0.64, 0.1, 0.84]]]> : tensor<2x6x8xf32>
    %y0 = call @forward(%x0) : (tensor<2x6x8xf32>) -> tensor<268xf32>
    %u0 = tensor.cast %y0 : tensor<268xf32> to tensor<*xf32>
    call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
    %flat = arith.constant dense<[-0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9, 0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95, 0.375, -0.525,
       0.8, -0.1, -1.0, 0.325, -0.575, 0.75, -0.15, -1.05, 0.275, -0.625, 0.7, -0.2, -1.1, 0.225, -0.675, 0.65,
       -0.25, 1.075, 0.175, -0.725, 0.6, -0.3, 1.025, 0.125, -0.775, 0.55, -0.35, 0.975, 0.075, -0.825, 0.5, -0.4,
       0.925, 0.025, -0.875, 0.45, -0.45, 0.875, -0.025, -0.925, 0.4, -0.5, 0.825, -0.075, -0.975, 0.35, -0.55, 0.775,
       -0.125, -1.025, 0.3, -0.6, 0.725, -0.175, -1.075, 0.25, -0.65, 0.675, -0.225, 1.1, 0.2, -0.7, 0.625, -0.275,
       1.05, 0.15, -0.75, 0.575, -0.325, 1.0, 0.1, -0.8, 0.525, -0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9]> : tensor<96xf32>
    %shape = arith.constant dense<[2, 6, 8]> : tensor<3xi64>
    %x1 = tensor.reshape %flat(%shape) : (tensor<96xf32>, tensor<3xi64>) -> tensor<2x6x8xf32>
    %y1 = call @forward(%x1) : (tensor<2x6x8xf32>) -> tensor<268xf32>
    %u1 = tensor.cast %y1 : tensor<268xf32> to tensor<*xf32>
    call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_torch.float32_3: "0x0400000073CA253D4D38023EFBFE413E380F023E9D70423ECDFB6CBC",
      torch_tensor_6_torch.float32_2: "0x04000000C59C2C3F5E6E793F80D0AD3F71D7723F59C7813F24F5743F",
      torch_tensor_6_torch.float32_1: "0x040000000036083F8AF7133F7209663F1619A33FDD99A23F7F8D043F",
      torch_tensor_6_torch.float32: "0x04000000EBF937BE9A2EC2BD0B730B3E33EFA9BA1797CBBDCFF01CBE",
      torch_tensor_8_torch.float32_2: "0x0400000013F9CFBC4312B33E23C8023EB401243C87DF9CBE9058333EC4EF80BE288ACDBD",
      torch_tensor_8_8_torch.float32: "0x040000004ED5613E3BA68DBED01399BDF9CB12BEE6778BBDD42A8EBD0C70A2BE884C9CBE439B62BD88D2953B0F7724BE3361083E8FEDA2BEC476C3BC22319F3E34AC13BE0576A33E191D033EE55CA3BE970F653EEA1B27BDD59D21BEB1C0903EE64792BEE6641B3D619997BDA844813E4A1FCA3D26F62D3EE2B6FF3D4E1FAEBD044798BDB72C95BE252B443EB3B98F3E42B7773ECD5F7FBED22C813CA2367FBEEB4B47BE40F652BE2773F73D5DBE57BEEDC1FCBB42AF733CE360693E0ED688BE428B78BED03852BE28677D3EE62302BE11B0983E79EA023EC25F373D487B2CBB01238FBDD6B1353DD656A5BD4ACE22BB43C6383D21988DBE7FC13DBEFB2B923ED8E792BE",
      torch_tensor_8_torch.float32_1: "0x04000000457444BECDC5F2BDFA114DBD8A85C7BDB04A8FBDC8DB27BE9A412EBDFA1B2F3D",
      torch_tensor_8_torch.float32: "0x040000008F24603F4AE3823F7256893FDD2D8F3F8C1D993F68D5833F8D8B413FBA489E3F",
      torch_tensor_10_8_torch.float32: "0x04000000851B90BF8A8093BFD64B80BE5D25DEBE1545593F8327313F6DCCA1BEC15F07C03801A53EF4B4A1BFFF30B33EBBC39D3E776FF53D936B9E3F8EF28E3F7C367DBEC223ADBF4614D9BF0410113F5D234B3F8B4D193F5B0DC7BFCAC6AEBE4E2FED3F6B0C403F2BE315BFEB8E31BEA4E13B3EC0D6B13F000DCB3F9C40723F33FB57BFC8131DBF6467013D2840FCBE70607E3ED01FE13ED637E63DF80A243F3CDFE13EB987D1BD9CDD4A3F534F94BE1712573D2FDA053F55571340B704BCBF9E18CBBF9F4F2CBFDE715F3FF415873FAA1C363E10DD6BBE0894C8BE5D150B3F1752CABE9476E4BE24783E3F75AFC23FAD455A40D9FDC3BF23F89DBFC2ECE83FFC300DBF3EBA11BF3F836B3F392F8E3F981AA53FCE34BDBF8B4D2440C23CF2BE4FCDAB3EC18DD0BF00BC0CBFD6ACF5BE42D6FFBED09288BF57B68E3F2C0C10BEDE454E3F",
      torch_tensor_2_6_3_torch.int64: "0x08000000020000000000000007000000000000000000000000000000010000000000000001000000000000000700000000000000010000000000000001000000000000000300000000000000060000000000000007000000000000000300000000000000060000000000000002000000000000000300000000000000000000000000000006000000000000000300000000000000050000000000000004000000000000000100000000000000020000000000000004000000000000000300000000000000040000000000000006000000000000000400000000000000070000000000000007000000000000000400000000000000030000000000000004000000000000000400000000000000040000000000000000000000000000000600000000000000",
      torch_tensor_2_6_torch.int64: "0x08000000010000000000000004000000000000000400000000000000090000000000000000000000000000000700000000000000030000000000000003000000000000000800000000000000020000000000000005000000000000000600000000000000"
    }
  }
#-}
