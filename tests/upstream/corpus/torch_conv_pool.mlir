// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of tests/upstream/export_torch.py:torch_conv_pool (torch.manual_seed(0), eval mode, inputs 1x4x8x8 dense and tensor.reshape of a flat constant)
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0) -> ()>
#map4 = affine_map<(d0, d1) -> (d0, 0)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (0, 0, 0, 0, 0, 0)>
#map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, 0, 0, 0, 0)>
#map9 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, 0, 0)>
#map10 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map11 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
#map13 = affine_map<(d0, d1, d2, d3) -> (0, 0, 0, 0)>
#map14 = affine_map<(d0, d1, d2, d3) -> (d2, 0)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d3)>
module {
  func.func @forward(%arg0: tensor<1x4x8x8xf32>) -> tensor<264xf32> {
    %c4_i64 = arith.constant 4 : i64
    %c3_i64 = arith.constant 3 : i64
    %c8_i64 = arith.constant 8 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_4_8_1_1_torch.float32> : tensor<4x8x1x1xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_8_1_3_3_torch.float32> : tensor<8x1x3x3xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_8_torch.float32_5> : tensor<8xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.float32_4> : tensor<8xf32>
    %cst_7 = arith.constant 1.000000e-05 : f64
    %cst_8 = arith.constant dense_resource<torch_tensor_8_torch.float32_3> : tensor<8xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float32> : tensor<8x8x3x3xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_8_2_3_3_torch.float32> : tensor<8x2x3x3xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_14 = arith.constant 4.000000e+00 : f32
    %cst_15 = arith.constant 1.600000e+01 : f32
    %cst_16 = arith.constant 2.000000e+00 : f32
    %cst_17 = arith.constant 5.000000e-01 : f32
    %c0 = arith.constant 0 : index
    %cst_18 = arith.constant dense<3> : tensor<i64>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %broadcasted = linalg.broadcast ins(%cst_13 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 10, 10] : tensor<1x4x10x10xf32> into tensor<1x2x2x10x10xf32>
    %expanded_19 = tensor.expand_shape %cst_12 [[0, 1], [2], [3], [4]] output_shape [2, 4, 2, 3, 3] : tensor<8x2x3x3xf32> into tensor<2x4x2x3x3xf32>
    %expanded_20 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 8, 8] : tensor<1x8x8x8xf32> into tensor<1x2x4x8x8xf32>
    %1 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_19 : tensor<1x2x2x10x10xf32>, tensor<2x4x2x3x3xf32>) outs(%expanded_20 : tensor<1x2x4x8x8xf32>) -> tensor<1x2x4x8x8xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1, 2], [3], [4]] : tensor<1x2x4x8x8xf32> into tensor<1x8x8x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<1x8x8x8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf ugt, %in, %cst : f32
      %84 = arith.select %83, %in, %cst : f32
      linalg.yield %84 : f32
    } -> tensor<1x8x8x8xf32>
    %padded_21 = tensor.pad %2 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x8x8x8xf32> to tensor<1x8x12x12xf32>
    %broadcasted_22 = linalg.broadcast ins(%cst_10 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_21, %cst_11 : tensor<1x8x12x12xf32>, tensor<8x8x3x3xf32>) outs(%broadcasted_22 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %4 = tensor.empty() : tensor<8xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.truncf %cst_7 : f64 to f32
      %84 = arith.addf %in, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%5 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = math.sqrt %in : f32
      linalg.yield %83 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%6 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf one, %in, %cst : f32
      cf.assert %83, "unimplemented: tensor with zero element"
      %84 = arith.divf %cst_0, %in : f32
      linalg.yield %84 : f32
    } -> tensor<8xf32>
    %expanded_23 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_24 = tensor.expand_shape %7 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %expanded_23 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.subf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x8x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_24 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.mulf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_25 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.mulf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %expanded_26 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x8x8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf ugt, %in, %cst : f32
      %84 = arith.select %83, %in, %cst : f32
      linalg.yield %84 : f32
    } -> tensor<1x8x8x8xf32>
    %padded_27 = tensor.pad %12 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x8x8x8xf32> to tensor<1x8x12x12xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %collapsed_28 = tensor.collapse_shape %cst_4 [[0, 1], [2], [3]] : tensor<8x1x3x3xf32> into tensor<8x3x3xf32>
    %14 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_27, %collapsed_28 : tensor<1x8x12x12xf32>, tensor<8x3x3xf32>) outs(%13 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %14 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x8x8xf32>
    %padded_29 = tensor.pad %15 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst_1 : f32
    } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
    %16 = tensor.empty() : tensor<1x8x4x4xf32>
    %17 = linalg.fill ins(%cst_1 : f32) outs(%16 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %18 = tensor.empty() : tensor<3x3xf32>
    %19 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_29, %18 : tensor<1x8x10x10xf32>, tensor<3x3xf32>) outs(%17 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %20 = linalg.fill ins(%cst : f32) outs(%16 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %21 = tensor.empty() : tensor<2x2xf32>
    %22 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%15, %21 : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%20 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<1x8x4x4xf32>) outs(%16 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.divf %in, %cst_14 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x4x4xf32>
    %24 = tensor.empty() : tensor<1x8x2x2xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%24 : tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
    %26 = tensor.empty() : tensor<4x4xf32>
    %27 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%15, %26 : tensor<1x8x8x8xf32>, tensor<4x4xf32>) outs(%25 : tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<1x8x2x2xf32>) outs(%24 : tensor<1x8x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.divf %in, %cst_15 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x2x2xf32>
    %29 = tensor.empty() : tensor<3xi64>
    %30 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%29 : tensor<3xi64>) {
    ^bb0(%out: i64):
      %83 = linalg.index 0 : index
      %84 = arith.index_cast %83 : index to i64
      linalg.yield %84 : i64
    } -> tensor<3xi64>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%30 : tensor<3xi64>) outs(%29 : tensor<3xi64>) {
    ^bb0(%in: i64, %out: i64):
      %83 = arith.muli %in, %c4_i64 : i64
      linalg.yield %83 : i64
    } -> tensor<3xi64>
    %32 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel"]} ins(%31, %cst_18 : tensor<3xi64>, tensor<i64>) outs(%29 : tensor<3xi64>) {
    ^bb0(%in: i64, %in_41: i64, %out: i64):
      %83 = arith.divsi %in, %in_41 : i64
      linalg.yield %83 : i64
    } -> tensor<3xi64>
    %33 = tensor.empty() : tensor<2xi64>
    %34 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%33 : tensor<2xi64>) {
    ^bb0(%out: i64):
      %83 = linalg.index 0 : index
      %84 = arith.index_cast %83 : index to i64
      linalg.yield %84 : i64
    } -> tensor<2xi64>
    %expanded_30 = tensor.expand_shape %32 [[0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
    %35 = tensor.empty() : tensor<3x2xi64>
    %36 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_30, %34 : tensor<3x1xi64>, tensor<2xi64>) outs(%35 : tensor<3x2xi64>) {
    ^bb0(%in: i64, %in_41: i64, %out: i64):
      %83 = arith.addi %in, %in_41 : i64
      linalg.yield %83 : i64
    } -> tensor<3x2xi64>
    %expanded_31 = tensor.expand_shape %36 [[0], [1, 2, 3]] output_shape [3, 2, 1, 1] : tensor<3x2xi64> into tensor<3x2x1x1xi64>
    %37 = tensor.empty() : tensor<8xi64>
    %38 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%37 : tensor<8xi64>) {
    ^bb0(%out: i64):
      %83 = linalg.index 0 : index
      %84 = arith.index_cast %83 : index to i64
      linalg.yield %84 : i64
    } -> tensor<8xi64>
    %expanded_32 = tensor.expand_shape %38 [[0, 1, 2, 3, 4]] output_shape [8, 1, 1, 1, 1] : tensor<8xi64> into tensor<8x1x1x1x1xi64>
    %39 = tensor.empty() : tensor<1xi64>
    %40 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%39 : tensor<1xi64>) {
    ^bb0(%out: i64):
      linalg.yield %c0_i64 : i64
    } -> tensor<1xi64>
    %expanded_33 = tensor.expand_shape %40 [[0, 1, 2, 3, 4, 5]] output_shape [1, 1, 1, 1, 1, 1] : tensor<1xi64> into tensor<1x1x1x1x1x1xi64>
    %41 = tensor.empty() : tensor<1x8x3x2x3x2xf32>
    %42 = linalg.generic {indexing_maps = [#map7, #map8, #map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33, %expanded_32, %expanded_31, %36 : tensor<1x1x1x1x1x1xi64>, tensor<8x1x1x1x1xi64>, tensor<3x2x1x1xi64>, tensor<3x2xi64>) outs(%41 : tensor<1x8x3x2x3x2xf32>) {
    ^bb0(%in: i64, %in_41: i64, %in_42: i64, %in_43: i64, %out: f32):
      %83 = arith.cmpi slt, %in, %c0_i64 : i64
      %84 = arith.addi %in, %c1_i64 : i64
      %85 = arith.select %83, %84, %in : i64
      %86 = arith.index_cast %85 : i64 to index
      %87 = arith.cmpi slt, %in_41, %c0_i64 : i64
      %88 = arith.addi %in_41, %c8_i64 : i64
      %89 = arith.select %87, %88, %in_41 : i64
      %90 = arith.index_cast %89 : i64 to index
      %91 = arith.cmpi slt, %in_42, %c0_i64 : i64
      %92 = arith.addi %in_42, %c4_i64 : i64
      %93 = arith.select %91, %92, %in_42 : i64
      %94 = arith.index_cast %93 : i64 to index
      %95 = arith.cmpi slt, %in_43, %c0_i64 : i64
      %96 = arith.addi %in_43, %c4_i64 : i64
      %97 = arith.select %95, %96, %in_43 : i64
      %98 = arith.index_cast %97 : i64 to index
      %extracted = tensor.extract %19[%86, %90, %94, %98] : tensor<1x8x4x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x8x3x2x3x2xf32>
    %43 = tensor.empty() : tensor<1x8x3x3xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
    %45 = linalg.generic {indexing_maps = [#map11, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "reduction"]} ins(%42 : tensor<1x8x3x2x3x2xf32>) outs(%44 : tensor<1x8x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.addf %in, %out : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x3x3xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<1x8x3x3xf32>) outs(%43 : tensor<1x8x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.divf %in, %cst_14 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x3x3xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %23 : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) outs(%16 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.subf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x4x4xf32>
    %48 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%16 : tensor<1x8x4x4xf32>) {
    ^bb0(%out: f32):
      %83 = linalg.index 1 : index
      %84 = linalg.index 2 : index
      %85 = linalg.index 3 : index
      %86 = arith.index_cast %84 : index to i64
      %87 = arith.sitofp %86 : i64 to f32
      %88 = arith.divf %87, %cst_16 : f32
      %89 = math.floor %88 : f32
      %90 = arith.maximumf %89, %cst : f32
      %91 = arith.minimumf %90, %cst_0 : f32
      %92 = arith.fptosi %91 : f32 to i64
      %93 = arith.index_cast %92 : i64 to index
      %94 = arith.index_cast %85 : index to i64
      %95 = arith.sitofp %94 : i64 to f32
      %96 = arith.divf %95, %cst_16 : f32
      %97 = math.floor %96 : f32
      %98 = arith.maximumf %97, %cst : f32
      %99 = arith.minimumf %98, %cst_0 : f32
      %100 = arith.fptosi %99 : f32 to i64
      %101 = arith.index_cast %100 : i64 to index
      %extracted = tensor.extract %28[%c0, %83, %93, %101] : tensor<1x8x2x2xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x8x4x4xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %48 : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) outs(%16 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x4x4xf32>
    %50 = tensor.empty() : tensor<1x4x4x4xf32>
    %broadcasted_34 = linalg.broadcast ins(%cst_2 : tensor<4xf32>) outs(%50 : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3] 
    %51 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%49, %cst_3 : tensor<1x8x4x4xf32>, tensor<4x8x1x1xf32>) outs(%broadcasted_34 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
    %extracted_slice = tensor.extract_slice %23[0, 0, 0, 0] [1, 2, 4, 4] [1, 1, 1, 1] : tensor<1x8x4x4xf32> to tensor<1x2x4x4xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%38 : tensor<8xi64>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: i64, %out: f32):
      %83 = arith.sitofp %in : i64 to f32
      linalg.yield %83 : f32
    } -> tensor<8xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%52 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.addf %in, %cst_17 : f32
      linalg.yield %83 : f32
    } -> tensor<8xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%53 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.mulf %in, %cst_17 : f32
      linalg.yield %83 : f32
    } -> tensor<8xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%54 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.subf %in, %cst_17 : f32
      linalg.yield %83 : f32
    } -> tensor<8xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%55 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf ult, %in, %cst : f32
      %84 = arith.select %83, %cst, %in : f32
      linalg.yield %84 : f32
    } -> tensor<8xf32>
    %expanded_35 = tensor.expand_shape %56 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
    %57 = tensor.empty() : tensor<8x1xi64>
    %58 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_35 : tensor<8x1xf32>) outs(%57 : tensor<8x1xi64>) {
    ^bb0(%in: f32, %out: i64):
      %83 = arith.fptosi %in : f32 to i64
      linalg.yield %83 : i64
    } -> tensor<8x1xi64>
    %59 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%58 : tensor<8x1xi64>) outs(%57 : tensor<8x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %83 = arith.addi %in, %c1_i64 : i64
      linalg.yield %83 : i64
    } -> tensor<8x1xi64>
    %60 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<8x1xi64>) outs(%57 : tensor<8x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %83 = arith.minsi %in, %c3_i64 : i64
      linalg.yield %83 : i64
    } -> tensor<8x1xi64>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%56 : tensor<8xf32>) outs(%37 : tensor<8xi64>) {
    ^bb0(%in: f32, %out: i64):
      %83 = arith.fptosi %in : f32 to i64
      linalg.yield %83 : i64
    } -> tensor<8xi64>
    %62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%61 : tensor<8xi64>) outs(%37 : tensor<8xi64>) {
    ^bb0(%in: i64, %out: i64):
      %83 = arith.addi %in, %c1_i64 : i64
      linalg.yield %83 : i64
    } -> tensor<8xi64>
    %63 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%62 : tensor<8xi64>) outs(%37 : tensor<8xi64>) {
    ^bb0(%in: i64, %out: i64):
      %83 = arith.minsi %in, %c3_i64 : i64
      linalg.yield %83 : i64
    } -> tensor<8xi64>
    %expanded_36 = tensor.expand_shape %34 [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xi64> into tensor<2x1x1xi64>
    %expanded_37 = tensor.expand_shape %40 [[0, 1, 2, 3]] output_shape [1, 1, 1, 1] : tensor<1xi64> into tensor<1x1x1x1xi64>
    %64 = tensor.empty() : tensor<1x2x8x8xf32>
    %65 = linalg.generic {indexing_maps = [#map13, #map2, #map14, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37, %expanded_36, %58, %61 : tensor<1x1x1x1xi64>, tensor<2x1x1xi64>, tensor<8x1xi64>, tensor<8xi64>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: i64, %in_41: i64, %in_42: i64, %in_43: i64, %out: f32):
      %83 = arith.cmpi slt, %in, %c0_i64 : i64
      %84 = arith.addi %in, %c1_i64 : i64
      %85 = arith.select %83, %84, %in : i64
      %86 = arith.index_cast %85 : i64 to index
      %87 = arith.cmpi slt, %in_41, %c0_i64 : i64
      %88 = arith.addi %in_41, %c2_i64 : i64
      %89 = arith.select %87, %88, %in_41 : i64
      %90 = arith.index_cast %89 : i64 to index
      %91 = arith.cmpi slt, %in_42, %c0_i64 : i64
      %92 = arith.addi %in_42, %c4_i64 : i64
      %93 = arith.select %91, %92, %in_42 : i64
      %94 = arith.index_cast %93 : i64 to index
      %95 = arith.cmpi slt, %in_43, %c0_i64 : i64
      %96 = arith.addi %in_43, %c4_i64 : i64
      %97 = arith.select %95, %96, %in_43 : i64
      %98 = arith.index_cast %97 : i64 to index
      %extracted = tensor.extract %extracted_slice[%86, %90, %94, %98] : tensor<1x2x4x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x2x8x8xf32>
    %66 = linalg.generic {indexing_maps = [#map13, #map2, #map14, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37, %expanded_36, %58, %63 : tensor<1x1x1x1xi64>, tensor<2x1x1xi64>, tensor<8x1xi64>, tensor<8xi64>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: i64, %in_41: i64, %in_42: i64, %in_43: i64, %out: f32):
      %83 = arith.cmpi slt, %in, %c0_i64 : i64
      %84 = arith.addi %in, %c1_i64 : i64
      %85 = arith.select %83, %84, %in : i64
      %86 = arith.index_cast %85 : i64 to index
      %87 = arith.cmpi slt, %in_41, %c0_i64 : i64
      %88 = arith.addi %in_41, %c2_i64 : i64
      %89 = arith.select %87, %88, %in_41 : i64
      %90 = arith.index_cast %89 : i64 to index
      %91 = arith.cmpi slt, %in_42, %c0_i64 : i64
      %92 = arith.addi %in_42, %c4_i64 : i64
      %93 = arith.select %91, %92, %in_42 : i64
      %94 = arith.index_cast %93 : i64 to index
      %95 = arith.cmpi slt, %in_43, %c0_i64 : i64
      %96 = arith.addi %in_43, %c4_i64 : i64
      %97 = arith.select %95, %96, %in_43 : i64
      %98 = arith.index_cast %97 : i64 to index
      %extracted = tensor.extract %extracted_slice[%86, %90, %94, %98] : tensor<1x2x4x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x2x8x8xf32>
    %67 = linalg.generic {indexing_maps = [#map13, #map2, #map14, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37, %expanded_36, %60, %61 : tensor<1x1x1x1xi64>, tensor<2x1x1xi64>, tensor<8x1xi64>, tensor<8xi64>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: i64, %in_41: i64, %in_42: i64, %in_43: i64, %out: f32):
      %83 = arith.cmpi slt, %in, %c0_i64 : i64
      %84 = arith.addi %in, %c1_i64 : i64
      %85 = arith.select %83, %84, %in : i64
      %86 = arith.index_cast %85 : i64 to index
      %87 = arith.cmpi slt, %in_41, %c0_i64 : i64
      %88 = arith.addi %in_41, %c2_i64 : i64
      %89 = arith.select %87, %88, %in_41 : i64
      %90 = arith.index_cast %89 : i64 to index
      %91 = arith.cmpi slt, %in_42, %c0_i64 : i64
      %92 = arith.addi %in_42, %c4_i64 : i64
      %93 = arith.select %91, %92, %in_42 : i64
      %94 = arith.index_cast %93 : i64 to index
      %95 = arith.cmpi slt, %in_43, %c0_i64 : i64
      %96 = arith.addi %in_43, %c4_i64 : i64
      %97 = arith.select %95, %96, %in_43 : i64
      %98 = arith.index_cast %97 : i64 to index
      %extracted = tensor.extract %extracted_slice[%86, %90, %94, %98] : tensor<1x2x4x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x2x8x8xf32>
    %68 = linalg.generic {indexing_maps = [#map13, #map2, #map14, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37, %expanded_36, %60, %63 : tensor<1x1x1x1xi64>, tensor<2x1x1xi64>, tensor<8x1xi64>, tensor<8xi64>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: i64, %in_41: i64, %in_42: i64, %in_43: i64, %out: f32):
      %83 = arith.cmpi slt, %in, %c0_i64 : i64
      %84 = arith.addi %in, %c1_i64 : i64
      %85 = arith.select %83, %84, %in : i64
      %86 = arith.index_cast %85 : i64 to index
      %87 = arith.cmpi slt, %in_41, %c0_i64 : i64
      %88 = arith.addi %in_41, %c2_i64 : i64
      %89 = arith.select %87, %88, %in_41 : i64
      %90 = arith.index_cast %89 : i64 to index
      %91 = arith.cmpi slt, %in_42, %c0_i64 : i64
      %92 = arith.addi %in_42, %c4_i64 : i64
      %93 = arith.select %91, %92, %in_42 : i64
      %94 = arith.index_cast %93 : i64 to index
      %95 = arith.cmpi slt, %in_43, %c0_i64 : i64
      %96 = arith.addi %in_43, %c4_i64 : i64
      %97 = arith.select %95, %96, %in_43 : i64
      %98 = arith.index_cast %97 : i64 to index
      %extracted = tensor.extract %extracted_slice[%86, %90, %94, %98] : tensor<1x2x4x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x2x8x8xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%56, %61 : tensor<8xf32>, tensor<8xi64>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %in_41: i64, %out: f32):
      %83 = arith.sitofp %in_41 : i64 to f32
      %84 = arith.subf %in, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<8xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%69 : tensor<8xf32>) outs(%4 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf ult, %in, %cst : f32
      %84 = arith.select %83, %cst, %in : f32
      %85 = arith.cmpf ugt, %84, %cst_0 : f32
      %86 = arith.select %85, %cst_0, %84 : f32
      linalg.yield %86 : f32
    } -> tensor<8xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %65 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.subf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %70 : tensor<1x2x8x8xf32>, tensor<8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.mulf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65, %72 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68, %67 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.subf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74, %70 : tensor<1x2x8x8xf32>, tensor<8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.mulf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67, %75 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %77 = tensor.empty() : tensor<8x1xf32>
    %78 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_35, %58 : tensor<8x1xf32>, tensor<8x1xi64>) outs(%77 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %in_41: i64, %out: f32):
      %83 = arith.sitofp %in_41 : i64 to f32
      %84 = arith.subf %in, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<8x1xf32>
    %79 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<8x1xf32>) outs(%77 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.cmpf ult, %in, %cst : f32
      %84 = arith.select %83, %cst, %in : f32
      %85 = arith.cmpf ugt, %84, %cst_0 : f32
      %86 = arith.select %85, %cst_0, %84 : f32
      linalg.yield %86 : f32
    } -> tensor<8x1xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %73 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.subf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map14, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %79 : tensor<1x2x8x8xf32>, tensor<8x1xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.mulf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %81 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%64 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_41: f32, %out: f32):
      %83 = arith.addf %in, %in_41 : f32
      linalg.yield %83 : f32
    } -> tensor<1x2x8x8xf32>
    %collapsed_38 = tensor.collapse_shape %51 [[0, 1, 2, 3]] : tensor<1x4x4x4xf32> into tensor<64xf32>
    %collapsed_39 = tensor.collapse_shape %82 [[0, 1, 2, 3]] : tensor<1x2x8x8xf32> into tensor<128xf32>
    %collapsed_40 = tensor.collapse_shape %46 [[0, 1, 2, 3]] : tensor<1x8x3x3xf32> into tensor<72xf32>
    %concat = tensor.concat dim(0) %collapsed_38, %collapsed_39, %collapsed_40 : (tensor<64xf32>, tensor<128xf32>, tensor<72xf32>) -> tensor<264xf32>
    return %concat : tensor<264xf32>
  }
  func.func @main() {
    %x0 = arith.constant dense<[[[[-0.78, -0.04, 0.7, -0.58, 0.16, 0.9, -0.38, 0.36],
         [-0.92, -0.18, 0.56, -0.72, 0.02, 0.76, -0.52, 0.22],
         [0.96, -0.32, 0.42, -0.86, -0.12, 0.62, -0.66, 0.08],
         [0.82, -0.46, 0.28, -1.0, -0.26, 0.48, -0.8, -0.06],
         [0.68, -0.6, 0.14, 0.88, -0.4, 0.34, -0.94, -0.2],
         [0.54, -0.74, 0.0, 0.74, -0.54, 0.2, 0.94, -0.34],
         [0.4, -0.88, -0.14, 0.6, -0.68, 0.06, 0.8, -0.48],
         [0.26, 1.0, -0.28, 0.46, -0.82, -0.08, 0.66, -0.62]],
        [[0.12, 0.86, -0.42, 0.32, -0.96, -0.22, 0.52, -0.76],
         [-0.02, 0.72, -0.56, 0.18, 0.92, -0.36, 0.38, -0.9],
         [-0.16, 0.58, -0.7, 0.04, 0.78, -0.5, 0.24, 0.98],
         [-0.3, 0.44, -0.84, -0.1, 0.64, -0.64, 0.1, 0.84],
         [-0.44, 0.3, -0.98, -0.24, 0.5, -0.78, -0.04, 0.7],
         [-0.58, 0.16, 0.9, -0.38, 0.36, -0.92, -0.18, 0.56],
         [-0.72, 0.02, 0.76, -0.52, 0.22, 0.96, -0.32, 0.42],
         [-0.86, -0.12, 0.62, -0.66, 0.08, 0.82, -0.46, 0.28]],
        [[-1.0, -0.26, 0.48, -0.8, -0.06, 0.68, -0.6, 0.14],
         [0.88, -0.4, 0.34, -0.94, -0.2, 0.54, -0.74, 0.0],
         [0.74, -0.54, 0.2, 0.94, -0.34, 0.4, -0.88, -0.14],
         [0.6, -0.68, 0.06, 0.8, -0.48, 0.26, 1.0, -0.28],
         [0.46, -0.82, -0.08, 0.66, -0.62, 0.12, 0.86, -0.42],
         [0.32, -0.96, -0.22, 0.52, -0.76, -0.02, 0.72, -0.56],
         [0.18, 0.92, -0.36, 0.38, -0.9, -0.16, 0.58, -0.7],
         [0.04, 0.78, -0.5, 0.24, 0.98, -0.3, 0.44, -0.84]],
        [[-0.1, 0.64, -0.64, 0.1, 0.84, -0.44, 0.3, -0.98],
         [-0.24, 0.5, -0.78, -0.04, 0.7, -0.58, 0.16, 0.9],
         [-0.38, 0.36, -0.92, -0.18, 0.56, -0.72, 0.02, 0.76],
         [-0.52, 0.22, 0.96, -0.32, 0.42, -0.86, -0.12, 0.62],
         [-0.66, 0.08, 0.82, -0.46, 0.28, -1.0, -0.26, 0.48],
         [-0.8, -0.06, 0.68, -0.6, 0.14, 0.88, -0.4, 0.34],
         [-0.94, -0.2, 0.54, -0.74, 0.0, 0.74, -0.54, 0.2],
         [0.94, -0.34, 0.4, -0.88, -0.14, 0.6, -0.68, 0.06]]]]> : tensor<1x4x8x8xf32>
    %y0 = call @forward(%x0) : (tensor<1x4x8x8xf32>) -> tensor<264xf32>
    %u0 = tensor.cast %y0 : tensor<264xf32> to tensor<*xf32>
    call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
    %flat = arith.constant dense<[-0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9, 0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95, 0.375, -0.525,
       0.8, -0.1, -1.0, 0.325, -0.575, 0.75, -0.15, -1.05, 0.275, -0.625, 0.7, -0.2, -1.1, 0.225, -0.675, 0.65,
       -0.25, 1.075, 0.175, -0.725, 0.6, -0.3, 1.025, 0.125, -0.775, 0.55, -0.35, 0.975, 0.075, -0.825, 0.5, -0.4,
       0.925, 0.025, -0.875, 0.45, -0.45, 0.875, -0.025, -0.925, 0.4, -0.5, 0.825, -0.075, -0.975, 0.35, -0.55, 0.775,
       -0.125, -1.025, 0.3, -0.6, 0.725, -0.175, -1.075, 0.25, -0.65, 0.675, -0.225, 1.1, 0.2, -0.7, 0.625, -0.275,
       1.05, 0.15, -0.75, 0.575, -0.325, 1.0, 0.1, -0.8, 0.525, -0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9,
       0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95, 0.375, -0.525, 0.8, -0.1, -1.0, 0.325, -0.575, 0.75, -0.15,
       -1.05, 0.275, -0.625, 0.7, -0.2, -1.1, 0.225, -0.675, 0.65, -0.25, 1.075, 0.175, -0.725, 0.6, -0.3, 1.025,
       0.125, -0.775, 0.55, -0.35, 0.975, 0.075, -0.825, 0.5, -0.4, 0.925, 0.025, -0.875, 0.45, -0.45, 0.875, -0.025,
       -0.925, 0.4, -0.5, 0.825, -0.075, -0.975, 0.35, -0.55, 0.775, -0.125, -1.025, 0.3, -0.6, 0.725, -0.175, -1.075,
       0.25, -0.65, 0.675, -0.225, 1.1, 0.2, -0.7, 0.625, -0.275, 1.05, 0.15, -0.75, 0.575, -0.325, 1.0, 0.1,
       -0.8, 0.525, -0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9, 0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95,
       0.375, -0.525, 0.8, -0.1, -1.0, 0.325, -0.575, 0.75, -0.15, -1.05, 0.275, -0.625, 0.7, -0.2, -1.1, 0.225,
       -0.675, 0.65, -0.25, 1.075, 0.175, -0.725, 0.6, -0.3, 1.025, 0.125, -0.775, 0.55, -0.35, 0.975, 0.075, -0.825,
       0.5, -0.4, 0.925, 0.025, -0.875, 0.45, -0.45, 0.875, -0.025, -0.925, 0.4, -0.5, 0.825, -0.075, -0.975, 0.35,
       -0.55, 0.775, -0.125, -1.025, 0.3, -0.6, 0.725, -0.175, -1.075, 0.25, -0.65, 0.675, -0.225, 1.1, 0.2, -0.7]> : tensor<256xf32>
    %shape = arith.constant dense<[1, 4, 8, 8]> : tensor<4xi64>
    %x1 = tensor.reshape %flat(%shape) : (tensor<256xf32>, tensor<4xi64>) -> tensor<1x4x8x8xf32>
    %y1 = call @forward(%x1) : (tensor<1x4x8x8xf32>) -> tensor<264xf32>
    %u1 = tensor.cast %y1 : tensor<264xf32> to tensor<*xf32>
    call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000E8EC82BD63956C3E570EA43C5AC1083E",
      torch_tensor_4_8_1_1_torch.float32: "0x04000000A9FA803D580F2B3D10BE29BE3D2AFABD861EC43DC4BF7BBE73F06E3DBFA91C3E2BAB0EBEB35C963E7E9BBEBCF442243EBD43B33ED953DDBD19BC443E761BCFBD498953BDA16B75BDDFF20FBB4BC408BED9B6A93DA3445A3C1C7E653E9F8E92BDA038113DC5AC06BE679897BE5481123E8A4D393D98FD10BE6BD0F4BD975CBD3D",
      torch_tensor_8_1_3_3_torch.float32: "0x04000000167F30BDE0A579BE50E4C73DA6B172BEDE6C87BE9659A63CDE4F873E0B2FC1BD80A7203E52A8923EA064623ED80C33BEEBAA15BD2BD3D6BDAB3C89BEAB6A1039646A803E12CA8F3EEBC5FE3CA00C9B3D46C513BE92D3803E1E080EBEB01B6DBEA040523D18974C3E23DF99BEF2469A3E9093F53D7B246FBE300D93BD2611943EFFF082BE2687C7BDB6E6DF3DBE8495BE4B1E3B3E26AE313E63B2533EB89D59BEF3FBA93E4B544ABE2A62AA3E84C9A3BE130F98BE4BA5513EEBB10E3DC0879D3C26043DBE532E0FBE6B9AC7BD8041A6BEC0E88D3CAB78713D56F593B92B74DC3DEFEFA13E9B82B53DCBE7F9BD80790CBE10635ABE639E6CBE00E35BBD007B71BDAED8173E00E611BE5C0E883EC0816FBEAB5A783A6A6A993E5AB5A93EB6B845BE",
      torch_tensor_8_torch.float32_5: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_4: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_3: "0x0400000081F5493F85F53B3F63E39B3F8C99103FAD06813F4A22453FFE3DAA3FB6D3083F",
      torch_tensor_8_torch.float32_2: "0x040000001076B23D0D0149BD3338B13DF520173E00CB163CC74F203D0021EE3BFFCB0D3E",
      torch_tensor_8_torch.float32_1: "0x040000005512923DF9457ABDCC0ABCBC7795BF3D625ADABC2CD12F3CC7B7A8BD6A74CD3D",
      torch_tensor_8_8_3_3_torch.float32: "0x0400000074D3C3BCE05C843D187D823D41C6E8BD348E963DA4DDBCBD6B1ACCBCA2BA43BD33F5B9BC718EBDBC6695D8BD0B66D0BD2D1297BC60C3C73A6A495BBDEED6353DBF3CD9BD2D4F02BC8341D43D9BE544BDB2F2D93D77D12E3D32D1D9BD10B5983DE3CF5EBC1D7D57BDED00C13D890AC3BD33314F3CD721CABC8B5BAC3D87BF063DDDF2673DEC792A3DBD29E8BC5B09CBBC4AE6C6BD6EC7823D44A2BF3DD724A53DDE3FAABDC33BAC3B6C24AABD48DD84BD2BA48CBD70F7243D3ED48FBD498128BBD774A23BED959B3DBD72B6BD2CB2A5BDE0258CBD70EFA83D33852DBD6C95CB3DF78D2E3DAE7F743CB6F965BA56D9BEBC7342723CC973DCBC0D1359BAAF5D763CD6CABCBDFF017DBD4FE5C23DCBDFC3BD0DA60ABC04C3EE3D2E602E3DF0AC5A3B092AD1BDC1206F3D5BEAABBDC60609BDB9F521BD0EF88EBCAAF6A83A2713C73D440C713C022FD83D73A4933D329798BD4880583DA69DAABD8F964CBD78FA0D3DC6631F3D0A13B53D08651BBDEED34539C483783DA06AE9BD7A7FAE3DD495C7BDE8E5D43AF023A4BC113C7EBD9A347F3C9995C73DA41B0DBD224B8FBD288732BD0239EFBD66E5593D01D567BD9411A1BD1E0C8BBD59C58A3D87A27F3D973FB93DD3172F3D5C3521BD0CE506BD039C0E3DD467C63D503F033D596564BD39EA62BD9432E4BDA394D03C4F7287BDA130D7BD63A4D33DC7BD9CBDBAA85BBCB04B0A3DB90E763BF967A2BD8718C3BD1362C03DDE359D3CC93CC83DA6D321BDF12F0E3DB8C5DCBC7BBCABBB95FF92BD7941233D7A9E183D19531FBBF520D9BCEDC794BD1FE9A63D6DACB3BDC4C0453DD25022BD67E568BD976FAD3C59C07ABDF670DE3CDE97BD3CE434B3BD67BEA03C929A4D3D28133F3D460E73BCFCDCC5BD72D394BCD9A6273D012230BD103B373D74BCA03D560D7CBDE255983A7F9A473D7156173CE949213C6819713C71BEBDBD71BE173C4822A73DF57DD93DEADB8D3D165F813CAF6F613D25D56ABDF102C8BDBF8CCFBD3EC8F03D5236993DE8D5A6BD25DC3C3D3F44B63D2344F13D0E0BD33D70FEBA3DD255DDBCEB6729BDEA2AC63DB340873DAE3E91BD6AFCD83DBE3A693DCC92833D374797BDE47D0A3D0F3929BD6896BC3DA0B8ADBCA1ED3B3D8C7BAB3C9A614D3D7C0A24BD0E5C6B3D1495A8BD740CDA3C374DA3BD1E1CEEBD28D3C1BDBA8BBE3D7A95823D6972E23DA05BC13D6E8BD7BD02B6A4BD6BFF9BBC14BF9CBD5399A73D2978B6BDD8846BBDCA2CE9BDD30789BD2F83C63D7E9DC53D22C6AC3D265CBA3DFF9CD63D6936F7BCA465543DC008D73D37B11F3DF047F13D395E7A3D5D0A963D96F228BD1A9F673DB5DE5D3C1E90E6BC780E88BD3C6E87BDA1B8B9BD1D08A23DF896AB3D01C25BBCD0AB8BBD3B8CBA3DB3589A3D91870F3C88E863BD11D2DD3D3367453D063AB7BD2C00E73D2348B73D46F22FBD5EAE873D3A2389BD374C97BC35F0CC3D61909F3B8DB1AABD205721BD120803BDAF42BABC26C9383C4F37DF3D5CC2CE3B570695BD54EEC53B0B75673D9A726F3D5F96DCBDEFC1ACBC5D5DB3BD0AF84DBD91EB2D3D7B65ABBD7870333D3FDCCC3D1A49FD3BE6DCA0BD60F32CBD12D1D23C0EFEB7BDC4D16F3D631FDBBD5404E8BDE784EABD06DAC3BC3D4CA23DFB70E4BD569DC83D2C1941BD68610D3D5C1BB03B5CA3D9BD872AC83D4FF5813DF0E8EF3D09E0733D4D509FBD356FC93D1F8CCF3BB6E9643D5D87C1BDB2D70ABD30FCECBDE0033CBD5446D03C8581BDBD90DF193D2F90813D887E863C477DA1BD6721BBBD36ED14BDA3E4533D6613EE3DDBC98A3D276F59BCBC3F293DD9C9ECBD2825CEBD7B3D613DA0B588BDD13B683D1762AABD79186FBD0ACEC6BDEAE67B3D19BF44BC10C0B93DD55E953DE58D853D825B783BF03E15BD9DEAD1BC9D4E803CBC496F3D0018A9BD3F91CA3DA8F151BCED3ECABDD89682BD0F8FD53DBFBADC3DE890DFBDED3AAA3D2FEB713D6BDD8E3D4B51CC3DA01482BD436E183D598B453DD9A30EBD0D8B213D6FE20ABD1739953DB2EE05BD8DF433BD360CF33C93372B3DAAD76BBD9BAF2A3C51E08B3D931D40BC54E8123DC8D9E8BC4C31293DD2D6AEBD15ED8DBDF10575BDC8CFDD3D4DE401BD32B4A8B9F4DF69BD48F2F03D6EBAEB3DA207B6BD9EA9C3BDD2F2B6BD48FE14BAF217F6BC06FB9DBD39232DBD9866B63C3F377CBD82ECD53CD163DDBC56E869BD10A3843CA375C63D8B2DA3BD5F51B33BCB0232BDE4D8EC3D1FFEE4BDB261E7BDE6D4ED3D9BB498BDC218B93C67A526BC3E60CBBCCBA0D7BC905E993D6994B83BA2FDEABD227D8EBD0D8F24BD67E9723D0E319CBD0E95E33DF007D7BC0E5BADBC6E1EBD3D2F9E723D9AB3CC3DE29C8B3D396F12BD9722A0BDAFA90FBC04C2C73D820222BD46D4DFBD43E1453DC9F4EA3DFA6B09BDDDD9C7BD58EDDABD13F0F13C843412BC3CC473BD3E25C33C0751373D1DF5BF3D0D63BB3D978290BC92D2D4BD0119DABDC05AE13D5C63553DA16B523D38D4D0BD9980DF3D60A6E43DDFE9D93D609BCBBD112436BD81FFA5BD0C8FE43D146A4FBD1F635CBDFEE67C3D414D5FBDD9BF6DBD75E528BC379839BC7803BCBDA136C93DFFEF54BD333A2B3D22EED13D5871733DB6AF883CB25CCD3DADC7813C31555FBD5B53E43DFF7FE43C4D7DEBBD026D09BDEE67A4BDC19CD33D17709FBC3D01DCBD25C3F2BB9E93973D21D2FA3C3DA3183D8D53333C65F7333D033BEBBC810640BDB599E1BD21D3B5BD1836513D76E98EBDFD818A3C5C141A3D9BB6083C317C9CBD8ED1E63DA6598CBD9D84C63DD000C0BDFA3BE8BCB54A833DB63A45BD85C0CA3DC417A6BDBFAFCABDBAAA59BD2E109C3C9A3BDE3D3B7366BD38A22C3DAD0AF2BCE65DD1BCE178B13DC70CBBBD9E154D3CF1F9E23DA9A984BC8266BB3D08A814BDF348C23D5879E9BD6A248BBC5293A9BC16711C3D34623D3DD251B93D25D68FBC4C2399BB1249A53D4F9C02BD6295D33D28B3A0BD81F050BC016BCFBBC764573DEF02A53D7B0699BC1BF6C7BDE12E6F3D7765103D57E8413DFAE294BD71569B3DC09AE43D648B273CEC70E1BD816EA93DBEF4B2BD4AEDDD3C8B4B8C3C05EE61BD9114283D25E1D7BD27E3DB3C850299BDDACA50BCB05D783CE39FCD3D8D5066BD949F9A3D434975BC9D4165BDE92CD2BD9173DDBDC1B6EB3D88C7F0BCBEE3C03BF1DE023D400FA43D67FECD3D13BFC33DA3D1B2BDDDAD9ABC3FD28EBDA5E689BD2302E53C1F8DE23D8F5AC1BD",
      torch_tensor_8_2_3_3_torch.float32: "0x040000002E4CE7BABE79013E42A646BE27A031BEC9EBB9BDC771813DE50699BB015F3F3E7D5AABBC74777F3D3EE291BD7AC53DBD029566BE0BD91FBED4FCC6BD880D0F3CE4D5BE3D2BD2103E94A023BEB234D2BDDF54AF3DF56B483EDFAF46BDA39C343EBF9C1BBD4750CC3C818B5A3ED6E65FBED9F117BE3B6A74BDDE29BCBDD388503EAE711CBE0936DEBD8D9F28BE2B0C62BE1EE40CBEC9784F3ED265D73DD5F5E93D62184B3C4F7BF7BD4A56233D115B61BEE0652EBE11DBF8BD5A48183E94830D3E4915D6BD4C570BBC225D1A3E6EF16F3E0F95BF3D6F6C023DF7D3213EE11C0EBE40E7333D86203BBE5C4827BE435DF9BDC06ADA3D5221C23D3DF80EBE25D5913DD97F043EAEB5F3BC8A72133C39B25F3DCABB153E69C0673E3DFF39BED1E6B0BD8AB6BD3D5BFA473E5008523E00F7543ECA22403DB7E151BE36A0B13CDDFE16BE85EF60BE1D72563E0F85373E31C370BEE6B3343D2FA322BD93DF1EBDB4F7DCBDDDA1B93D36F50EBED8F5B03D511DF43D3AC82C3E657EB43DB2E16EBEA4911CBE4907F13D31114A3DC7473CBEB2FA0ABEF40E633ED0A1223E2F7AD2BD55FC72BD11EB65BEB7D28ABBF4C135BE892C3ABEDAC754BC9CF4103D0FB0C5BD93370F3E60E012BE86005B3E4367253EB6884BBE314870BD8A402E3CB5DB0C3D08FA643DAA6EBD3DB851673C3888EBBDBE6AE43D028667BE1F0E0FBE75AD71BD7523EBBDF6DEA8BDBBD245BEEB5C4DBD475E4E3DB93C1DBEAD2E46BCF2C62C3E857EC6BC27A7D63B0493A6BCE862433D3577193E63A0643ECB46193E4D26653ED8A48BBC",
      torch_tensor_8_torch.float32: "0x040000006ED158BE81D8E4BDBA57243E0345C8BAEFEEEFBDD2F438BE5DE061BE86B54BBE"
    }
  }
#-}
