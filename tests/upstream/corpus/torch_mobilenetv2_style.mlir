// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of tests/upstream/export_torch.py:torch_mobilenetv2_style (torch.manual_seed(0), eval mode, input 1x3x32x32)
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<1x3x32x32xf32>) -> tensor<1x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense_resource<torch_tensor_10_torch.float32> : tensor<10xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_10_16_torch.float32> : tensor<10x16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_72_1_1_torch.float32> : tensor<16x72x1x1xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_72_torch.float32_15> : tensor<72xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_72_torch.float32_14> : tensor<72xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_72_torch.float32_13> : tensor<72xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_72_torch.float32_12> : tensor<72xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_72_1_3_3_torch.float32_1> : tensor<72x1x3x3xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_72_torch.float32_11> : tensor<72xf32>
    %cst_16 = arith.constant dense_resource<torch_tensor_72_torch.float32_10> : tensor<72xf32>
    %cst_17 = arith.constant dense_resource<torch_tensor_72_torch.float32_9> : tensor<72xf32>
    %cst_18 = arith.constant dense_resource<torch_tensor_72_torch.float32_8> : tensor<72xf32>
    %cst_19 = arith.constant dense_resource<torch_tensor_72_12_1_1_torch.float32_1> : tensor<72x12x1x1xf32>
    %cst_20 = arith.constant dense_resource<torch_tensor_12_torch.float32_7> : tensor<12xf32>
    %cst_21 = arith.constant dense_resource<torch_tensor_12_torch.float32_6> : tensor<12xf32>
    %cst_22 = arith.constant dense_resource<torch_tensor_12_torch.float32_5> : tensor<12xf32>
    %cst_23 = arith.constant dense_resource<torch_tensor_12_torch.float32_4> : tensor<12xf32>
    %cst_24 = arith.constant dense_resource<torch_tensor_12_72_1_1_torch.float32> : tensor<12x72x1x1xf32>
    %cst_25 = arith.constant dense_resource<torch_tensor_72_torch.float32_7> : tensor<72xf32>
    %cst_26 = arith.constant dense_resource<torch_tensor_72_torch.float32_6> : tensor<72xf32>
    %cst_27 = arith.constant dense_resource<torch_tensor_72_torch.float32_5> : tensor<72xf32>
    %cst_28 = arith.constant dense_resource<torch_tensor_72_torch.float32_4> : tensor<72xf32>
    %cst_29 = arith.constant dense_resource<torch_tensor_72_1_3_3_torch.float32> : tensor<72x1x3x3xf32>
    %cst_30 = arith.constant dense_resource<torch_tensor_72_torch.float32_3> : tensor<72xf32>
    %cst_31 = arith.constant dense_resource<torch_tensor_72_torch.float32_2> : tensor<72xf32>
    %cst_32 = arith.constant dense_resource<torch_tensor_72_torch.float32_1> : tensor<72xf32>
    %cst_33 = arith.constant dense_resource<torch_tensor_72_torch.float32> : tensor<72xf32>
    %cst_34 = arith.constant dense_resource<torch_tensor_72_12_1_1_torch.float32> : tensor<72x12x1x1xf32>
    %cst_35 = arith.constant dense_resource<torch_tensor_12_torch.float32_3> : tensor<12xf32>
    %cst_36 = arith.constant dense_resource<torch_tensor_12_torch.float32_2> : tensor<12xf32>
    %cst_37 = arith.constant dense_resource<torch_tensor_12_torch.float32_1> : tensor<12xf32>
    %cst_38 = arith.constant dense_resource<torch_tensor_12_torch.float32> : tensor<12xf32>
    %cst_39 = arith.constant dense_resource<torch_tensor_12_48_1_1_torch.float32> : tensor<12x48x1x1xf32>
    %cst_40 = arith.constant dense_resource<torch_tensor_48_torch.float32_7> : tensor<48xf32>
    %cst_41 = arith.constant dense_resource<torch_tensor_48_torch.float32_6> : tensor<48xf32>
    %cst_42 = arith.constant dense_resource<torch_tensor_48_torch.float32_5> : tensor<48xf32>
    %cst_43 = arith.constant dense_resource<torch_tensor_48_torch.float32_4> : tensor<48xf32>
    %cst_44 = arith.constant dense_resource<torch_tensor_48_1_3_3_torch.float32> : tensor<48x1x3x3xf32>
    %cst_45 = arith.constant dense_resource<torch_tensor_48_torch.float32_3> : tensor<48xf32>
    %cst_46 = arith.constant dense_resource<torch_tensor_48_torch.float32_2> : tensor<48xf32>
    %cst_47 = arith.constant dense_resource<torch_tensor_48_torch.float32_1> : tensor<48xf32>
    %cst_48 = arith.constant dense_resource<torch_tensor_48_torch.float32> : tensor<48xf32>
    %cst_49 = arith.constant dense_resource<torch_tensor_48_8_1_1_torch.float32> : tensor<48x8x1x1xf32>
    %cst_50 = arith.constant dense_resource<torch_tensor_8_torch.float32_15> : tensor<8xf32>
    %cst_51 = arith.constant dense_resource<torch_tensor_8_torch.float32_14> : tensor<8xf32>
    %cst_52 = arith.constant dense_resource<torch_tensor_8_torch.float32_13> : tensor<8xf32>
    %cst_53 = arith.constant dense_resource<torch_tensor_8_torch.float32_12> : tensor<8xf32>
    %cst_54 = arith.constant dense_resource<torch_tensor_8_8_1_1_torch.float32_1> : tensor<8x8x1x1xf32>
    %cst_55 = arith.constant dense_resource<torch_tensor_8_torch.float32_11> : tensor<8xf32>
    %cst_56 = arith.constant dense_resource<torch_tensor_8_torch.float32_10> : tensor<8xf32>
    %cst_57 = arith.constant dense_resource<torch_tensor_8_torch.float32_9> : tensor<8xf32>
    %cst_58 = arith.constant dense_resource<torch_tensor_8_torch.float32_8> : tensor<8xf32>
    %cst_59 = arith.constant dense_resource<torch_tensor_8_1_3_3_torch.float32> : tensor<8x1x3x3xf32>
    %cst_60 = arith.constant dense_resource<torch_tensor_8_torch.float32_7> : tensor<8xf32>
    %cst_61 = arith.constant dense_resource<torch_tensor_8_torch.float32_6> : tensor<8xf32>
    %cst_62 = arith.constant dense_resource<torch_tensor_8_torch.float32_5> : tensor<8xf32>
    %cst_63 = arith.constant dense_resource<torch_tensor_8_torch.float32_4> : tensor<8xf32>
    %cst_64 = arith.constant dense_resource<torch_tensor_8_8_1_1_torch.float32> : tensor<8x8x1x1xf32>
    %cst_65 = arith.constant dense_resource<torch_tensor_8_torch.float32_3> : tensor<8xf32>
    %cst_66 = arith.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_67 = arith.constant 1.000000e-05 : f64
    %cst_68 = arith.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_69 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_70 = arith.constant dense_resource<torch_tensor_8_3_3_3_torch.float32> : tensor<8x3x3x3xf32>
    %cst_71 = arith.constant 1.600000e+01 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x3x32x32xf32> to tensor<1x3x34x34xf32>
    %0 = tensor.empty() : tensor<1x8x16x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_70 : tensor<1x3x34x34xf32>, tensor<8x3x3x3xf32>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %3 = tensor.empty() : tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_68 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %cst_69 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_72 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_72 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_73 = tensor.expand_shape %cst_66 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_73 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_74 = tensor.expand_shape %cst_65 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_74 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %cst_2 : tensor<1x8x16x16xf32>, tensor<f32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %11 : tensor<f32>, tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %13 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%12, %cst_64 : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_62 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%14 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<8xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%15 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %expanded_75 = tensor.expand_shape %cst_63 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_76 = tensor.expand_shape %16 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_75 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_76 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_77 = tensor.expand_shape %cst_61 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_77 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_78 = tensor.expand_shape %cst_60 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_78 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %cst_2 : tensor<1x8x16x16xf32>, tensor<f32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %22 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %21 : tensor<f32>, tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %padded_79 = tensor.pad %22 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x8x16x16xf32> to tensor<1x8x18x18xf32>
    %collapsed = tensor.collapse_shape %cst_59 [[0, 1], [2], [3]] : tensor<8x1x3x3xf32> into tensor<8x3x3xf32>
    %23 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_79, %collapsed : tensor<1x8x18x18xf32>, tensor<8x3x3xf32>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_57 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%24 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%25 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %expanded_80 = tensor.expand_shape %cst_58 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_81 = tensor.expand_shape %26 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_80 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_81 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_82 = tensor.expand_shape %cst_56 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_82 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_83 = tensor.expand_shape %cst_55 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_83 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %cst_2 : tensor<1x8x16x16xf32>, tensor<f32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %31 : tensor<f32>, tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x8x16x16xf32>
    %33 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%32, %cst_54 : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_52 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%34 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<8xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%35 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<8xf32>
    %expanded_84 = tensor.expand_shape %cst_53 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_85 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_84 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_85 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_86 = tensor.expand_shape %cst_51 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_86 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_87 = tensor.expand_shape %cst_50 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_87 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %40 : tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x8x16x16xf32>
    %42 = tensor.empty() : tensor<1x48x16x16xf32>
    %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<1x48x16x16xf32>) -> tensor<1x48x16x16xf32>
    %44 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%41, %cst_49 : tensor<1x8x16x16xf32>, tensor<48x8x1x1xf32>) outs(%43 : tensor<1x48x16x16xf32>) -> tensor<1x48x16x16xf32>
    %45 = tensor.empty() : tensor<48xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_47 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<48xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%46 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<48xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%47 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<48xf32>
    %expanded_88 = tensor.expand_shape %cst_48 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %expanded_89 = tensor.expand_shape %48 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_88 : tensor<1x48x16x16xf32>, tensor<48x1x1xf32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x16x16xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49, %expanded_89 : tensor<1x48x16x16xf32>, tensor<48x1x1xf32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x16x16xf32>
    %expanded_90 = tensor.expand_shape %cst_46 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_90 : tensor<1x48x16x16xf32>, tensor<48x1x1xf32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x16x16xf32>
    %expanded_91 = tensor.expand_shape %cst_45 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_91 : tensor<1x48x16x16xf32>, tensor<48x1x1xf32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x16x16xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %cst_2 : tensor<1x48x16x16xf32>, tensor<f32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x48x16x16xf32>
    %54 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %53 : tensor<f32>, tensor<1x48x16x16xf32>) outs(%42 : tensor<1x48x16x16xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x48x16x16xf32>
    %padded_92 = tensor.pad %54 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x48x16x16xf32> to tensor<1x48x18x18xf32>
    %55 = tensor.empty() : tensor<1x48x8x8xf32>
    %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<1x48x8x8xf32>) -> tensor<1x48x8x8xf32>
    %collapsed_93 = tensor.collapse_shape %cst_44 [[0, 1], [2], [3]] : tensor<48x1x3x3xf32> into tensor<48x3x3xf32>
    %57 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_92, %collapsed_93 : tensor<1x48x18x18xf32>, tensor<48x3x3xf32>) outs(%56 : tensor<1x48x8x8xf32>) -> tensor<1x48x8x8xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_42 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<48xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%58 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<48xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%59 : tensor<48xf32>) outs(%45 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<48xf32>
    %expanded_94 = tensor.expand_shape %cst_43 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %expanded_95 = tensor.expand_shape %60 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %expanded_94 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x8x8xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_95 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x8x8xf32>
    %expanded_96 = tensor.expand_shape %cst_41 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_96 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x8x8xf32>
    %expanded_97 = tensor.expand_shape %cst_40 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_97 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x48x8x8xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64, %cst_2 : tensor<1x48x8x8xf32>, tensor<f32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x48x8x8xf32>
    %66 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %65 : tensor<f32>, tensor<1x48x8x8xf32>) outs(%55 : tensor<1x48x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x48x8x8xf32>
    %67 = tensor.empty() : tensor<1x12x8x8xf32>
    %68 = linalg.fill ins(%cst : f32) outs(%67 : tensor<1x12x8x8xf32>) -> tensor<1x12x8x8xf32>
    %69 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%66, %cst_39 : tensor<1x48x8x8xf32>, tensor<12x48x1x1xf32>) outs(%68 : tensor<1x12x8x8xf32>) -> tensor<1x12x8x8xf32>
    %70 = tensor.empty() : tensor<12xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_37 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<12xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%71 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<12xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%72 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<12xf32>
    %expanded_98 = tensor.expand_shape %cst_38 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %expanded_99 = tensor.expand_shape %73 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %expanded_98 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74, %expanded_99 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %expanded_100 = tensor.expand_shape %cst_36 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75, %expanded_100 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %expanded_101 = tensor.expand_shape %cst_35 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %expanded_101 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %78 = tensor.empty() : tensor<1x72x8x8xf32>
    %79 = linalg.fill ins(%cst : f32) outs(%78 : tensor<1x72x8x8xf32>) -> tensor<1x72x8x8xf32>
    %80 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%77, %cst_34 : tensor<1x12x8x8xf32>, tensor<72x12x1x1xf32>) outs(%79 : tensor<1x72x8x8xf32>) -> tensor<1x72x8x8xf32>
    %81 = tensor.empty() : tensor<72xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_32 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%82 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<72xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%83 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %expanded_102 = tensor.expand_shape %cst_33 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %expanded_103 = tensor.expand_shape %84 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %expanded_102 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85, %expanded_103 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_104 = tensor.expand_shape %cst_31 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%86, %expanded_104 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_105 = tensor.expand_shape %cst_30 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%87, %expanded_105 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88, %cst_2 : tensor<1x72x8x8xf32>, tensor<f32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %90 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %89 : tensor<f32>, tensor<1x72x8x8xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %padded_106 = tensor.pad %90 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x72x8x8xf32> to tensor<1x72x10x10xf32>
    %collapsed_107 = tensor.collapse_shape %cst_29 [[0, 1], [2], [3]] : tensor<72x1x3x3xf32> into tensor<72x3x3xf32>
    %91 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_106, %collapsed_107 : tensor<1x72x10x10xf32>, tensor<72x3x3xf32>) outs(%79 : tensor<1x72x8x8xf32>) -> tensor<1x72x8x8xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_27 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%92 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<72xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%93 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %expanded_108 = tensor.expand_shape %cst_28 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %expanded_109 = tensor.expand_shape %94 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%91, %expanded_108 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%95, %expanded_109 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_110 = tensor.expand_shape %cst_26 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%96, %expanded_110 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_111 = tensor.expand_shape %cst_25 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97, %expanded_111 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98, %cst_2 : tensor<1x72x8x8xf32>, tensor<f32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %100 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %99 : tensor<f32>, tensor<1x72x8x8xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %101 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%100, %cst_24 : tensor<1x72x8x8xf32>, tensor<12x72x1x1xf32>) outs(%68 : tensor<1x12x8x8xf32>) -> tensor<1x12x8x8xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_22 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<12xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%102 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<12xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%103 : tensor<12xf32>) outs(%70 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<12xf32>
    %expanded_112 = tensor.expand_shape %cst_23 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %expanded_113 = tensor.expand_shape %104 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%101, %expanded_112 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %106 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%105, %expanded_113 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %expanded_114 = tensor.expand_shape %cst_21 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%106, %expanded_114 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %expanded_115 = tensor.expand_shape %cst_20 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%107, %expanded_115 : tensor<1x12x8x8xf32>, tensor<12x1x1xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%77, %108 : tensor<1x12x8x8xf32>, tensor<1x12x8x8xf32>) outs(%67 : tensor<1x12x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x12x8x8xf32>
    %110 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%109, %cst_19 : tensor<1x12x8x8xf32>, tensor<72x12x1x1xf32>) outs(%79 : tensor<1x72x8x8xf32>) -> tensor<1x72x8x8xf32>
    %111 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_17 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %112 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%111 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<72xf32>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%112 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %expanded_116 = tensor.expand_shape %cst_18 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %expanded_117 = tensor.expand_shape %113 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110, %expanded_116 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114, %expanded_117 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_118 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%115, %expanded_118 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %expanded_119 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116, %expanded_119 : tensor<1x72x8x8xf32>, tensor<72x1x1xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x8x8xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %cst_2 : tensor<1x72x8x8xf32>, tensor<f32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %119 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %118 : tensor<f32>, tensor<1x72x8x8xf32>) outs(%78 : tensor<1x72x8x8xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x8x8xf32>
    %padded_120 = tensor.pad %119 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x72x8x8xf32> to tensor<1x72x10x10xf32>
    %120 = tensor.empty() : tensor<1x72x4x4xf32>
    %121 = linalg.fill ins(%cst : f32) outs(%120 : tensor<1x72x4x4xf32>) -> tensor<1x72x4x4xf32>
    %collapsed_121 = tensor.collapse_shape %cst_14 [[0, 1], [2], [3]] : tensor<72x1x3x3xf32> into tensor<72x3x3xf32>
    %122 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_120, %collapsed_121 : tensor<1x72x10x10xf32>, tensor<72x3x3xf32>) outs(%121 : tensor<1x72x4x4xf32>) -> tensor<1x72x4x4xf32>
    %123 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_12 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %124 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%123 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<72xf32>
    %125 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%124 : tensor<72xf32>) outs(%81 : tensor<72xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<72xf32>
    %expanded_122 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %expanded_123 = tensor.expand_shape %125 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %126 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%122, %expanded_122 : tensor<1x72x4x4xf32>, tensor<72x1x1xf32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x4x4xf32>
    %127 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%126, %expanded_123 : tensor<1x72x4x4xf32>, tensor<72x1x1xf32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x4x4xf32>
    %expanded_124 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %128 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%127, %expanded_124 : tensor<1x72x4x4xf32>, tensor<72x1x1xf32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x4x4xf32>
    %expanded_125 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [72, 1, 1] : tensor<72xf32> into tensor<72x1x1xf32>
    %129 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128, %expanded_125 : tensor<1x72x4x4xf32>, tensor<72x1x1xf32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x72x4x4xf32>
    %130 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129, %cst_2 : tensor<1x72x4x4xf32>, tensor<f32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf ogt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x4x4xf32>
    %131 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %130 : tensor<f32>, tensor<1x72x4x4xf32>) outs(%120 : tensor<1x72x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.cmpf olt, %in, %in_130 : f32
      %153 = arith.select %152, %in, %in_130 : f32
      linalg.yield %153 : f32
    } -> tensor<1x72x4x4xf32>
    %132 = tensor.empty() : tensor<1x16x4x4xf32>
    %133 = linalg.fill ins(%cst : f32) outs(%132 : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
    %134 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%131, %cst_9 : tensor<1x72x4x4xf32>, tensor<16x72x1x1xf32>) outs(%133 : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
    %135 = tensor.empty() : tensor<16xf32>
    %136 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_7 : tensor<16xf32>) outs(%135 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.truncf %cst_67 : f64 to f32
      %153 = arith.addf %in, %152 : f32
      linalg.yield %153 : f32
    } -> tensor<16xf32>
    %137 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%136 : tensor<16xf32>) outs(%135 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = math.sqrt %in : f32
      linalg.yield %152 : f32
    } -> tensor<16xf32>
    %138 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%137 : tensor<16xf32>) outs(%135 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.cmpf one, %in, %cst : f32
      cf.assert %152, "unimplemented: tensor with zero element"
      %153 = arith.divf %cst_0, %in : f32
      linalg.yield %153 : f32
    } -> tensor<16xf32>
    %expanded_126 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_127 = tensor.expand_shape %138 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %139 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%134, %expanded_126 : tensor<1x16x4x4xf32>, tensor<16x1x1xf32>) outs(%132 : tensor<1x16x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.subf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x16x4x4xf32>
    %140 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%139, %expanded_127 : tensor<1x16x4x4xf32>, tensor<16x1x1xf32>) outs(%132 : tensor<1x16x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x16x4x4xf32>
    %expanded_128 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %141 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%140, %expanded_128 : tensor<1x16x4x4xf32>, tensor<16x1x1xf32>) outs(%132 : tensor<1x16x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.mulf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x16x4x4xf32>
    %expanded_129 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %142 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%141, %expanded_129 : tensor<1x16x4x4xf32>, tensor<16x1x1xf32>) outs(%132 : tensor<1x16x4x4xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x16x4x4xf32>
    %143 = tensor.empty() : tensor<1x16xf32>
    %144 = linalg.fill ins(%cst : f32) outs(%143 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%142 : tensor<1x16x4x4xf32>) outs(%144 : tensor<1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.addf %in, %out : f32
      linalg.yield %152 : f32
    } -> tensor<1x16xf32>
    %146 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%145 : tensor<1x16xf32>) outs(%143 : tensor<1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %152 = arith.divf %in, %cst_71 : f32
      linalg.yield %152 : f32
    } -> tensor<1x16xf32>
    %147 = tensor.empty() : tensor<16x10xf32>
    %transposed = linalg.transpose ins(%cst_4 : tensor<10x16xf32>) outs(%147 : tensor<16x10xf32>) permutation = [1, 0] 
    %148 = tensor.empty() : tensor<1x10xf32>
    %149 = linalg.fill ins(%cst : f32) outs(%148 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %150 = linalg.matmul ins(%146, %transposed : tensor<1x16xf32>, tensor<16x10xf32>) outs(%149 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %151 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%150, %cst_3 : tensor<1x10xf32>, tensor<10xf32>) outs(%148 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %in_130: f32, %out: f32):
      %152 = arith.addf %in, %in_130 : f32
      linalg.yield %152 : f32
    } -> tensor<1x10xf32>
    return %151 : tensor<1x10xf32>
  }
  func.func @main() {
    %empty = tensor.empty() : tensor<1x3x32x32xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%empty : tensor<1x3x32x32xf32>) {
    ^bb0(%out: f32):
      %lin0 = linalg.index 0 : index
      %i1 = linalg.index 1 : index
      %n1 = arith.constant 3 : index
      %m1 = arith.muli %lin0, %n1 : index
      %lin1 = arith.addi %m1, %i1 : index
      %i2 = linalg.index 2 : index
      %n2 = arith.constant 32 : index
      %m2 = arith.muli %lin1, %n2 : index
      %lin2 = arith.addi %m2, %i2 : index
      %i3 = linalg.index 3 : index
      %n3 = arith.constant 32 : index
      %m3 = arith.muli %lin2, %n3 : index
      %lin3 = arith.addi %m3, %i3 : index
      %li = arith.index_cast %lin3 : index to i64
      %c37 = arith.constant 37 : i64
      %c11 = arith.constant 11 : i64
      %c101 = arith.constant 101 : i64
      %c50 = arith.constant 50 : i64
      %a = arith.muli %li, %c37 : i64
      %b = arith.addi %a, %c11 : i64
      %r = arith.remsi %b, %c101 : i64
      %s = arith.subi %r, %c50 : i64
      %f = arith.sitofp %s : i64 to f32
      %f50 = arith.constant 5.000000e+01 : f32
      %v = arith.divf %f, %f50 : f32
      linalg.yield %v : f32
    } -> tensor<1x3x32x32xf32>
    %y = call @forward(%x) : (tensor<1x3x32x32xf32>) -> tensor<1x10xf32>
    %u = tensor.cast %y : tensor<1x10xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.float32: "0x04000000008E203ADC0898BDF492313E0C16743ED08DF73C76A455BE900ED63D18EB2ABD329F3CBE98705C3D",
      torch_tensor_10_16_torch.float32: "0x04000000B404923D3271243EFAE828BE806C37BE2804DFBD64AA3CBE809E5C3CE42142BE20E53CBCD0210CBDE23D46BEEC27E7BDD8CCDF3D00C892BD32F261BE8E45503E0CA19FBD10D5F63C40DE4D3EE8F0FE3DC6EB4EBE3E1F623EC4B88EBD2C9B823DACEFE33D7CB6B23D24FA2E3E540EE7BDCC403E3EACBB223E728560BE30E4BEBDC63B5D3E84023EBEDAA367BE8A1A1E3EC46AB43D008CE03CD6234C3E20B0493C649E793E96E229BE88035CBE30AE5EBD9CDF783E18E15ABEE43AD33D481A833D5CCDD8BDF4F151BE9063D63DAC02C03DC043D6BB804ECA3D96FE0B3E524E34BE0A4B5DBE40472ABD705E13BDE0A9C4BDD4C1863D5A7344BE04C2783E70104EBDC8FF0EBED09E23BD10B64ABEA4845DBEAC2C943D7C828CBD18A10ABE3420EC3D5AFA473E10A2E53CD823FFBDE64E0B3EA452B0BD0C02EDBD98A547BD68D478BDDC23773E10C737BD807F66BE549AA2BD1CD3BB3D0C65DD3D04BB2BBE245534BE00AE91BDF0F5823CF0AC52BE0CB5EB3DA82F40BD2EEB143E5098983DF86723BDA0D3B8BCB8639D3D080805BEF0BA84BDA852EA3D3A7D64BE20DC4BBD7827553DD40504BE7862F23D98A0FD3DA87514BD3083A4BD88CDF73DE0BE663C7AF245BEE28A133ED4037C3E80195B3EF4370DBE42AC6D3E0860D5BDC6FD41BEAA52373EE48734BE684E6B3EACE47A3E4A0F2CBE8689293E784443BD042085BDF05A1B3D9C61C13DA43C2EBEAE0A7B3E3060333E2AE613BE34C6F13D00CD353D40B00C3E80C3BEBBD835AD3DC4178F3D323E6F3E485A103DCAAA503E606B293D44EAA43D9016E4BCD06DDEBC0A6840BEF212763EBA810ABE44FD053EA0426C3D8A03263ED84972BEA00FBFBCF05875BE008249BEF4CCB43DA0E871BDB2FC2A3ECCFA3E3E",
      torch_tensor_16_torch.float32_3: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_1: "0x04000000F60A0D3F4A2F7C3F54FC643FAEFDA33F485E643F0894093FD141763FE863B23F7C45363F62EFB53FF09FA33FDD64713FBB077C3F6801B53FDC08813FBAAE883F",
      torch_tensor_16_torch.float32: "0x0400000073D90F3E07E9A43D3B091ABE20E7123E37648FBD6BC009BEBA41B33D13EA1A3D8A03CEBD3D72C0BDF50D333E62C04CBE9A4EEA3C0067843BC88323BE170CB23D",
      torch_tensor_16_72_1_1_torch.float32: "0x04000000DD57943D4B6C593DE6DF833C8373AF3D9EFF42BD5A50C9BD946B85BD029BB33D5F4171BDBD73C0BD7277D33C78ED95BDA375A3BBDA3199BDD6FBCB3CA99B9DBC3AC37E3C79215F3DF3689BBDC89424BD85F1A0BDDAFCC83D0FD62CBD70CA353DBECFDE3CD21EEEBD5358ABBDFD1DF8BC3607B9BD21F67F3DD4B7973D8EB362B9DE6D6C3CA26AFE3CEF8C203D1ABCBABCD9F03DBD113D95BDD0C5993BB1DABE3DA10270BC70ADCF3D37D9283D0F6078BDA27F3B3DC55A413D69D656BD0B39A9BCE48648BCD9662A3DFC54BC3D2054D4BCCDF29C3DBC23823D0822D1BDEC71B03D38699CBB4A4BBA3DC200BC3DFBB7E9BD9101C9BDABCA5BBCCE1D1B3D3BA699BC325CE8BDB749833DFA038ABD87245B3DD47AAA3DBCD022BD825B913DC361803C178B17BDA483FA3BBB962D3D1F18773D657F8ABD6667B43DA24E64BDBFE9CFBD14AD50BD41AED5BD5029073DBDFC013CB70DBCBB8459A3BD4A787E3DDA1B9E3C164DF2BC800CAB3CF53F2A3DDE0191BD5E080BBD29365BBDF89ED53D71B8EE3C9726B6BD8874AA3D5E4C99BC9EE5043C29D4793C708261BC1F7EE43D5E19513DFFDBCF3C317F2FBD3D34DE3C70BCAFBD16E526BD84C2743DDB8BEDBDD74E42BBA2E931BD2D9E763D6AC396BD841AA73C162A0BBD667CCA3DAF0E90BCD340B0BDD5F715BDF625AA3D9ED0383DF4B4CE3CD980963DDE683A3D739077BC7FAA7FBD72F8E6BDA824683DCD39BC3DEB7E38BD62F658BDC274A63CAC6632BCDB51B93DFAB305BB99A368BB7A63E0BDCC55133DC4B5D639B3C2E33CF38F933DFD5B4D3DD0606B39A7C414BCAFD073BDB3F4D93DDBE4C83D295CFAB9A213F13D85F1D33D5BC28A3D3423783D9D1B3F3DF55AA9BCC4E13F3C805BC43DD9ABA2BC8CA6163D69C91BBD166F9E3C8B2D8C3DE51B963D0F346C3D0FB2653DCCC3E7BC84C7DB3D0394A93D397DE43DE425C3BD16BE5ABDBF69C8BDA60B2B3CBD6BB83D24F6A4BDCDAAFC3C558B1ABBC3B7E0BD75A597BB07B562BCC91F6ABD879F96BD6AB08E3DB82546BCFF57BFBCFE3406BDDAE176BC3A2505BDEC9790BDDFF44D3D595BE4BA4CD6D7BDA96672BD49F7C4BC081E38BDB2BFE33C34CCE13D0D32AEBD99AAE2BA00B7D13DB3B08CBDF160BCBDBDC0003D23FAB3BA0C12CABAAFA2973D2B85CEBDB06590BDA083A73D3D72A9BD759D81BC8A1C603DFDCE83BD3A2ABBBD542290BD599CB3BD4AD4CEBD67389EBC8D0AE0BD53CD92BD587F0E3C23C0E03D49FDED3DC1BEC93DE0C2553C0448963DD4EB16BD8C2D9BBDB340723D7A6E3E3D4EE9293D22A0603D8399F2BC4F8DB13DCA89833D010852BD5361B13D56F62D3D96A0833BAF09E83A6F73CF3D4BEE7A3BB9C2293D9222B03D6ABCD03BD1A6DA3D35DE8EBD0AA73CBCEC231C3CF368D13B1070AFBDEE52E63D266F87BDCE34AE3DBC9240BDDDEF3F3D7DFD84BDD23852BD0288FE3CE0F8A53D162F1BBCB806353D942285BD9D96183D4AF258BCB7F6DBBC45AB6D3D353C20BD496793BDDCEC08BDC9BA703D090FE73DD62EDA3DFB98A83D45F394BDC489D73DA483443D1199AB3C68EB8BBD673B80BDA510F93CB7322BBCBF5E08BD623CB8BDA5B8CD3D2871153DA5B57D3CA769353C8BE0813D158D91BD02369ABB3B09D53D94DC95BCFAA7CEBDE5FB8FBD7BA2953D78357E3D1397A63D289A2ABDEB7060BD5961D5BD9537053C98AED0BC1C00E53DA37759BDDE5D99BD8FC2433DAD1F30BDA54333BCFCC6F03D618A963D5C8FF0BDAE3EBA3BB110733BD50CEC3DB9AAD0BDDF94943DC0FEECBD2A44EDBD297277BD17D8E6BDC891EDBBC8E7C23D1DEB05BDA709B7BDA31C26BC8C71C4BDFABEA33DAC958B3C2C0FD63D30C74C3DB89A2C3DDBA7223DBC30E03D0BFD96BD629893BD079FB93DAC2F2F3D5353DD3DDE04E13C39C42E3D2FC1943DF3439D3D0670843D4746BDBDF9BB0B3DE02BA5BDB83C793C1C21843DB35821BD3068D13D38E5D63D8FF80A3DBF9AAEBD8432213BE9CBBB3DF566AD3CB943D23DE1B80B3C5E8F5FBD41809D3D72BE1F3D5442853D393790BD2501B7BDE2A7A13DF2DE283D2394B03DDA3AC9BD9D1F5EBDADC174BBDDB77ABDABCA963D16B1BF3D8F32D13D6492873C8C2CDBBD05252DBDEFF9DF3CF14502BD2A274E3D190001BD2571C73D5412D13D7B25EF3D31DE1F3D6364A3BD16DEF9BCB7CD80BD521E593D556829BC0047413D741E0C3D622814BDCBC1853CCB4894BCDD26A73C70C79FBDDBFB0E3B02F9B73DB2BF793D72EB95BDAA5FC93D008D38BD67BAD73D71DAC4BC54D3E83D91EF8D3D3A9D1FBCA99EA23DF700CD3D51C8BCBDAA8AAD3C0539A53D93F147BC9BC5983DEA44BC3D3C6DBFBD269A833D01C4DDBD031E973D2B7585BDD23D16BDD01CEC3C9FD4CFBD9A1F85BB1DE128BD0BBB183DA5E6E4BBA557DBBD1B5CEEBC3296963CDB27843DA8CB89BD58BD92BD7A79593D28E190BD32CC3EBDE73DF1BDBF92E8BC5F74C0BDF640973CCE73C33DF85E563D3637C9BDFF5AD83D72B1D7BD0C3739BDBE69873DC50C653DDA02853D15C0E5BC945DD3BD1C51ECBDAA361E3C847FE9BD2D1A9FBD2DBA9D3DB5A094BC8A7A283D56E1BDBD8B08993C1F7CD93D9284AF3C394AAA3CD2F194BDCA83AEBD38B48C3D7D15D8BD4790ECBBBF65C1BDDDB4073C4881ECBDE2CD1F3DA0465239B3B59EBD5ABD33BD3CE740BDE9AF58BD5EBFF0BC1EE0B13CE2DE8ABDF3A6F33C73E2C6BD3F4CE33D48A990BD45434D3D6D35A5BDC0BDA4BD61B68DBCA27E89BD8C0E07BD9CF851BD6F0007BDE194BABD5465EB3DB120883DB5712CBDCA44AF3DF41057BDB22AC5BD8A9D1A3DFD1B26BD7285B53D8DE501BDB983C4BD2F85CB3DD4B4D83CB280123D9ABC3ABC6DEABFBD6F661B3D90E0A63926CD9FBD9E8A893D2F03E2BD5CCB95BDD11AE1BCDA3AE2BDC148D9BDA10611BDF8FDB5BCBC0CB13DA342613DBC68E03D96F0153D901E813C980DBABCFAA34BBDF638D8BD6D74DCBD1C654D3D6AC698BDEA0546BDEA96613D713395BD5279323D06B2D5BB9337C73C5BE35BBD58FDAF3D126AC5BDD653E1BD0B50BC3DD20FA3BD24B1E73D8468563DF84D3A3D771C6FBCE997B53C9394F73C11FE62BDBDA7B13DFF57943D4D0EE33BF1670A3DB65A6ABC785C2EBDAE0BBABDBC7039BD6723E7BDDECD17BDD68D7C3D842DEA3D1BDCDCBDDEA3C8BDA935C73DC5632ABDC22F27394472973D5CC9D53D46CF363D3724EF3CCA3A3ABBFDA2423BBAC6423D8309E3BDF7A5E9BDB0BEA23DC142ECBD1DAC7D3D2EB4AE3D280EA03DC13C133DBF86563C2DEE5E3DEFD28F3DDE32733BEDAAADBDA229963D1E1A573C8864913DAABEA1BD3755F1BC7D0C9BBDC12EDD3B0A1BCD3D3280B73C0B2ACD3DEA55B13D0A03A6BDE0AFE73D247ED63B1016CA3D94F2BA3C3FD6A4BC6BE5CC3DF096B2BD353E2D3B993C87BCB47DAE3B197E0ABDE2A0BF3D3ED9C9BBB375473D84DF4F3D58E9DB3DE3922D3D309AF0BDB517C8BD4107E4BD4E9FECBD12D0C8BD2926E1BA216FE43D7F359CBDE1144B3D48405CBD32FABA3D81F99C3D5A4A603D35A1D43D8B0AB6BD63F2CCBD399E76BD2EACC33CAF5FD53DD75A9F3DFAE2163D8964ABBC420A89BDAF08F03D2143D3BDE37DA6BDD20A8E3D4649BC3D8ABDFD3C2BEE06BBA36865BC5E7D7B3C6BE172BDC99EEE3D3F0DF13D5BD03ABD9E93A73DEE78E5BC8A15AFBDFABFA53CDA83B8BC57B6C83D42CF053C2AC2D3BCC9B9BFBD2CE59D3D6B17A13DEEC9873C482829BC80B821BDEFC6DF3C009FE73DF40F9FBCFA2B303CCCF3E5BDB377F63C27D24EBD96E6E4BCB8FF7FBDEE83DF3D905AA43D23E14FBD95C8ECBCB907133D8AA6353D364263BD7E0A443DB280993C12B28A3D7D6D82BD7BD79BBDC270603DAEAE96BB8A5952BDDB6EBD3D28CA56BC7E30A1BDBBCB89BC4AA55FBDABB626BD47B1C6BDDFA9C03DD55ED43D159CCBBD30FC963DFD170D3D5DBF43BD30940DBD2192A43C26D1CC3CA1E9CC3D4FA1E63D9FDFDE3BC607E33D87BE8EBDD9C3823AC756C7BD2B3D673D3E8EC03C2A3492BD552AB8BDC6B2BFBC785236BDBFB644BDC235D2BD60C799BDA452C83D426A6DBDCE7B443DA681033C97C683BC8CEB1D3D36BEB53D176A163D1551513CBBEAC33DC5C61F3CC634D43C5954EB3D9CBAAEBD1E58AF3D88E367BD8358C6BB7EAE8BBDE2419F3D1920C2BDAFDB55BD1FCFA63C69BE38BDF97A4F3C2AA0DD3D0A7BD5BDB8D39CBDB3AFBBBDA1CCE63D224FEA3C8462AEBD62E8D1BDFBE1B23D5EA7DD3D000D92BDEB17F73CB0ADEFBC0A268F3DF70E87BD7FD6A43D5CFDF03D302C923DAA2EA5BCF2877C3C9548503D5E268BBD7CE260BDAD1AECBDED7AAA3D254A60BD2C60CF3D1E5CBDBCF55932BDA4C5753D61D23BBCB4A0A3BD00684F3C6FC560BD9FAAAEBD334998BDCC89273D2882223CF6A443BD084F2C3D5E1B17BD9848BABD10C8253D406124BD380A0FBDE67CAD3DEE67B43D793DECBD7400CF3D7ED8D73D380CAEBDF4A2F0BDBC69BCBD662700BD43A0ADBBF609053DC741E63C6A0ABB3CE36CBCBDED4DE83DA1E9CF3DDC2E6B3D9FDDD23C4CC686BD7E1A0D3CF53DACBD61D7DD3D255AD6BD176CCD3D543CE33D94B069BD515ED7BDAF4B2A3DA73EB9BDB7AFDEBDDD6891BDF59EAA3D7F4797BD0D3141BDBDC443BDCB8AAB3D620A3B3DCC588A3D0A5CB4BCF8B68EBDF2F92D3D65C2423D20C6C73D2E29E2BD681AB1BD345A9E3DD2B9F93CC63CA03DD721F4BC44AAF03DA1A63C3D66D73ABDE03369BD00A6FD3C60333EBB14F469BDA55E81BD12A6223D43486E3D9FDEE53DCDB34BBDC87D8EBD262898BDE27FA3BDF26AEE3D4C126CBDE91263BD5312B13DE6EEBF3DDAE3DCBDFFD654BCB60D113D4EA5933CD23789BDF17FC2BD1829AEBD65CA203DAFBC60BD3876DBBDBEF4ED3DF7315D3D410410BD520E9A3C848B2BBD621B9FBD00FFDEBDFE549D3DCAE2DEBDFB0CB6BD6966C93D570198BD761222BD7BAB0E3AC458EEBDC724DBBD7AC7C3BD048991BCFDB32EBD6740B33D33429B3DDCD1EA3DF3D8D0BDEE0066BDAE6AA43D6757273D8C389DBDA1F5B43D3F8B76BDF22DE53DDDA2C0BDF9347A3DCA89DBBB31EAD0BD57C5793D9F2931BD9567063BA05F13BD51D0D7BCD416F7BCD8B5583D6DF31BBC27E8A43D68FD423DCA8236BAAF86413D386222BD78FDB9BD5CFB9EBD9B47A5BD84D6C2BDE3789A3CB0CD2BBC1107D9BD187A7A3DD890953D8D07CD3D055B9E3B6E5D0DBCA8F58D3D5A4FD1BD5BB9EE3B56F09D3DB508A73DDC85633C472020BC777D2C3DAF3BCD3CA7A881BB942DBF3D4208CE3DAF1C89BD4F36D93D9C09FCBC48B4CF3CA5F6D63D1A1A64BD4750613DF8A183BC4B9488BDED1AEBBB9F51CE3D97B0863D00A279BD0F79DA3D1168C43C7602CE3DE792E53DEA880CBD02B1C03D2C1B8FBC9666983CF8417B3BB99ED43AB6D215BC593ADDBD5B00283C3E78DD3D5D541E3DF703DFBD3F3BB43CE9619CBCF24A0E3D4BA7DDBDC063A13C707EACBDFC5E893C6344913DC9F8A83D418C9FBC7C66D63D4825E3BBA3E98ABDEE9F613D8E41A73BC56DBEBD4B75993D539AE83D5E29843D80BB99BC457ECABDBCC6CE3D7D8B80BD1D6C913CD162DABDF1E3943D55D3C13CDBC4E53DEB416A3D2F82E6BDB9B9BE3D4B0BC3BD06B666BDC73C793DFF5B83BD5F28FD3C38DF463C93C8083CA61783BD9DEAA83D8CC68A3CEB37333D8CD3603C742370BDE66F35BD8BA9A03D92D9D2BDF1D526BDE0EFDCBDF74A90BD03BE813C70F0DBBC29DC203DD4E8B73D4111CB3C183AE53D113DA3B9B5D9E83D50C29B3C863D46BB38EA063DBC4DBEBD07D2C43D55D7DC3D5744D4BDB3A58FBD8FC1BE3DD6AAF23C82832EBDED8270BDA634DDBC68B6B5BCA8A6DE3D4AC092BD83C6873CAFD2083DF0706FBD44C8F0BB0C89AEBCB027B83D49B0AC3DF14EBABB745F77BDD1908ABDF9834DBD9B61D13DCA33C43D46F8BF3C6AE1E0BD29281A3D836EB3BC4EF2863D0FE67A3D7E7BCA3D279A0C3CAEC4133C22E55F3A2FBFA63DD93FB63D8871633DFD0BC1BC32240CBD0AAADF3DB1B479BDD20FA63C16C5173DCBF7793DF96392BD5462BABCD59A61BB6D1F30BC9025CFBD524B503DE58AB8BDD6CBF3BCDBF6133D87C8BD3D49E9A7BC67A285BD774157BDD1198EBAF8F283BD3484EE3C153E5A3DEEC8E33DA5F8CA3D2C4FC5BC032D4D3DD4537D3C0ADC643D8C6B5BBD34B0E23DC66F4D3A37DE983D5702B33D7380CCBCF3F1B83D58D9F9BCD223703D5DD695BC73DFBEBDE51DF6BCB34E373D61CCC03DBBF2C4BD4B0F8CBD29967B3D289A76BD263CC93B075EA8BD43F4F33B829169BDC99CD73C46563E3DC126B93C9DD0BDBD7CF6B43D1129CB3DD769D8BD18AEC53DD706D0BD07E8623DDD10E4BBA5511ABC5A0A6BBDFD13BE3DDF069C3CDF4206BC6F9888BB0CF0AE3D2629EF3D667F89BD1113D6BDD148A3BDE10B83BD712FC5BD1B352EBDC5BE3ABD08E05CBA",
      torch_tensor_72_torch.float32_15: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_72_torch.float32_14: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_72_torch.float32_13: "0x04000000AC498C3F58AABD3FD2AA803F2C5CA43F5323293FB7A9233F5521A13F06C3A73FAC2D3F3F2E45B33FAB1A953F5B75373F42DD9E3FDCA2BF3FA1305F3F8EB5B13F557D583F42DC073F26DC1A3F98F5543F6888BC3F26E59A3FE42EB73F746FA03F192E7E3F256C2B3F0EAB0B3F9D23553F6F79473FC499B93F3A15613F9B87703FCE9B8B3FAB89B43F44D4723FE28FA13F18B1273FE70C063F9A5C6C3F7D529D3F4417A83FDE55973FB481B03FF4BC343F5C648E3FA43FB53F54C6303FC64AAC3FC650183FAEA0A93FB65DA13F81E8B73FA728723F39F6783FFA18333FCEADBA3F9F917B3FA3BB5E3F462E843FA047A13FFF123F3F97121A3F85D6603F5C53933F6070863F23F35D3FC052883F0A98753F4E97B13F3FC9343FE8B7BD3F989B803F",
      torch_tensor_72_torch.float32_12: "0x04000000F7691C3EFA4E463DB0D8BE3D272F32BD6F314C3EF0659F3D402FCA3DF3EF1EBDB88929BE1BFF133E726136BE90774ABE80A09B3C20591EBD528D13BE4BA51D3E6737A53C23D4BDBDE5B2033E4702913DC8E71FBE6D6807BD287530BEE741E4BD4DAE133D1AF4623D636B9EBD733490BDBAE32EBE0739FDBD1A3F50BC677AEB3B4A74E63DD20D083E2DBA323E404D1F3D1D8917BEA0A067BDAD3834BE67FC7BBCB37DD63DCD78BB3CE30ABB3DAFE92C3E7D19D53DED562ABD40963A3E4310E33D08FE17BE5A72EB3C2A8FC53D9A5F833D3328453E376606BEDAB6E63C5F8D463E6B7000BEDA9ADCBD27C50A3E5759CE3D582B213E1A440EBDE7CBF23D630430BE5A29ECBD5A55033DCD5511BE00CA61BB1AD498BDEF744A3EE7BD74BD708B8E3D",
      torch_tensor_72_1_3_3_torch.float32_1: "0x0400000088AC5ABE1E3112BEDB14A5BE3E206C3EABFD82BDA458A7BEFCF4913E5B155D3EAB220D3E6209A73E0A1F9A3E7C7F9F3E1CD6983E6BB28A3EF6B6B23D6BAEE4BCD6B04F3CBBD90DBECB60203ED6371E3C100FA13D7BDE5BBE908500BE06E67F3E56CB043D2B95EB3D47FE94BEF82A12BE80FE0ABCA0450FBD6EE3593EB604CEBD1E708E3E760884BDE0C2043EE84E70BE20BE673DA663A6BE186E92BE83745ABE061EBF3D56A5D33CA024043D0B5A15BD12678F3E622FA73ED8F5103E38B9873E80F486BC50F8FABD7BB7843D5B70603EB60353BD160B83BEEB70E13DC005AEBDE64E24BE0398573EAB5E39BC561D43BE8E3E4CBE23BAA03EFB045E3E8EC174BE56152739004FECBB8EB3223E6C2B92BEAB55A23B3675E33DA0B42D3E6BC30E3D603029BEAED7A3BEC87E383EFACF9B3E501CCEBD578498BE16BDC73DEE4E6FBEE8035FBED615BA3DD6A701BDD6BDB9BC4614993E8B7B6FBDE6C54F3E3B76D4BDD0FC7D3E4643D03DAC14983EA019EE3D00D0F1BD7EC5143E8267913E5663813D4E5D1D3ECE2270BE63F2383E4F54A1BE7EDF963E90FA0C3E6BB3B33C6CBC9FBE98329B3EF0A5593E0C559D3E8E2E063E26E8E53D60D5B0BD06E10BBE384E073EA0C0EC3D800E31BC002B593D5B81EA3DC4ECA4BE8FED96BE80BAB5BDEE77683ECE87263E14E5A2BE40F8CCBDAB5210BD3B37E03D43A08B3E56E5EE3B34D884BE168DA73C43CF03BE669A50BEA80F3D3E6B6F37BD4349213E1AE4843EEB2F063D6B41403EEE3421BEA3893E3E802E5A3C78D3623EE02AA33EFF1981BE7704A23ECB47823ED87B89BE301EC83DEBF08ABE9672DD3D9622533D9CEBA2BE26D2F73DDB83BBBDDE1DAA3E7292A63ED6A9EB3DDC86863EE690F63DA477A13E001DFCBCABB8A83DA08761BD0005BFBB06F0CDBD961507BE2B74453EB379123E6EAD16BEA76896BEBEE5263ECFFD9CBEABAB71BC52D992BE8BE78E3E4EF88A3ED2428CBEAAAC9EBEF8CF49BE3B60BC3D4EB12ABE0B93A2BDB60AADBD76727A3DE07321BE563E1B3EEE4074BE2B11F3BCAB0E8F3E1B7A3CBE48F0823E7EA6313E8683DCBD7BB9EC3DB89866BE6BC5DB3C605FC13DBC9E933EC0003FBEB01F42BE735C2ABE3F42A6BED00D8A3DD2458DBEFB41B7BDF04B18BEABAC983C0B16CF3DC30A78BE8088C9BDF64203BD9B5145BE30B49D3D80B8FC3D084373BEB232863E2B8D723E0017CDBD60264B3D803D263DC0603CBDF01465BE00A28C3E9EF8273EEE9E8EBEF44484BEDB4BA23EF6E9593DF6D69CBDA055673EA61DC43DB60EF53D8665873E6B1FD5BCC29FA23EAEC36FBE8EB34FBE0B57673D0BC225BD4BC8423EB6A2B9BD40B2563D96D98DBD9E20803E801CB3BC00A8A73BFE0E7A3E1EEBA53EA24DA33E68DDA6BEC3DF40BE6B3D94BD96EE8CBDAB70453E83291A3E2B9AE0BCAB60013C3B44923DD61F933E2BE2303EFB2B2CBEBBDA2EBE36E4D73D0B190ABDB0FA5ABE232FA5BE4092433DC05AC7BD989946BE9B6A803D4A31A63EABC08D3E6E9D423E9CB780BE20CF423E368B303E5BC4E33DEB0DAABD5632BEBB832339BE90C699BDF6C060BDAB6841BD78D8A9BE16D6F03D50A38BBEB8427FBE2EB50A3E47B48BBE34D0A23ED26BA33E70F0D8BD6B4D6BBDC49182BEEBD0A83CC0A1793D563E3BBEB012D63D002E52BC5B3CC9BD002897BA736EA5BE3B7270BED6B9343D0ED1A43EE6504ABEA0D25A3EABE8F93C30DA12BEAB7ABF39D3A4233E366F223DCE13973E263381BD96EF63BE90389A3E56F8C2BD8093583E7324613E80CE713D00138CBE028DA7BE200B223EF0E7A63D069C463E386D96BED61A3CBDCB74933E7654333E6FD48D3E7EFE853E1081A7BD437168BE78884BBE10DAE73DC87C07BEAB46AD3A96E2593D4EE4533EE05C3E3E16D0423E00F75D3C18B3403EA6CB1FBE309E08BE762D58BD8E3846BEFC3B983EAB3751BDC677C63D2BCC29BCAB6395BB76ED35BE567AC8BC17A998BE983A23BEA056833EB613A0BE36AE603D9683593DF858A3BEBB55853D737C1E3EBB38773EAB8E7F3DFA67853ED6904D3C3B0E023E8687C93D1EAD7BBEEBDA95BD8E5E70BE8F9B843E08D6223E00C310BE76D979BDC63DB63DEACE94BE2B361A3C7ED2223ECB132B3DEB3FFBBCAE715B3EC079143EC7B897BE13E1483E0A9C86BE73BC3F3E9AB58F3E6BA8FB3CB6B8E6BD7B5030BEC69017BEB6AC7BBDB6820DBE446CA93E883B13BEC0B70D3E84439EBE60012D3EF638913ED6B074BE802DAEBDE0B4A23DE65DA3BED6F757BEC66BED3D1CB5A03E4BF1CBBDABF246BB1AC0A4BE60D0A3BECB6C943E3AD4903E400ED0BD33F806BE6BC5B0BC28601E3E2AEEA4BE6B123DBE2B0EE1BD969114BE2B4610BCA3F8783E660D953D3C739ABEBBD89D3E436B893EEBF0D63D7013273EDB32FF3DAAE38B3E8625A4BE1E7C54BE6B632DBD5BDB81BD6EB062BE44ABA3BEA45782BE200E54BDE0DF903E134C623E30C6C43D30A451BE2B5109BE6B87033D22319EBE804F79BC36D28A3D264C9A3EE632B3BDC285A73E1603CE3CFECF6CBE174DA13ED3F6933E7EDA86BE760146BE5E35233E530652BE1E17683E68DC22BEFBDFD3BDA0F8C3BD4BD2A23EA6D9E6BDDBBD84BD6B884E3ED08969BE0074D2BAB8D383BE8F859DBE5BDC9BBD80EE163DFF89913EFFAAA3BE266FC4BD20A6B33D20E4003ED36C473E303B89BED0E4A6BD90DA9D3DBECE88BE8E002C3E38D8A2BEA8FC543EE6F1DD3D10E9C1BDB078DD3D138D903E38197B3E6B094F3E4BB346BEA02BC43D4813803E36CE703D78FC613E60B053BE3BE86F3E562835BCAB1E99BEF6F6B0BDDCD7963E367CEEBD96786CBDE88B08BEA89739BE2B8A6C3D6B104F3EAB71213DC06BA8BCEBF59D3C66F67FBE08D933BE2BA4883CB46988BE2E10293E961A503DAB06663B6B3CAFBCFE24903E2CC19B3E03AA263EBB87293E5E8125BE33880B3EB3DD66BE1084133EF35F72BEABFAEEBAB064773EE8A7623E8BE7963E80DFE83D807F043E7B11B73D163F793E961D333E266FC93D9631EEBD663125BE8BC7A8BDC3E5223E46CD39BE8082BA3D1351953EEF82903E434E7BBE5095C23D40305F3E2C059BBEE0265A3E7BAE54BEF8CC76BE56B010BE206300BE161F0DBE008AC43D9E3B043E76A8043E9BAA6B3EF6F657BE930DA2BEE3E988BEFB9A3BBE03211CBE86FC153E7B0277BE0B9079BE7BCB363EEE2F59BEE60A803DAC2182BEC63C023EEE49553E5E8E8FBE2036E83D93F332BE909F583EAB7F993E7EFA8FBEB059FF3D7084663E462A9B3EB3E5803EBB42863D56A39F3CE6A78C3D0E7F4BBE16C185BD0073A8BBC8FD57BE802672BC006035BDC6FDEEBDA0ACD1BDAFF8A9BE02A5A23E803E283EC8C5763E244791BE6E15A7BE73D67D3EA0C16FBDA0D3543D70282B3EEB7EAE3C56DF34BCE0D14A3EB457883E103EBEBD54B591BE6E2A3BBEE8EC733E0072ED3CCC21923E90CEEEBDE3B5A1BEB0FFD33D807411BEAE114CBE2BCD543E56E5BD3CD62BE9BC0435A63E82AC943ED76B8BBEF8E29CBE20CA28BE568284BE406D33BE4048663E461F63BE0F879C3EC0FED43D00356D3C368A693D7017903DD0A6DB3D62CD8ABEABF7BDBB336F623EE38EA93EEB7490BC48D673BEB6DE1C3EB0269CBEAA1E983E",
      torch_tensor_72_torch.float32_11: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_72_torch.float32_10: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_72_torch.float32_9: "0x0400000012F8AA3F0832023FC45AA03FE301293FC05CBB3FA61A1C3F94C5633F1626953FAC47953F5668953F2C95823FE291913F40D9293FFE6F783F34D8913F9D56B33FC6CB173F46794D3F67322A3FF2DA3D3F1132353F0B776C3F0820973F251B673F2FD38C3FB9BC613FF2D3043FB823883F64CD823F0C13293F91BF043F3FCD8F3F24C75C3F50D18C3F7F05643F837B603FF9A94C3FBB7FBD3FCCFF0D3F7538603FEF1C5D3FA5F2523FFA72A03F64E7B83F77C8B43FBDB6413F0526483F4868993F895AA23F12AE143F51F7453F21AA433F8A8A733F3101533F090E1D3F9A826A3F8468623FB4E9843F59364F3F7240443F7224B93F471D5B3FB01EA63F11472C3FFC82483FF80A9A3FF4A28C3F707A1F3F087AB13F66275D3FC8F67F3F66926E3F",
      torch_tensor_72_torch.float32_8: "0x040000009A37783C8D32EABCB3894CBE47C5FF3D824B09BE0080423DB2A515BEB8A2133EA0D7243E3D0CD6BD57B72F3E73D276BD380347BE008C04BDA8951ABEFADB2A3DED4D1E3DF3B1B4BD53366CBDE777713D2A41E0BDA366A83DFDA817BED061EF3D73E3C2BD95F12ABE1A2B1D3D67B0AC3C983F17BE7F0A343EE3C193BDDAF4063E339053BD20F5083E8774C5BD8A590EBE872C27BEDA17D1BD2A73DFBD13DDBA3D202F07BEC7D50ABDF0D094BD47A59ABD33B1C8BC1D02E23D33EBA8BDA89B2BBE2B6D0B3E8703EEBD53540D3E0DC5A6BC33B1C1BC3A16403E8778133D454639BE5D5044BEBA923FBE5B2217BE700E943DE71FAA3D533FD43D08733CBE5022F63D4F8E353E37C6A03DB37BA1BD7F9831BEB07A4A3E40BDA03CE7A5303D00FCF73B",
      torch_tensor_72_12_1_1_torch.float32_1: "0x04000000E81C80BE0AAFF4BD770F1C3E9E1030BE8B616B3EAE5323BE13FF8B3E8E37B63DD61900BE4148343E5FE482BE12433BBECB3239BE21A71B3DE253E83C24407EBE709F8E3EF0A490B9E9D91DBE6AF2E13B06C7FDBDF51BA33DB605D63DCDB3A7BD6CDD893CE8E22F3E084540BEFED483BD5F6F2EBD319343BECE9BC03CB4D32D3C6CC46EBE7D8E723D5D128D3EC43A1D3EB45820BEEF4A873E2B324BBE5A4C16BE7A63023E292A6B3E8A0B8D3EFD7D7E3ED0C522BEA948873D0E9D39BE7EE4D03BA8E8743E798D113EE87988BE6C70FEBDA56979BE11400B3EFB1916BDC31758BEA1EABCBD5003C23D49EFDA3CF2AE8A3E132C7BBBD5F7B93DAC17B3BD55180D3DBD6E293CF0EA7D3EC9B8F73D457628BE8D5483BECF9F8CBE9AB3D6BD4AD8183DFB0B8B3EE25AE8BC0528E73DAC3B163EA96E62BE168774BE8704E03D91C8093EB0A409BE354B393DD8B690BEB5766E3B11EB903D5813333B32AF3BBDE513F63DC280A2BD960B5C3EA29C7EBEB6EF28BE86C776BE15AC85BE83255B3EC04E92BD513468BE703E753DEBD85FBED27D743C48860C3E78077ABD6BF6173E1CAF723D3B346DBE60B8683DE38E3E3EAA0D89BD7C7FDF3C66D8163D3D5BCB3CF9AE993D9A838DBE5D47603E08ED003E5304123DED26573D04656EBE47CDA8BD75B94DBC0A898C3DE62722BE20EBFA3CC87AB7BDE329573E05BC7DBEB933F73C0945483EFF9665BEF08E07BC9C98083E1A91EE3D530D0B3DA7FCEE3D6C104EBE2334763E19F9D23B88143F3E64C9823D5A8A03BD683CFD3DE64E8C3E47CB913EAFD278BEE16C8F3CBB5A54BE993B2C3E4536543E6A924FBE3BAD88BC1A8D4C3E077C433E51415EBE1E7A463E785551BD05677BBE20896B3DDDB5093E8E47313ECCFC48BEB11956BE009D46BEA485273E062D81BE06881FBB82BBADBDD10F013EFE34683DC04515BE36874E3D6104883E45AD423D077C12BE34591E3C199287BE6FA83DBE82A15BBDA93438BE43527A3EC184653D16F5643E809F86BDBF7124BD0D21953D04CAAFBDBD86C9BD64FD90BE1BB15E3ECAC3853E7C5792BE119BC3BD3F975FBE62FCEFBDC50B613ED91F1E3EDE7DB7BC6181FC3DF38EB03D266F213E048C6DBE09BFB63D61FB8BBE7A6842BECA50DCBD5467E6BC2B7B8BBE6B6AEB3BAEC73C3D3FA1EABD81C2BF3D0D27813E37F949BD986E1DBE4AED82BEB2D957BE987E23BE2D885ABEDF6EE8BDE9D7223E6C00B93D9A37853E92BE923EC6E5D4BD1F87E7BDAECE213D38626BBEC5C8203EEACE54BD688477BED32C5FBEDEB04BBE937EA23DCD99623E49316A3EADCAA2BDF5B32BBEF73203BEB0EE49BE076D98BD667C85BECEFF1D3E381C8BBEA4E137BE2561463E301D5DBE2E568D3DF5695D3EACB0913E7E92153EE6A89EBD11EB283E6C171CBCF34AB6BDD674763AEF9C843D3935463ED92AF83DD4250D3ED8E2303D0D0D6EBCED3EF83DCD328E3D126E8DBEBC2A3F3D6A4603BE00C21CBE36A3E43D43CA713DDD3B483DB63A0CBE3397083EA8B38A3E2CA7103D6400F33DA9AB81BE19BC2F3ECC60CD3D762D053E5C8AF63D7B809BBDEEF28DBCB9F68E3EB84D583E92E253BEE7896A3ECD18933E31801B3DDB9F66BE2233653D18CD6EBDF088543E68018EBEB64A973DEAE45DBB762ABA3CD9574B3E40E1AA3B0CFC6DBEBE6F2CBEB0B8ECBDA835FC3C8725E43D9DB45CBD1A56E9BD6DB6013E6FB58FBEE48F4E3EC47309BD80B04D3EAC5C5F3E8AA0FC3CCC03BB3DF63127BE8ACB533EE3032D3E5EB539BD5A70E63D2A7684BCB3F3663E035EF33D3B82573E3E5986BED201903EC845DC3D8EB70F3EF6BC833D0026423EC7248B3EE875C9BC6C8C72BE8AB8873E645C79BDFD8F0EBE1CF8353E4AF8243ED74D1E3D0F7294BC5B3262BD5185873E4A1B343EDA0A303EF27F3C3EEEB41ABED9E1763D30B97FBE4BBD2B3E8D8092BEAFB693BE6B1992BEFA49363E7E1BF63C22162C3A87113C3D2EBEDFBD1F87B3BDB71D47BEF76190BD42E535BE33E1F83BE541683E7B5F74BE875E113E82DE5BBE79F3F4BDDA36673D5B744B3DCD6A723E3477E2B8052CE1BD1B81F4BDF3A90A3CE3A65DBE2FC567BEA2F4FCBD51FEF23B12A247BE7EBD28BE330F533E1896883ED12FB9BDF59B7DBE7658E2BDC29CEE3D84DFBF3D1E46B7BDFB2B82BECEC4B1BDD33084BD1A3A2A3EB19412BE2669313EC805243D9F2B46BDC8B783BE74EB913E1DD852BD42FE393E01E818BE0EEF8FBE42A06BBE0B7E17BED147BCBDFEF826BD9389763EB44F88BE618A133EA7BA783E7087F33AC65938BE3446173CD8418C3DFACA023E66B5B3BD9CE2CABDFF740BBEB3F48EBE12A3CF3D027B5FBE1F020EBEC3AF42BBBEE1633E706A833E940257BEBC2F803EDF65843E8DCC6E3E07E3CD3CA0696D3EA49F0F3EEE1C54BE47CE1BBEF7E5B13BF07C51BE76ACC2BDE5536E3E7AA0093EA8B7803ED108113B77BA16BEFBA4433E2057AE3C721F473D397EFABDBAD9F23D15515ABE6FE26B3EA04D813E0752D53DAC31663EFC6B333EC6CAE1BD7E3180BE0B981B3D2F9A393EDEECF1BCBFFAC63C63195B3ED31AF43D74FD5C3E599F2D3DD78A043D476A8DBDD68747BD5F1A1DBE2DA2453E68CD863ED867DB3D2663063C0A29C3BDE6ED91BE33F15ABDC4D951BE963B5ABE22236ABD019B68BDEF856E3D534256BE1A70543EF69086BEE9FE0BBEE273E0BD8ACC913CB964F43D45CD9BBDB989383D99F58BBD0D87E8BD6A6425BDBE116E3D3B918FBEB1C04DBEC2F0663ED9AA053E3CEBFCBB305D153CE936233DDA68893DD9D149BED327A1BD18A687BE2D6668BE327A5EBD4A1F1CBD7A34673E4DAA4B3D29B93FBD570803BC9917253E5417B3BD780B5DBD48336DBDD45D6EBED84125BD4FA288BE6BE41EBED6273CBEDB335C3E0E2788BE5F698E3EE2ABDD3D4AC447BE7EE7743E2E4782BD225F7ABE4C3424BD1517123EB7B48FBE3F37B1BC518DF03D8168E6BD1B62D73C18B5E7BDD45146BEBE7F673E79E451BE17CC5DBB3CE8C43D853225BEC6BA0E3E867C75BE7B288D3E4AA6033E1D6627BDFCE475BE68DB113CDCB4D13D828B20BEA2E814BDB04B93BEFCC193BE5C6A00BD4458773E7E9A5EBCB259B93D8C50ECBD730BC1BD15F801BDD76F15BE45E2343E8756383E5BCD65BE9D55B53DFE3AF4BD25FC29BEA84010BDBA5EB7BD4D5028BE69422E3DFBB8283E527436BD236CA5BC8BF4B13C8016FEBDEC7E1C3E995F883ECC22D8BC99C1A03CA52D6E3ED81D723E3BE65BBE09E508BEA3FB90BEF30D353E2BB8663E2B2DD7BDB7A4BD3DDE358F3D1A537EBEB416EC3D080C113E8508D03B5783F23C9961893D7DF4543EDC97823ED5F1293D7B01FC3DC1AC9ABD713D303E548DE8BDA0A973BE86B00A3E4745DB3D1321823D348AFB3D04B40C3DED35C93D1BE8F03D4F761FBE656A7DBC0F31323D788433BDDE8978BE5F53E03CB2A7343E96161EBEEB1C913E2ED4863DB371FB3DAD4AE4BDAFCE71BE0F06DCBDD77F103CDCB206BE91A0833E31323DBEA71847BE52B4D1BDBE99843E862A07BE6BBC883EC50E0E3ECEA833BD6CE3183E44880C3EB07516BED16D73BD112A8F3EB779293EF46010BE0CF89EBDEEAE253E4F11163E7D74BB3C37343EBEE7065ABE289279BD035ED93D561DFCBC152677BE84E490BDD487933E645274BE966A65BE33D3393E4F10933E022E8EBE72AD85BEA5DCB8BD095D933E87C527BE0A31CA3C174F713EDD4AD1BD7A4DB5BD366B46BEF798353C74F4893E85C0F13DD2C64F3E3CAC9CBC12D03BBD333E53BDAF98283E1C0C1BBDCB807CBEE799CFBD285FE73D481A903E3E0057BD82AF80BE74A859BE289568BE4551EE3DD0E5593E1DD7AE3D54D8CB3D6D94403E2A1C4A3EAA83303E244D253E79F99F3D5C94183E2DD54ABEA8543FBE2B009F3D7A02383D8AEF81BEB75857BE91526BBE78C66A3ED743413E47971BBE5467323D5AFB87BDE57C803E7EDE85BE8FA757BEEA1B76BEE6082C3EB8C413BE7410303ED9D8C73D1C7D10BEEA439FBD4640EFBD9F69023EC917EDBD23A3C83D4FF1A83C1A126CBEDDD139BEAFF64CBE05E51A3E781A803D39D8EDBBB00330BE687192BE5038D1BDE03C62BE510393BEA5F78CBE221641BE1BAF8FBE594BB83D9C36DD3DE04BEE3DC42293BE03CA363E0C87663D4027173E0C4E91BDFAF30D3E652D8CBE8A5EC93D19676A3EDA85F83DDB518BBE30F7A5BD3BD612BDEBE11A3EBFB6DFBD09102A3D2A8BCFBD19D63BBDB54CBCBB85BD29BE252D4DBE1108743E9E5D783E67300FBC76DD7F3EA6C9633EF0313ABEDAEBEABDC5084BBE9024BF3D243AEF3B162722BDC7795B3ED115E7BDF1C721BE292352BECC6116BE9B748E3E34B80FBE26ACA2BD903B053E780863BE436B33BE0691593ED1C0E2BD076419BE89FA18BD127C28BD1B17583DBABFD83D7FEC63BE0651863EDD858CBE933BC83D0ED0A6BDF9A9F9BDB8418A3EF76D8EBE1382A13C076B3D3E4222843E56E879BE35760E3D643B923EA9C690BE4567903D6A3739BEF7F23F3DF7B285BE1770113E1E2783BD4DAA303EA33E8EBB6E8A28BDF8888FBD535587BE1A1FFBBDDC121D3C46B164BEFDB5813E144040BE5554E6BD6F1F1EBD0C756FBE0B7915BB84580EBE786E77BECB05E83BDBD8823E9195913D7FCF733E5A0239BBAF5ACEBD6F3E6E3E006A1DBE69BB88BEA464813D3C52133E85B330BE6C15D03D0CC0D1BD58770FBD60E782BDDAE87CBD858570BE21E5903D63839BBD6107623EB45B453D2BC071BEA9E160BEC50E1ABEC58E0D3EE1DA3EBE033B07BEA7AA563DF0F04CBE049011BE3C06863E9B481CBE2DF9C4BD696A533EE47A843DD904683E373682BE89C1133E07DC34BD",
      torch_tensor_12_torch.float32_7: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_12_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_12_torch.float32_5: "0x0400000074FEA43FCA1AAE3FAE71BF3F87E51F3FB8AC873FBA728C3FEE54863FB1EB8C3F58C3093F39F3043FCCED4A3FA2E2853F",
      torch_tensor_12_torch.float32_4: "0x04000000E07ADEBDED1A703D677BB4BDDD99C9BDA705823D504EC83D87F4E9BD6015CFBDA3AA1A3EFD9396BD937509BE056C2DBE",
      torch_tensor_12_72_1_1_torch.float32: "0x04000000B7BDBB3D7584D8BDD26A8D3D0F24EE3D9DEAED3C4535B6BCC5E4843D9D450FBD57C8B2BD234AABBD24F7623DEF54B83D705F9C3BF604EABD5129EDBDB300DABC514A823D2ED7A0BDBD1C023D6FEB83BD915FC43D6FF9FCBC3832C9BCFDB0D3BDEF2ED8BD617F023C421A9C3C0166823D2B0DD3BD142AA93C6A778BBC8A948D3D727D5BBD93D00F3D5185423DD17C723D309125BD0E581B3D6035BDBC6EFC013D976994BD44C9BFBDB06DC5BD93B997BDBA4C4CBD07B58F3C4A2DD3BC616689BD68C3813ADB7018BDF6C7943DE0C8C6BDED2C32BDF61A9BBD8E406E3C37AED23B9826DEBBC179EF3D312638BDECC28ABC746DF93CF270C93DCCF1B63D7D945C3C0BA036BDF6941E3D11DC973D5DD424BBA783843D8D88C53D075081BD616FD5BCA14CD9BD829EDD3CA803AC3DAB7ABBBCBB0D9A3CAF3E1A3D8EBC24BB76A4BB3D4EAF8C3C2F3EEDBD9E4FC7BD5821EFBDCB2A9F3B9278823DB0BD7EBC5502D93D51AFADBC4362C53CB1A4D93DBD4C743DE06676BB8F7BE83D183490BD00CD333D5D6D983D937295BD19B8E2BD3D671A3D4D2337BD889973BDCD07C03CB616AFBD4E14D93D99532DBC78971ABD8EC5C93DA868063DECEFB73C72CD66BD8408E63D560513BDE3BEC83D82EF0DBC4C26723D80B4A93D44B1B3BDDBDDA0BD41ABEEBD5315AE3DBD90CF3D386B30BDE56C6CBDC99AA13C58F1813DD14DEE3CDF34C9BCBF8599BD3C6DCE3DB54E9CBD9F39E9BD74BC40BD0C84C03C066C333DBEA63A3DACD18BBD2B4339BDAFA756BDC9C269BD554ACBBDDF9FC53C03620CBD434FE8BD0AEF8CBD7FF290BD073A50BD062395BDDD6CA7BCFEFC2C3DD555C3BD536825BCDDEB0ABD2ECB76BD9E5FD6BC50974CBD024B783B9F39AEBD9215B73C7F99DD3D2BFEC73D5E6E58BD93C9143D3622E4BDF135CB3DAD87F0BD51AFD7BDA6A6D8BD9C23E0BDB9BF823CFE4AFFBC2413E73C37F1EEBBD7E825BBA9652EBD75328FBD4B14CABD5F92733DA4E378BD6C59C4BC27746A3D0D1AEFBC866BF3BCA6E6A0BDCB81CEBD53B0673DE9D1D9BC8FC4973DAB2AFE3B86F61CB936E6D9BD00852A3B7C2FDABC51BA89BD4170DFBC24E3C93B1EDCB5BD4889A03CF8F0A73D22B8BE3CD863E63DB541613DFD58BEBD3A013EBD5053E8BCCE66103D2E495CBB8C38C23D5F4D603CF3DA98BDDDF830BD29CDC8BD841905BDED546D3D202A953A3E29E6BDF6D8D0BDF2012F3D6ED7D3BD4883C0BDE3E68FBD360BE63D464209BD7E0647BD02F8A2BD2E669A3D48E39BBC782BBA3C10A2E63CB023083DC07D9A3D3F66C83B89B9473C3AC8FABB628DBBBD44F0DCBCEDB6E53D7D0EABBDEE5298BD0681EFBDDD2AEA3BA3BFE1BDD63E77BDF165DE3DC9EC473DDB96803D1350A53C221ACDBD4B9E60BDF364C3BD1E3F95BD0C63243D47E205BD13DFEB3DC0F0AFBD71FACDBD8E51EE3DE07FD0BD4961CD3D3DFC013DB2FCDBBD0338D23DD16A03BDF40A47BDB748BCBD1327CCBDD1F3D63CD613EDBD895C463D7691EEBC7368293DDF60ECBCD3EE263DC2F952BB0AE10D3DFC6344BD9404A6BD11E8753CEC0D9ABDF39E95BD4D15E8BD88DD19BDFA45A1BD8BF5BB3D62EFAD3D6D10E53C031BC43D866F683DA15DE3BD953141BC3CB69CBC5E8B92BDC17B093DABA916BD5ED366BD2D12B4BAF478A0BDDEC2C73D34BA983D1178E43D82FFAABC45A71D3DCC539BBB41B8C7BDD7635A3D6196A8BD91402EBD452C58BD6776EBBDC1838A3B59299E3CA28C0FBC2782B13D4229B93B47DAAFBCCBA583BD2D588FBDBA4189BC9AA78DBDD4379FBDCC617FBC9176AABCC25493BD0D068D3DECB0CC3DC290A4BD606F533D7BFC5FBD867D48BC504FE13D0E13773C2B21E6BDF4E0DD3D5F63A3BBA3B671BDA8ED7EBD2FF9CE3D055A023BA24F853DC4A09E3DB05B3BBD5BE3233CDB1F9CBD3E8CC93D33427FBDCB50A03D959CF43CFAE2943DEA0DAABD103170BB0A207A3D91249ABBAAA3DDBA193B6B3D6A64B4BD2F8FC1BCCBDF5B3DA0BF6C3D8D2BE03D9AFABEBCD8BFE43CA4826DBD9F08A2BC305572BD2ADDB23D99303C3A4260443D36C2843D4FE8B33C357B4D3CD3520DBC0173CCBD748C9B3C05E3D5BC83DECABDD1DEE03DE6D84DBC14EB70BD9DF7EABD8F4DDEBD1BD2373DEF5C5CBD738550BDD2A78BBDA7D3C23D7814E8BCD6719C3D439CBF3D4A20BBBD9410B43D8C5BB8BC902AE73D6B90763DE8CCE9BD895BB33C17B0293DEC1D2FBD6F06B73D24E0C7BD5B2B19BD61F9E53D04B9EB3D5A23713D131490BD6BAACFBDD63DC4BDCF58F1BCA0BA883D25D4183DA77C6ABC0311D93D1588BD3D299D61BD4D0B51BD293BB5BA6658C83C92295DBA285C3A3D7486A63D7614AEBC1A0F6D3D004E833CDC4A393DC1B9463DAE0501BD863957BDA8544E3DD0879ABD9F6D7D3D6EDC9ABDAE94A53D82AF413D6F84ECBC97F5893DC0F81EBD44AECD3CAE1F0E3D7A32453C10E0C13CBC5319BB92740BBD17A8863D2B663E3D330D343DFAF1A23D5C917CBDC94EE0BC69245CBBE8C5C23D6632C0BD85718ABD8FF7E5BC4E2BCEBDC4B0BEBD0956A53D4525B43BF32AC2BD76699FBC90EC7DBB359D2BBD6DE2C9BD3E5B833D307C6EBC98A5EB3D5BD9B8BDCE8084BD0EA1C8BBA413A8BD59E5AF3D2EA6BA3DD1A7DA3D595C98BD26BAAB3D6C95A73D3B1240BD28E0533C7806663DCEB6AC3DBD6DE1BD834AF03D65BBF2BC5DAE443DCEE795BD7DBCB9BDF274A3BD053F8E3DD81B6EBDFA4D8C3DBCEE113D9A03403D84BCD6BCECB118BDB9DA61BD7FE986BD688ADE3DEBDED1BBB8014FBDCC8FE0BD88FFA73B0795EFBDDEE4B5BA5F65983DED038BBDC29C843D7FFB19BDBDA1B9BD2D0DEFBDF3CD6F3D7EA9B8BD3CB36B3DE53A8A3C642D833D736DB5BD2F11D33DB766F0BD3833B7BD77BD903DC53E833B168887BDAF83CABC3DCBD6BD980ED2BD7021CFBC111FB83D5129103D9D0DB63C38DEFFBCADADDB3DA4F0933ABDFD223D5D84F53A05A7963C7DF8203DDE36B93DA1ED8A3D4F1C773CA0FD403D222B11BD5EFAA43D1982073D2426B63DD2BC96BC5910C5BDC0B7BE3C7154443DF005C33DED183B3D545A323D2913C03D37E425BD4A1AD53DA37C773DCB30A13D8B22AC3DF72FC5BD886D7B3D6DC9E03D548FA9BD2F7D25BCC84C93BDE71FE9BC7CE08F3CE81A813D05240CBD5F8CE4BD3553823DEC68873D7805AFBC3C9FCE3D0110BA3DAEC9D4BC5720953BDC0FAA3C922FBDBC33D9EDBC1BE659BDF64189BD7113713DA9560FBD159467BDAB9CD43D935B9A3C5C25AE3DEFF2DB3D510088BC2202903C03C6DF3D4510A6BD6CBB10BD5761893C12FF02BC9E84003DA3D37D3D689946BDE258163C6E5CDA3DE59288BD12ACA3BD4619B9BD4746903DDD61DDBD10BF6ABD3803A33DADB090BDD946C43D48A761BD71BB983C29C17C3CDD713DBB4454963DD7FDCC3D0FB296BDBC5C873DDAF9003D82EC0FBB9DC2A8BD54310F3DFF2FAF3D012BCFBD7FE8DEBDBA46EDBD2E13DF3CA2B30ABD13F215BD5BBEE03DDE3FF6BC454699BD3AAF2D3C037984BD096F0DBD5FFC7E3D19D1DE3C28A0A5BD7BC8E53D694BA33DE687A4BD8143523DB25B463DFE2FADBD28A0A9BDE7D9C7BDD906573DFA33A83C7E014C3DB20554BDD37BB53D1E8D763C4796C0BD4700F3BC5659763D6648D43CE2B193BC8FA0A8BD522496BD1A2ED03D57428ABD8C09AB3DC99221BDCC669A3A7808EBBD17EA1CBDF575CB3D2FB1D8BDABE2723DC41FCBBDBECF8C3C30D3DABD7311BFBD40D9C2BDF76127BD8973833C30F5B0BD33ADF43C3C5E913D73C1C43DE2B5D53D80E89E3D96240EBD88F231BC668CD53DE821703D690300BDD539B63D03EED2BD5092CE3DB70A873D0E07B1BD0BDBC4BDC2BFBC3D941AEE3D757E283C779D3CBDD86E893D7BC6593D1EFA70BC7A3CC13D5D719C3D22AFF03C18A47A3D8914E2BD031C62BDC5A8533C9345033D46FC83BCB244363DD50C133DA810DFBD1542183D7AFD1CBC1517A6BD8A53823B5070EDBCDD2B80BD74EFDBBD7CE9C93D989392BD3FAB813C4F5AC13D994173BCAD309EBD3681E9BD2369A03CB13572BD8ACF0C3CC0301A3D4BC508BD3BA7A33DEA437BBC84A540BD0B969FBD2175123DB33895BD67F1CA3CF8B173BC11E0A53D3EA66CBD39CC6DBD258979BCF06A93BD8D08383DBCD130BD220C463D08148C3D22F08C3D6C3CB1BCE9B7833DE29C7FBD5E7AF0BDD0C237BC5F00AFBDD9FCBABD0669F53C463FCE3D3AF73DBD4F73DABB04DDAEBD81BCA83C1C9F093D143394BC14A2B73DA040C2BD028881BCA7F885BD85EDD33D456FCC3DF169ED3DA10FDE3D0B2F3F3DEBCFB8BDBDB7A3BD0970E73C777CD7BDEBCC983DB4DB513D0D59E63CDFA9D2BD8293AF3DE25A4CBC1B914ABD2E087C3D732B233C87BB56BD9CF6E13CC6F3A0BD9352E03DF48CD33DF39E5E3D0F5F7F3DBBECEFBD232B86BD8040E8BD79987BBDC51AC8BD56A8B13D5937823DB9238E3DA44B56BDF8F5B73D5F818BBC3522FABCA1F4813DEAD59F3DE078ADBDEFC7E53DCDE142BC3791003D8254F0BD95F4563CB3E76EBDF11F97BD278C49BD43E80FBA728409BDFD9C9ABD35CFAC3DB89B0F3D9A9EE0BD6C84CA3C9A28ED3CE7E68D3BC66EEA3C40A921BCFF1C533D72E9A9BD7DD24DBDB9CDB43D228895BD35D66C3DAB52DF3D8CB3DCBD297B53BD3BF8CD3D1A82E9BB1B97BE3C8766893C82ED463D2BE546BD97AB7A3CC368A43DBDE422BCB86FDDBDA8DA263D5F76F6BC3BADCBBC2DC17B3D3632A93CBD0292BD9AC25EBD70C192BC9786EEBCF461CCBC9CF8A4BDCDD8AE3D24597A3D6686BE3C6E98DA3C340B623CF178B43DC175DA3C2211933C82AD84BDDB07213D7ECDE1BD663E183D",
      torch_tensor_72_torch.float32_7: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_72_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_72_torch.float32_5: "0x040000005DFC183FE649443F0D2BB43FD9CE173FE995A83FB3CD523FAA5D833F98369A3F39DF523F29D4273FE4A8953F71A6A63FCED8973FA08A7B3FF8D2863FF3DE9A3F4665943F588E403F3722AE3FEEDD6E3FC7804D3FC961593FDE7F883F27C53D3F2D9D223F50B0A33F2F3AB43FE3C7003F1EEEB23FA2C7343FF41D8F3FE13ABB3F9DF42F3F785F4B3F5472923F3FEF2F3F962E4E3FE3B2143F1A78873F60F5A73F0D24913F4438693FFAAABC3F16F4B13FAF5D3A3F449CA43F46A2623FCEA3943F02F4863F00039C3F7CE33E3F564E423F1A00373F5D1F2D3F85CE483FC85C8F3FCD37923F96208C3F8DA0AF3F27ACB03FACA5B33F44D5A73F13FF7E3FEE47903F778B3F3F9E12813F26DA843FAE58173F8A61B43FC2A1633F5EFAB03F1C669E3F",
      torch_tensor_72_torch.float32_4: "0x040000004D09D0BC1A82EE3DB2BF1C3E03B240BE933DDBBD1A1AD53C1D6A803D57CD0BBEC0A328BEC845443EE00BC1BD57C447BECAEEB33DFD9ED2BD43F38EBD5DA88FBD3A0C3D3EA7DF9B3D2FAD483E30C290BD4F72143E453026BE8A0BF83D1A1C063C9ABCF43BF06D2E3E67FA7A3C9733AEBDADE9E1BD60BC043D170789BD2318CF3DB30B2BBE1BA009BE609D323ECD8F9EBD1AD849BE0386123ECD475EBD33E79A3AF0C7FD3DCDBB883D837D44BE67F7123DCF6E463E00553DBC32EE143E576B333EF7F2963D9A4B3DBE47B12F3E0DC1213E0093753D73E686BC67100DBEB398343DD04A8EBDC786373E6A2A4CBEB3A0303D9A4D8ABBCD8C093AF3A9CBBCA35AAD3DAFD92FBE334F303D575F08BE8A50823D0D1A8BBCCDE9CF3C6DF9E63D63DDA2BD",
      torch_tensor_72_1_3_3_torch.float32: "0x04000000BB7ED73D36DBB73D04408ABECB1AAA3DC3D7503E36941C3D163FF9BC6CBC823EB71B95BE08CC1BBE8E471ABE0477933E9012A5BE2069073DAC52A5BED69633BC9674FE3D0BA59FBD13ACA53E56158B3AA3052EBE5009B03DE383313EAB9A2DBA3A00923E0E0958BEBBA3113E3ED2413E8B89293E563500B97BE0C23DD3E385BE80EE85BE96BAA9BC161F2BBDE3727D3EEED9773EB670673E88571CBECBFA85BECC15A0BE8010F73DE3C899BE945EAABECB802CBE331890BEEB8306BE9EE256BEA81D2FBEC841A23E76A580BD18938D3EAB58F23BC0922FBD66DFC7BD8EFE73BE2E1F89BEBE586C3ECB5ED2BD8365A6BE38A09C3E569CCA3B436764BE342786BEC6528FBE63A695BE9E709A3EDE586B3E6B57DF3C6F7491BE7B8DB2BDC852A0BEBB42EB3DEB42B5BD401692BD5000D5BDDE08203E98C2383E708B953D4BF92ABD80ED06BD00DCBEBBBE2D7EBE0A88A63E0B3613BE0E97463ECB593FBEABA6123B0BB2E93DEBB39CBECE911C3ECBA282BEF6863E3D505F87BD03A9433E02DFA53E86D9993D80F11BBCA01C29BED685FE3D9B4A24BE58FE0C3E7BF113BEFE87673E50E8823EEB4C513E56D35A3B8B4A1E3E5C849BBEF4678A3E7B5DB1BDE0DEF83D203467BD063BE5BDC04A20BEF62A5C3EC0B339BE36C570BD862F2C3E8B9B093D4E998FBEE6B4A9BE73F225BE9F689D3E63B272BEF01E3C3EEE54743E567B0DBE30BC16BE4E9175BE8BF7543D76DE3EBD40AB843C960E143E2B4E0F3E1B61D7BD968BBB3C402AA23DAB80E83BCB9B883D48450ABE17E48B3EEB0A0CBD20B02EBDEE2C99BEF36B77BE56E2293C4B2753BD939D2BBED0AB323E0077F4BCF615F03D2EBF8F3E4EED1CBEABFE27BE102E89BD563CE7BCE0B82ABEC0E5A3BDD66A1DBCDE1B193EFCE49D3EA6C27C3E0080103DEB13ACBCF0DDAE3DD6F05EBC962E33BDB6BFEA3DBCDA8ABE262491BE56F9B03A3BEACEBDAED428BE83E19EBE40A5643ED69959BCD36337BE460A0BBEA679B33DFE8B77BE4061AF3C56B286BB208FE83DCE67073E28055FBE7662133E9CDF803E80CCAF3CCEE42D3E7B3901BEFB98873D6079C73DE3A71DBEC3BE523E685DA1BE963700BE1BD648BECEA04ABED8D44EBE50D1A0BE6B506A3DFB0A87BD03B48FBE00C00FB96B7063BD20CF0C3E4BAE85BE2B0DC0BD2B848C3DCBAF103E1693CE3C6000B93DAE9AAA3EE67BECBD4EA2683EA202933E7AF996BE1622A53D1B59413E76F954BD9E613C3ED6C2393CF8EC813E562EEB3B7E875ABE609C813E2B07CB3DAF32913EAB77A93D1E40353E43D3543E6BE7653D5BB29EBD86FE8C3DA3FE6DBEAB933A3C406BDBBD00A5AC3C772087BEFB8F503E8F759DBE4E2C123EE3C9603E526A9CBEF6329A3EE3BD7DBE860D86BDD3E0303EBB79D8BD7818983E839416BEF6CB36BDE31F5FBEC35A1EBE5C8BA63E285A803E800FC93CAB85E03CB2D390BE2BD8803ECBB34CBD385E0EBE04D287BEA6518C3E23DB213E4E984D3EC05F0D3D639E67BE68D20B3E76761D3DF015E53D60FDA9BD961421BE0F1B8C3E5BD7E43D86880ABE80D8F33C1B6594BD8084E9BCE6673F3E34D687BE80759A3E86BC653EAB2A9639F09D0BBEA0308B3D70EE61BE9EB65D3E8E8434BEBB70823D3BE8A7BEB674233EA810673E5B19803E16E4DE3C3689493E46C3E83D53E7643EF89D403E325295BE4BEF0F3D9BBBE8BD40FC22BE9BEB6E3E966943BD6018543DDBE9563E53C2653EFB28363E4B5F6EBDA22198BE60D6A3BE1095D63D009F81BB93A857BE4B12153E94E99A3E2B6B453E0B9B40BDA07D383D73B959BE5E1B213E074284BE68A76B3E5BE71BBE966007BECFF38EBE3B15A5BD4B1104BDC3541DBE4BFA723E7BE4433ECE9F96BE4B9308BD8085E53DA3A8A43EFB3BA3BD068E513ED6FA98BC80EA02BEF8E1503E531498BE0FFC8E3E7F77AA3E7662BABD8BD5063E8630AA3E4BD0CD3DEB7B053EC0ABFA3DEEA50BBE46A3A63DF3EB35BE13BC913E264412BEA00F9C3D06C1C5BD33B32A3EAB0AB43BE8AE3B3ED0DAB8BD634C48BE66DD023E931840BE601F8CBEAEE0033EE3494DBE6E4C00BE6B75AABDD6E5C13C2B6FECBD6BB1F5BD9694ABBD20346F3EBB68CC3DB05424BE9EF06BBEAB14FD3BE0B3DA3D5691E4BB30D0473EAB8C8F3E5B15C83D6B24E13D7807463E20DEE9BD562F723D3AFB893EC87323BE8086D43C887205BECB3A83BE5ECB343E375F883E7E6638BEC6DAFF3DE055D13D5347053E48E43B3E3A559F3E3C89813ECA5595BEDECF05BE7848353E80DB42BED60B863DBB5412BEB095873DE68C263EFB91D63DEEF4773E2B4C24BDCE4C393ED0B2DC3DCB24D7BD7E1271BEB0239C3EC689CBBDEA8C803EA627573E2BEB5BBCDBF88CBEC0D4DB3CEB0125BEE0A3B13D0EAD07BEB38A833E4CFB99BEE6C6B7BDA04F573DAB3F023D78358C3EC6B2D7BD473C88BEB8FD613EF0C1BE3DD8D9603E20054ABE087B48BE6EE109BEAB24C23CF053E73D182644BE2B8C00BDB6F96BBDF7B89B3E7B32F6BD5663A53E9B5951BE78A60CBEA25D80BEDB757B3E46BA6ABE084A0D3EC0DAFABD2812AA3EE096403DB63594BE96FA6A3D0BFF253DFA11A5BE3B01893D16D5A23E8B74C43D5659E8BAB0848DBD7669B53DBE1118BE0F11A83EC288933EA8751F3E5B47FEBD903FA0BE107F44BE34F0A53EBAA69CBE68F4A2BE2BCFC4BCCB30D93DFBDCA9BE5C739EBE5689ED3A5BFDE4BDD3CC6D3E4600C43D7C2494BECED299BE48696A3E361A72BD985115BEE606D73D002B86BDE63D233E161EAD3DD0C913BE9CC988BE33C7383EA6134DBEEB0217BD00AE3A3D0BA546BEC3EE393EF31670BED6AAA73D0B06123D567AFA3DC67EA7BE00BD9D3CEE66263E06875ABE3BEDA83D5631AB3AFAC8903E708D90BDAB3E153B687514BEC63EA8BD8B6EC33D3E99A4BE1078813E0374753E9E8D103E70857F3E4681D4BD9B7E9B3D00EC8A3CB8076CBE603903BE8B5AF2BDABCAA8BDA28A97BE680E70BEE0A701BDE0B24FBD0BEC9ABE16DD913DA8DA393E30228E3E3BA28F3E1E836EBE50C8DABD70ED21BEA06A7A3DD6EEB63D50E2973D1077473E7014343EA83537BEB6516A3EB640663E76AE343DEF7B94BE335951BE303EBE3DD606EC3D5E239F3EFBB82D3E966DF73D00453ABCB3BE683E2B7BF8BDD6FA0A3E9E9222BE56E54BBBE8B9493EF89E1C3E903199BD004E8ABB487C3DBEE81A1E3E48AD653E36FDEA3DD025A5BE385874BEF381643E967E43BD669F513E66997B3ED6F8C7BD8B4448BEEA8FA0BEFE90023E80102F3ECBB36CBD00B0A5BE3BDB5BBE402193BC20C91B3EEBBFE4BDAE595CBEB6A06DBE54B3983E8B35F73D2F918ABE53CC52BECAE090BE008A453D889A0ABEABE693BA4BFE57BD466495BE1B8398BEBC5F84BE38F40EBE565B543D6B8520BE00AB42BC408B23BDDC149C3E869A1BBEDB58A03EBE0483BEA6648EBEB6FFDD3D83A746BE00142F3E7ED73CBEDC64863E5341A53EEBD0AE3C40E6913DB21D9F3E16594A3E6EFD94BEABD22EBC960E9ABEB85E823E20157ABD004618BB2EB651BEF89939BE9631313DEBCF8C3E7B922BBEEB03013D167D9A3E2AF4983E207785BD94F59F3E1B9BF83DD76F9B3E2B09223C9EA390BE16D3B9BDA6C0CC3D3306363EFE04AABE",
      torch_tensor_72_torch.float32_3: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_72_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_72_torch.float32_1: "0x040000006A911E3FDDAE733FDCC5533FF039BE3F849C643FC82F153FC992B63F2D432D3FEEF8B43FC700733F24918C3F907B023F2B13BA3F6A8F7E3F4FD03F3F7FA7243F8AA48B3F3026073FEA72AF3F2C13A33FF078B73FA1FCB83F3096343FDA565D3F4634A73F4CF4A83FC8A4BE3F6F1B4B3F4C33893F7FA77B3FC2DBA43F164A413F9BF0B93F331B5A3F51CA9F3F4E4AB03F8C28003F96EC8B3F3A3B283FBECF9E3F8ACEB63F3F51573FAE43293F61F13E3F26D9B13F2E436B3F5EB9203F3762B43F7CF5A93F0B25723FE35D873FB0DB873F91DBBD3F941EA53F4A888B3F656D813F2E9C943F5170213FF3B2A23F9CE39A3FC368873FC625A53FBD50673F70010B3FDD77153FE656BC3F6EC7553F938E223F7CA0BE3F0784253F9C02B43F4801B93F",
      torch_tensor_72_torch.float32: "0x04000000AD98F33D1028333E8DC2A63D50CDFC3DB2B61EBE98F23C3EC3FCF6BDB36FE63DDAB87F3D33C46F3C272F543D2AEF48BE6798433ECD3253BC6DEA363E0073A03BA7F6A6BD9A2F003ECD9E79BB2F1002BEE7DDCD3CD0D94BBE1DEDFCBD6B6D26BE004F283CEA7EE1BD33F68EBB0ABB1BBE777230BE333DBDBCF306C13C375F133E570D8CBD47D3423E807312BED3CC8D3D6F3F38BEE0EA383E23989ABD8381E33DE7D81D3CB0B6A4BDED4B43BDCD0499BD2A77FA3DAF93153E98E9423E13D742BDF3F576BDC39ACDBD333260BC7A20463D9ADA86BC6F5504BE1AB4713C67B6C2BB90D023BE27D05EBD671806BC1BE846BE4DD8E33CD3F2603D809499BCF362E2BC33119D3B5ACE503DDA3FC4BDB37C98BCF033EB3D673670BD336393B9A76C3DBE",
      torch_tensor_72_12_1_1_torch.float32: "0x04000000DA300CBEB152693E5C2B50BE69F0163E0841143E7803513E1621943DD525213EA9AC693E43E8683D4E05C93D6E2467BE4B949EBD5F6CD63C5F420F3DBFDFD0BD798592BED8BF99BD9156E23D0A897E3E1F7885BE99210D3EC23E8CBECF578DBEB71E39BE532D1CBDD31EA53D44CF60BEA0BE633E5BA8853EC07F913CCA9D703EFDD205BED4E0E9BDA49518BD6032013D76354EBE5FB36CBEDE8BE93DF075AA3DFB96903EE80AF1BD68C7D03D1B93EEBDA8EC113EF8FF82BC13225B3E5B3A243E740B763EC3E8173E48B1313C28BE7E3ECDA12DBE8C678B3E0C6E903EAF308D3E1E150ABEBBA01CBE5B9E953CB719B83D5B48143E0972F03DFFB37B3EFA1E94BD91F5C1BD2F2CC63DFABFA43D006F2CBEABBCE43CD06F60BE1B71ADBD6008E8BD7B8F813E130C85BE17882EBEA5A490BE021B953DCB8563BE8747BF3D50544DBE9C5B3DBE3B0417BE8F71313DE7CF873E98728A3E79A9B2BC72C590BEE851C3BDBD50E1BD877E7BBDAFE4E13D08C2143E2410033E94E3A83D4556EFBD3FB148BB967B163DC8FD16BE778CD3BC729913BD18A58BBE6C65483EFE16EFBC85897FBEA1DF693E750E1FBE2B50D13DA793923E9BF25A3CA117AA3D45E7EA3D136A5F3E4B65B5BD745726BE5A10B9BC4A2D673E0955CB3C78634D3E2EA80CBBE564B53DF875243C1E64003CA5A68CBE993681BE9D96C43CD74D123E8292463E44374D3CD834F93DBA43F73D252E7FBE67E881BEE33165BE98A1A23B34EA3ABEA031BDBDDCE730BD8EAAE63D9A13893DAE1C893ED450853E07953CBE8B666EBADE41433DD707813E353AB7BD7258E8BD74403BBE90D1593E4E7EA7BDFA6BDDBDE5EF473E7100883E575047BC625F50BE6BDA703E0C32CABDAB3808BEF3D04FBE802A0EBE978167BE5FA02ABE20A486BE93516EBDA3B5ED3D686660BE445DD3B9B103DABD9AFB0E3EA203803E87BE1CBDEEC614BE8A2163BE64AC2DBEEDB1AA3DFFA5873DED301F3EB7B12FBD12E4173E0DAE83BE7AED9E3D237C8F3E714792BEB07419BE753C3D3E69DE38BDC4911DBE4F56343ECE859E3C1E3F393CD691B3BD20B85E3E67F8233EC8D1533D2A73343DBEDA183EEF29383E8A83F2BD028C01BDCAC6013E393E0FBEB2338A3EF17C4ABEC067083EE85554BE10D1BD3D5A774E3E178A0E3D9005EDBC6AFA3B3E5D4154BEF56E47BE12F17BBE57F535BE5982F53B430A06BE44B6833D119A1F3C9D04763E102D00BE02BCA1BDA182433E3F7D95BD29818D3EC5D0EABD53324FBBCF128CBDACE9093EFC87E23DC96A1DBE0CC9423E334496BCBF8095BD4CCFBEBB50B94D3E18FC903E7BD60F3ED6E64E3DBEEB403E3E39F7BDB37B1ABE6BBBAABD52523FBE5033FE3D65A2E03CA945CABD2C15F0BCC28EBBBB97757D3E05F0833ED39163BEE4ACD83D054BE43DEB0EE23D443321BD8FDA933DE9C4943DEDDA8F3E40A88DBE3C59E0BDECE146BE6D630FBE2327683D9D48343E158A5FBE9043403E08EB763E79B411BE75604E3D91C117BED6417D3D670C09BEB44EE6BDBBE145BEEF8076BE4BE56B3EC95115BDF33503BCE01C13BE52094E3E0B3229BEE51EEFBD96C066BE2C9178BEA437833E7D4364BEFC3D23BD7B21ABBD3E8DD83D26219E3D5A9B62BEA5BC843EE33A93BE36E5E93C1C91C5BCAF0189BDA171493E3595793E76061A3D48D0D0BD24C45B3EF7B7393EFB5E543DA7B3A1BDDB66473C18BC833EEF39003D2E0369BD2C467ABE9F681EBEBA7E553E4E8C26BC247B9DBC5031E63D457C42BE1AC09FBC8C47A6BD75AA1A3EAE91703E919C393E84635C3E341784BE64E3D1BD40040C3D75127BBED260A03D38C341BEE456FD3D4B3F6F3EA4DF7CBED4B2773ECEED093E361343BEF2788D3E620280BE880147BEEE0B13BE94806FBC8253543D7580ADBDE9178CBEE07C08BD6B47603E9598633E06FA133E5FAC2B3D5CE6923D29E263BE2867EF3DF61893BE8826F4BD0E5E9BBD3012593E4CDF09BC6BA606BEF3934E3D6A4875BEBE869CBD68BCA33D619E9CBC765AF8BC59AA343E708C60BEF84115BE5B118F3E82496B3D1C723FBD521E193E93D4313E279545BD1343F6BD454641BD0FACD63D48F316BD940A2C3E660F71BE490811BEA459613E9F1E1B3DC41A6E3DF371C23DB8B28BBD986DECBD9C9BA93D26B09CBDE939F4BDB8371C3D7B008F3D2786D5BC47EA47BE93C832BDCC8627BEBC941B3EDEDD43BEFCB16B3E7E78EB3D53217DBE155E5B3E9A2A92BE727E89BCE28F38BEDC4C7EBE944EEA3C6C530FBE34AC553E6E6068BE865B753E2C56323E1C74813ED31FADBD083135BE766344BEA5D0753EA30613BE6A9611BDCB4036BD716B4B3DE49072BE485B6E3E71BA5ABE295F913E7154E7BDC2F603BE918622BDA3F8AE3D49155BBD628393BE2DEC4F3E5465923EF023153EB8A0903E3222A13DA24EB9BC59726BBEEC2D81BEA1854BBEB40096BDC3212C3E21ECF3BD30B237BCF67F85BBCB3A41BE520800BCDFB58E3E26436C3E1E23613EFA3BE9BCC7C2A73B379A213EABA6C4BD5999EFBD37EA7C3EDB02873CE59747BEB113793EF340443D302A1E3E045E80BE246C5B3D51CE343EB7942ABDB40528BE20806C3EC87D093E0661A83D8DD18B3D33C8D03BC984293E0D3E81BD5E012EBE4BC0E13D3ABB9D3DE319E13DFB5403BD53E91CBD3AF4BBBC17E49B3D72D562BE8BC289BE253ADD3D0BD821BE90EFC6BC3FE6A33D36D8253D72903E3EAFFE1A3D405E923D85ADD3BC2C892E3DF9C7D83D36AA493E3A0B8CBE6146F6BDCCA084BEF1B5EBBD9A31343ED80A8CBED76E84BE40292B3E92902EBEE40B583EAC36B83D1367943DBBD46A3E71E888BE0978583E19BABF3D2E1646BE01D98F3DDEC4A4BDFC4DEDBD360F00BDDB5D0BBE433E813E2A6D7E3E2F46FCBC2C1183BE5CAB90BCC13E9C3C6596453E222C183C7F11AC3D31DE9C3DCDB927BEDB5B37BEC81984BE5F9014BB371DB73D8326A8BC51778F3E668F61BD9FE340BEFC11453D887DA6BDA71822BD61368F3E9CB407BC651C813EF0E71D3D17F1DBBD6EB9583E5A6228BE537D1C3C4DE3843D48AD043EE15E88BE3504683C371399BDC5A83F3E6BE8C63D30F4EC3D02BC313E255C84BD678397BC1A266D3ECA406EBEAC534CBEBFFFAC3C7A31EABD9D6F873CE58F823ED51109BDA70A7CBEE95F06BE74BC873EBFE181BD939D01BE140F053ED960123D4F5082BEAD2C763E2976263E8E77803E165B013EE053C7BD6FFFC0BD84410F3E233765BDF8D0673DD3378FBE921F12BE2F9ADB3DA82A69BC8B1C0EBE2FEC80BEA6DF3B3E14BC6DBD533891BEC4988E3E34D90F3ED8CF30BE96BD57BE98D28E3E63FB9D3A50C831BE9E1A2A3EAA4B76BD6EFFA13C5EFD19BEDD5F7ABE1F5144BE1ED501BD580056BEB4AC913E35C24C3B2D55E2BD24A8E93D4E0983BEE33217BECF0EDE3DC2297BBE5F54133EA4C6C63CE87976BEE2AE92BEECD9BA3DEAB80B3E375F6CBDC6B182BEB35E2ABE8557FB3CCE112C3CD355973D1313513D3AE977BC6BFF1B3EA05E8F3EB92E763EC74D863EC288C7BD9FC9C9BDC6C602BD81BCAE3DD14EEF3D9FCAD2BC1DF03EBE61085FBE9A4A8E3E08F39EBD4CD31FBDDC2935BE5B8C12BE39DA813D1C02F93DC8B7E9BD569BD9BD372A6A3E9B3D18BE8F8B5CBE977938BDCBA38C3ED8A3803DBB60233DA43913BD1EB8383E1C8412BE1B6C483E49AB8B3DE776033D4DC7223D584E36BEEE8B5B3ED2401B3E503267BE8C9D89BE9E3198BD7D62443EED8811BEF1FC883E489F14BE758285BE3F08023E67A532BEC6643ABD5266B8BD3FE8BBBC57CA80BE5A9087BE6225FE3D58FC05BD235132BE02F9F0BB44E786BE6AEE9C3D06620C3E2B578F3EF0D170BE49600FBD246C203E5574873E425052BE943DFB3D8716F43DEB35323E31CB4BBE8AF2523E0BC100BE50F535BED0C66A3DDF6A7A3E41C143BE32D31D3EAC6A07BD39BCBC3D6797663E4B86A03DA36575BE83FFB1BD99AE6A3D3E5E79BE7093443DD5BA1EBE6C096BBDB57FD33D4AE86DBE16C83DBE71D3063E8E2E92BE466E4B3EFFEE63BEED4F98BBF2BA723D2149E93DB07837BEE91E1F3DEA90FE3DB38A7D3EC4745EBE38F712BE663AAC3DACD517BC2C7B47BE75CB78BEC83C83BE0FD94EBE9DB7FBBD4D444DBE99A881BE8D98B83CC25B2D3E845F0BBE357AEC3CF23869BBC32C0A3EC0004DBE2B8C603C14F5893E6609533E1C7D92BEFCFF31BD7B5A303BD336C3BD0E3542BE46B04DBE346B443EAC66BFBDBD2F98BC6E7AAD3D3C7035BE05C8D23C1DD42F3EF5D52CBE0B01AC3DE38B21BC8888223E2D6C443EB8D99C3DF4E80E3CE4767EBE3664EB3D2438343EC2BDD6BD31C292BEEB8B6F3ED7C58ABD72916C3D7231A6BDCE833C3EDD25903EAD4B393ED825BCBDE5274F3EFA3B103EBAB7E63C501A6EBE30DCFDBDA63B92BE9EB5453EC019923E6C312C3EE9E6BC3D02BA8B3DBD478E3E5CDD15BEAD7BC6BD3BB584BE712CEABC6F37A23C42D6A13D85A54DBEFCD308BDD29373BE9B7470BEBF1E1A3DE54690BEE86C9D3D9A2788BE3DB04DBE995875BD5C0B8DBE22BD6E3E5734723EF6661ABE27B1773D2839173E9DDEBB3D23641EBD7F688BBED6F1563EE9A281BE8EFB5ABD9AB1923C8DB5C2BD943CD8BD327B7FBED84C823CD74106BD96DA803E42A3C2BDEC79643EE7E65F3C2FCF04BE96998CBD802E06BD8BF6433B41CE42BD4874AF3D226F733E1CDB393D8224D63D838A363E13DF7E3DB643083E160F1B3E25588A3E4AE486BE494ECA3DB54E56BC9B5954BD5EEFE3BD86B7313E0535873E283D71BE64B51F3E4CD54B3EB0A74E3D71DB5E3B7379633E323A0C3C1A7693BD2BA1AEBC07AEBD3D8E00943D072E7FBC",
      torch_tensor_12_torch.float32_3: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_12_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_12_torch.float32_1: "0x0400000060215E3FFCA2B73FE08E193F0B474D3FAA45573F63A9BA3F69E6833F90A1AB3F334C733FB4F96B3FA25FA43F51C04E3F",
      torch_tensor_12_torch.float32: "0x040000006F1934BE031D1B3E337367BC0FF60DBE6D79323DCDBC893A83C3F5BD80F843BEC7A23D3DCD7A483B105C91BDCA5FE4BD",
      torch_tensor_12_48_1_1_torch.float32: "0x04000000151269BDFB9725BDC850933DEA94E7BD22CC693D6BEE093DDC53BA3DAC6100BE2F95F5BD99C3843D82F5543D9D9109BE94D8A4BD403C07BEEAC6D3BD496085BD869FF43D465CEBBCB6C7A93D4B5D0C3E49B7863D475004BE1AC1943DB481613DA91CE53DEFCB11BE00CDB53DACF6F13D6C8209BE4E6C773C3F59FC3DA6FED6BD7EFC413DD49E823D0CF31A3DA4F4123EB308F23D419DFD3D4F6293BC1EEDF73DFEBC09BE28849FBD5AE5FCBC399F2FBD0C86083E036D8B3D3350BE3D7912C93D16D1DCBDC4F288BC53A9AC3CB7C4193D4602983DC23E6BBDE74432BDF157F73DADAB1EBD9B56CDBD4A6EC83D5F2BC83D036239BD5D63ECBCAA1EDABD43DBF6BDAF525E3D218F7CBD1754EB3D88B1ECBD6E70A3BC483E4C3BABEC973DA93DEF3D142FC83D981F823D1BAE87BDBC1AD3BDAB3904BEE29CEA3B94590F3E2C97E0BC861CC7BB2CD0D6BD9581353D5868BB3D53B811BE1024D0BDA7F4DA3D0EFA0B3D0F7013BCBC5DD33CC1C6B3BCCA9DCEBD3C1C0ABEB06BC23DDEA18CBC0E915BBD739918BD973AA1BD071B2FBD0BC0FDBD7E36DD3D306A713D401495BD63C949BD659E843D52ED5ABDC0E51B3DA3C8223D8E14BABD2119143DA1B0103C6C16013E0FE955BD0AFB17BD28B1FE3DF063F1BDE7DA2A3C41680E3E008A84BDE0B10D3E8326033E7981093EBBA861BCD1B4053ED3CC80BD845F4ABD179D5F3D11C8F93C7BF5A23D72750C3E620BB9BD73E29C3DFBCB453D6DF39B3DBC2A8C3D13275DBDC3A1E9BDAE98EC3D4590A8BDBCFCBC3D63CD0CBE708FCCBC3684C83ADC95CC3C58273F3CFD4A3A3DC2A783BC03CA103D2043123E4F45BFBDA71C01BC5EAD61BD81AF013E5A0CFD3D5DF980BB77EE4CBDAFA4B6BD1184D33DBED922BC76330B3E4392A83D195F013EB6CCE93D7518C0BD280C2D3D2C2675BDE651943DFF9E54BC0BB94C3C1E71CCBD191804BEE8A15E3D4763093D5C6A4D3CADC5C83D6EDF76BDF6DD513D95CEA2BDF7FEF43CBCF806BDD704CF3DFE3F013E875E003E80C2D43BB350AE3DA0AC13BE3266ADBD2053D33C5B04533AF711E8BD64D682BD11108ABDB16F12BE0C89613CD382C93DFBF26F3D6D738CBD9CB807BE697CEEBD6D762F3B7659CB3D276C6FBDE0D9A0BD06B19DBD52B84CBC4D5C0CBE416D02BE9C7E113E5DFA8CBDAF43D5BCD02D1EBD3DD801BE8C73D0BC6EFA343D601070BDB693C9BBABFE34BA252313BEDED1D63DC3C7EE3D428BC93DBB2642BDB0789A3D8C7A0ABEB54112BDFA7BF0BCD0C850BD8D4E783DA8B186BDD80B89BC83B62ABD4CCC0ABEB543C3BC4D84FABD165EAC3D31FD9D3D9D750A3E638746BD6083F03BAD9FE73CD289133E1C7A073E85FC98BD9887FBBD403605BEC5598EBD108AF83D7A8E463D5E9B0E3E7B1BDB3D3A23093B2A35B7BD1354103EDF1FED3D73F57F3D307AA1BDC5DEE83DA63C573C8476C33D00C0763DC4F79C3D42B101BE0FE8A3BD614BB13DD056F6BC9F9500BE2569063EFA8F4CBB5D75EE3D6D0CE7BD7F8C4B3D65B05EBDF1C978BD9D9DF6BC2ED55ABD96FAA13D50A8E0BCB621E03D45E7063D6FB3B6BC85BDAABD875607BEDA772CBD78DE08BE0711DBBC189B1A3B036618BC923491BDE32ACD3D547AA63DE8A811BDD69669BDC8D7B93D4F97003E395507BEA678FFBC07765BBC860D56BDF85BFC3DEBA7AEBC79A0FA3D6E0D3B3A044280BC096DACBD7C9444BD1A813E3DA6C1823D2548A8BBEED40C3EC698CCBD34AD623D121F053ED099CDBCA3AEEA3D49EE1B3B6D5CDDBD3F2CA2BD690E5C3D13D87FBD16310E3D7E79113E43D2483DD8525DBC68C6133D5D4FAABDB261F8BD7434DEBDA00AF8BD7FA7F23C7450E63C713E7BBD829210BE3621A03D63BAA7BDB666C5BCA9DBF7BD5DC4A6BDB2A0763DF7B509BE9390A8BD6D9FDD3D8C9997BDBF0876BDCDFE25BD78B77C3D24E8C1BD3A1C6D3C4D73713D9DAB2BBC6BCDD53C1280E1BD61A4853D8CF35C3D085094BCF66CF4BDDC776C3DB9E4C03D3FD0CEBC39548B3DDA225B3DA7766CBDC52A24BCA120133E9BA1323A7455EBBD7B762CBC7C0F933DDDFB40BD77CD9ABDF882F33DAC609C3D36E2C8BC07A2F13B4A1C7ABC0142093DED16A83B42E1B2BD1C12DB3CE767773BF5E4183C3D4D61BD037B173DDA09EFBDB1B9303D7C2FA03DDB2082BCED9FE5BD708B09BAB2D856393976FFBD2D14D1BD1DB5083EC60EDD3D03D3A33D22C8CC3DB797633DBB5CA63DD5C8C33D431C0ABD914F96BC66C7D23D9B055AB85858C0BDE235E5BDDC52A53D9FDAF43DB691E53DADC6C43C9B0CCC3D9EB307BEA3F8D4BD22380EBEDE29EE3DC52FABBA6A1D88BD6E0C483DE04E5DBD5F95BDBD0507643D9B7FD83CDFAFD3BDE2B3C2BD75998A3D19C5E03D7C83403C257A94BD41BD8E3D2638CE3CB66501BE7290BFBDC566013D6AE9B63DECEE3DBD22EF8E3D2812B7BDB76F0D3E62A1D23D7E79DD3C0083833D27D54D3D486FAEBD04F8A4BAC5A61D3D997105BDD6BB0D3EA8FD63BD47FF03BECDBA8CBD282C09BE6597F33DF7B284BD85FACFBD82A27FBC162EC7BD536A9ABD9AB3963D0CF0DDBD7D678B3DBA90D73DB1BDA9B93A42833DB295A5BD3584E63DA7940F3E0D7E0C3D27B0063EA4CA12BE77D481BCF3EFEA3C9F7700BE97D98F3D435161BD42D455BD3389EABD1FB2713DC716D7BD30EAFABCF850833D10B1DE3DCFAF053D9B8B5CBDC49380BDC4EAA53DDB61DB3C0FD7F83DE0A35E3DFD21EE3D2133EEBDD0A4ED3DF2D087BDC5411EBD5C78623A79BDDDBC5FE3E93CA2B4033E5D9EB0BDDEAC363DE193EDBD3BA8B93C7A85F33D0452C73DC524FD3D6B04A03D5FA743BCAF5C1A3DD90977BD34EAFA3D8F02943DA55BD8BD6798FF3D485E0CBB533ED2BBF5CD21BDF2FB1BBD8FB8EC3B7B4F90BD737C09BE5D4498BD094CEBBC2539DF3D5076D93D861CB1BD219BB5BBC8A12ABD73239EBDA0ECCFBC64224DBD473AA53DD79992BDEAEAB53C2ED0A6BDC28438BDBBB4E83D531F91BDCD320EBC66280D3EC7594A3D367696BD2D7BB1BD26524FBDCA2239BDAAB3803D9F7003BD324FF93D2E31A2BD5EDF38BD283F573DC115EC3DD4620D3E2D41BD3C2D5CC73BD77084BD7D05A73DA158ABBD6B651BBD7610F7BD8F160EBE603AA53DD8A8203CC2A5EB3D7F38EB3D6A1E9B3DF8986C3DA96D19BD97FF9C3D67258E3DACA94C3DC68788BBE39DB03CCCE0273AE286D6BDEE3D093DB94FD9BD596D8F3D901FB0BD321E41BD",
      torch_tensor_48_torch.float32_7: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_48_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_48_torch.float32_5: "0x04000000BC2DA33FAC05523F614BBB3F6008613F5C38693F32BBA53F7CDDAC3F2535AE3FB25CAE3F1DF9063F5E4AA33FEB0D3D3F1468AD3FECCBB13FA553753F6011963F4E8A8D3FB01E9C3F7EECAA3F1286923FEA1E553F6884823F2A64873F213C163F4209953F5F992C3F7696A83F325AB93FE4B5883FAC96B53F5F61813F0C3FA83FACED9F3F2555153FCA56193FE044613F6279993F7F2E683FBF0A663F6AB3A63FF459B93F26199B3F30F8923F3587A03F02B6883F15B90C3FA804013F8DC4083F",
      torch_tensor_48_torch.float32_4: "0x04000000B26619BE1DA290BD8B791ABEDAEBA23C309020BE00031C3E7D9BB5BD5D5C0CBE4D32453CDD06C1BD9037F5BDB8F7153EADCB833D3A3B063D036AC93DBDDE88BDDA44AA3C689F453E9031B1BDAD0AA53D6F352C3EE7F9E4BC5084283E933557BDBA8C23BD20D5503D8051FDBC071E57BD53B51FBDA0A5273DA03FE2BDF2661CBEA08020BE4277493E00CFAF3B835BB73D1A2844BE33C0EFBC722420BE5A7C8DBCFA6F363EFDA1143E33E593BD5781DEBD609327BE77FDC9BD3D158C3D808AF2BD",
      torch_tensor_48_1_3_3_torch.float32: "0x04000000AED8173E00E611BE5C0E883EC0816FBEAB5A783A6A6A993E5AB5A93EB6B845BE9634733DE046213DE30820BE9BDBEBBD2BE7B83DF0596DBE2B46613D10B4133E608206BE44C38D3ED6B4B3BC06DE1A3E2603A93E6BABD0BDBB7B393E3B43C3BD367047BD766267BD56B707BBE8F100BE1602A03D00C94D3C235E583EE62C8ABD76EA083D06F2FDBDEAEC8EBE5E200A3E8BB42E3DCEB208BE20D0E6BD2B88B23D16E076BD980D5F3E6BAC9A3C23EF003EB8B7143EE080A7BDD6AE133E98E17B3E56527B3CD097853DD670463CFE536C3EFE1B10BE487135BEBBBC143E9B8894BE001EAF3BE6F91CBE9E4A613EB8E59EBE26F64E3EA8D9A83E80218A3D6BEFB5BCE7FEA73E9EDE11BE6BD1DABCB87815BEEB783CBDBB5E943D165B363D4BF080BDB4A3AABE40D28B3C80C621BC76654D3DFCC5823EBEE3A53ED0814ABEEB44AABC66C308BE504B9DBED35F78BE5C2EA03EA804473EFB58373E96B13D3E529787BEE0620F3D8BD79E3E4B7E3EBEF8D2973E5B6EB33D9324703E163912BE585C1D3E3E4B97BE9662ADBC4BB4E33D5BBACC3DB4D08E3EF2B4A73EE4439B3E262B653E80FA6F3E2B2B30BD027284BEA66CFDBD4B4719BDB37338BECB7A2E3E76A2EF3D964C5C3DCBE7A43D2BEC953E0BA6F83D12AA95BE6EC477BE4B71163E0B113A3D2677263EBE72AABEC7809DBE8B50513E18555A3E6E679ABEAB90013E9B4385BE483F813EDB36D63DC3C0A83EA646A8BEF74BA4BEB3C6663E9685973ECB20513EB8ED623E66BF8FBECE0F773E6B22A1BE4682983DD0955FBE789307BE0BC2713D983406BEEB0658BD14C3A1BEC3EAA0BE4E38043EA37A10BEE6A94FBE20AF06BE1E888BBE546E88BE933E4C3EE07A2D3E00DE353DE6743ABEB61FE33D005A753C10F173BE26E7923D46669B3E6BDEA7BEA8B5A9BEEBEE2E3D0C84803EA6B24FBEC047963DCBF36F3E307AD23D86BC933D5047AA3E8E5E5E3EA0F93FBE8007EC3CB6602E3E3783963E48CDA9BE76D5383E2B33C6BDD41EA7BEC688973D98D339BE007C413D109C5DBE7F6E80BE2BB3E7BC4653E5BD43A2473ED66EEB3C2037853E16DE7F3DEB84DBBD5032673EAB37953C8021803DA08FDBBD00CC9C3A2B4283BD6B27E8BC731985BEAB5806BB30A98DBED6DC92BD86D1453EA3586DBE8B1366BEF0B0A6BD6624BBBD4022673DABAA623DC6162D3E4E236BBED6B4C0BC9EE73E3E2F9F933E9630C7BC9B8045BEBB3DC43DB061423E7B3F55BED01246BE66DE163EAB53BFBCC731A1BEC6CE44BE006C0A3E408BE7BD23996B3E37EB863E6B9D463D40EDD7BC6BB2D8BD16148ABCEB84783D2A5D82BE8627A3BDF0F58DBEB87E513E9B5F59BE57E99B3E76FAAFBD9B8A43BEA3FE233EEB8A4B3DBB5B6C3E107F0E3EF268A4BEDBE3573E3B8E80BD06DC16BEDBC3583EDBF1783E120196BE80EAF6BC10278C3EA331043E0CC88F3EF0F2E9BD404B3CBE07C2923E8B460E3E47D6A33EE3920EBEA8285BBEE00820BD42B2A0BE50CB053E76C37B3EFBE0A33D80E706BD383C293E6BA958BE18F4A63E8AB3A9BE447DA3BEB650A1BD7B688B3E80B4083D6E16033E1E337ABE76F5F83D2B9118BD80D0083E6B10713EF05E143E2B48E8BCEB34A8BCD81356BE06ECF6BDB8CF5D3E9EDF08BE48FB533E7E5907BE06FE9EBD5675E83B6B9D9CBE00205ABBAB9E09BD2B50F5BCCB7788BDBB8C863E4EE67B3E565767BEF88E1E3E33DE85BECC4A91BECBADD03D5686A03BF33B1FBED09BA4BE782404BEA602E43D26F89DBEFACBA5BE2B392D3DE0E575BE888495BED38203BEE0D15BBDF0159BBEF0EA63BE400BB33C10EFA0BE56E73FBD5E665CBE00A06CBE9327063E425C83BE485681BEF6A7423E76457F3DA76D9B3E4679B6BD80DE24BEABB6FCBC000CDD3A7028823E66FFA9BEEB6CC2BC53FD163E6BF73BBE06722DBE96F4243EC087A3BE06C3A13DBA2084BEEEA9293E4AED91BE76DA513E038FA1BEEC748FBE56F7A03BBE7B863E7F2892BE4B4118BEC0E4953E80F664BDBE680D3E582EA4BE86AFD6BD0E572DBEE8E18F3EBEAA0D3E081079BEEB205C3D00147BBB5B3E0CBE70ED42BE0089E2BD2486863E83AF74BE832573BEA09DD2BDAB03BE3B7BD4B93D56E2233CDB55A4BDB0F74EBE40FC74BDA66709BEF3E2893EEA20A6BEF8B859BE4CDA8ABE208679BDFAFE843E9698953E249394BE569F6CBCE359483E7875163E32CB8B3ED67C17BCE35665BE6BCD613EAB18EABDD8BC303EE63BA8BD4B19113E8680993E02B29E3E5A519BBE08C961BE48210DBE2BAB59BE33C1A33E562BF1BC966B62BEC6E317BE5B8A3CBEA8420B3E3CDD94BE50219FBE903CA8BEC6F3123E1BC6283EB8FE53BE6649A93D90F77B3E8062463D907090BD80BFC93CCB6612BD6EDC2B3EEBC467BE4B172D3E2E62403E23CE4EBE365C8B3E4FA0A73E",
      torch_tensor_48_torch.float32_3: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_48_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_48_torch.float32_1: "0x04000000C1BD1F3F8A99BF3FBBCB833F68838C3FF791353FACD59D3F4EA0063F79D75A3F56706C3F68AAA53FF212743FE930893F00F0B03FC688963F9BFEB33F1861543FA28FA73FEB286C3F06BA763F1EAD8D3F14B4BD3F5E42803F6B54723FAFE64D3F8C252F3F46C3A43F2D71653F25E2543FA9E48D3FE4EC8A3FC8386B3F9A7CB53F1429A73FC4978F3F005D433F20F94A3FC6A6B73F7A368D3F14CC0B3FF9C46E3FFE658E3FFA46913FB94CB63F880D823F1793703FDF40AD3F36186D3FB69E943F",
      torch_tensor_48_torch.float32: "0x0400000030DF15BECD7BFDBB833E343E67083B3DBAF023BD6D6614BDA71CF4BDB3FDE83D0098583B139AD3BD9ADF3D3CAD357D3DE7C00A3C73FE85BCED8440BECD8FC5BBD00883BD33D527BB379CFBBD338B9A3DA39AFDBD405B84BD534FBCBDC033CEBD67BE3A3BBA42B6BD5A4CB1BD4DAEAC3CD026AC3D2AE5C2BDEA5ADA3DC00F733DFD1B1E3E4D819E3C7D0B283EB08C38BECDAB6E3DDAFD2FBE2D2CAD3DA7239DBD8DF327BDA8762D3E52BB3F3EC06C4DBD13C9EBBDD0D3DF3D1370B5BD0A9EC0BD",
      torch_tensor_48_8_1_1_torch.float32: "0x040000001B8CC4BD03B28BBDDC960A3D7B69A73EC5119B3C83895FBEBF72943CC8972D3EF395333EC770A5BE739181BD068686BE077A1ABEAD70023E1C8C80BE5A94063E2FA5993ED3F6BD3C584B71BE88B601BECD1C9E3D8AFE89BE53DD333E8A57A4BE3F03AEBEADE3AFBE85E392BD5C72733EBC54ABBE0076963EE1D210BE1C12D43D8514843C853AA3BEE51F963EF6EF423EB4EEB33E06E8363E72F86EBE6713973E17A99B3C48AF2B3E862591BE8B43D0BD23BDB1BEE8020DBEBE349C3D24218EBE58CFE63D4658423ECCBD493DEA3B72BE0D598CBED063DFBD7AEB1E3E8C8EB23EC82E503E5D1323BD99DFFD3D6397B1BEDD9B9ABE1CEE283E6F104DBEDC2C2E3E22937FBE5B5233BE881A95BE30ED3C3E538F13BD0C508B3E3F0E603ED754483EA1443A3C68DEDFBDF56F9DBDEB75403D4D77333E00A47DBEEFEC973E3D751DBD32AF97BE44E243BE4B2BA03E0F8CA53EAEACA7BE63587F3E6370353E214C563EF83C993EF01E43BE64A5E43D8328143EC6F5D5BD9450F23DA653D0BDA2D55F3E0AE6C8BD6AF706BE2849B63DAE69003EBFE130BEB403003D79D0513E2E1610BD7E5CDC3D55A3AEBDF1C9FD3D1D2183BEA0E354BE74C437BED65BA63E73D6C2BD4B0E7DBAF7672FBEB6B5B43ED2CBB03EB98588BE36BF92BE1D3689BE6C7DDFBAF591B8BD89F86CBE6ADA01BEF1CC883D6F293DBE6171A03DDD0AA6BD406E2FBE97F4463D3AD8943E4FC474BE077D863C188205BEABA2B13E97BEABBE4589ADBEAC5FB23EE80E65BE91D28A3D1AF8F9BC2E8898BD98B8A1BDD70D663E4F6F8A3C393EB0BEB3BB55BE93D6F6BD0D2F363E95496ABECAAFAA3EF445A1BD4A0482BDD2D68D3EA3F6353EB486993E526B513ED5A6DBBDE23370BE877ED7BC83D1953EC303F3BD34DFA7BEF268143E9737B03EF721CEBD66E395BE0232A4BE0E74B53DC64EDBBC2DD336BEEE5B923DC57C093ED6F78F3E4A8A8C3EE2C358BDED9D9FBEC192A3BE1004A93E840A203EB9D01D3E2A9F9CBE73A0A73EC77CAB3E676FA33E88B498BE0C9B08BE41FF78BE496BAB3E8F8F1BBE574A25BE3EAD3D3EF07927BEE34F32BE3058FDBC29320BBD9A028DBEF9E8963EFFB31FBEA66B003E99729D3E0295363E90074D3D86059A3E84AB423DE57F27BE843EAB3EFF5FAB3DFA9DB0BE8323CEBDE59B76BE91B59E3E22286FBDEE00A5BE5B12B6BC6D5D633E981DBC3DDAF4E43DAA7E063D8CF9063E426CB0BDE10410BE4733A9BE595E88BE92E81C3E315E56BEFBC24F3D8A1EE73DE811CD3C49BA6ABE2A1DAD3E798652BE75E3943E9C0090BEFB2CAEBD10F0443E08EC13BE6310983EA62379BECF0398BE0B4023BE45186A3DB3ACA63E6CD62CBEAA79013E0288B5BD6C069DBDA81A853E95498CBE36D0193D743BAA3E7EFE46BDE18C8C3E0BFCDEBDB6B6913E021BAFBE9FB650BDFA5C7EBDA0A9EA3DA7090E3E5DFD8A3E37C157BDF2B465BC9BED773E77EAC3BD09B09E3EBC0C71BE60B41CBD41909BBC958B213E6784773EB98965BD94F895BE2963333E3298D83D416E113E77545FBEA901693E1074AB3E1551FB3CB114A9BEC1257E3E8E3786BEF771A63D5171523D847229BEDA1EFC3DDCE8A1BE5DEAA43DC78365BE23981CBD44463A3DEA379A3E6ABC2CBE5EEF673EF2F637BD35F12BBEAFA19DBEAC16A6BE11C9B03EA595B4BDCEAA903C694EC43DDF16763ECD7E9A3E4ECF923E3A1D86BECB0468BD5E3B56BEF7D94EBE9AC1AB3DD7E9A93EEB0391BE801B5B3E7BB43BBE19088DBD19B08F3EC9C3A3BDE1DC033DAA137DBE4F179A3EE5333BBD546584BE6F04D43D38B580BEE2A38FBED570B03C20858F3EFEE6CCBD4D662A3EC38D9B3E4820703E50E93DBE1BBF1EBD2FDBE3BDD28F91BE502D19398E34883EF982983E251D073D6374A43D00BC1CBE1DA4883EBAA516BEBD7D7BBEA3015F3D2D00593E9C34A3BEB6A2A33E8F3C023E1FA67DBEC0F89BBD7A0C9D3E62E28ABE9DA1D3BDAC7BED3D9D969EBE0D78463E58753C3ED389603E14D166BEA24BB43E439A56BE0CB8B43EF7B8ADBE6548A1BEE15C5E3ED459173D0A16A73C617B48BEC8DD17BE0EB6D3BD4A57B0BE7584963C3D0F803DFAEE9CB998D3E93DA8C2AB3E4785C03D498804BEEEFE14BE65A267BED6F87ABE9F3969BD7A1080BD",
      torch_tensor_8_torch.float32_15: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_14: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_13: "0x04000000CB42953F503DA73F12704B3FC099993F1F7D393FEC79323F8FFFA23FAD34783F",
      torch_tensor_8_torch.float32_12: "0x04000000D7A7E0BD27F688BDD306B6BDA3C3D83D67E21CBB6B4F413E5F883CBE23A9CDBD",
      torch_tensor_8_8_1_1_torch.float32_1: "0x04000000784A82BD39F20C3EA99C803D33091A3EB90FF6BD0A85303E9DDF7CBE5789A33DD2F374BE1695B2BE5E5E91BECBE88E3E36E0433ECFD5A93EB804913E93A8A1BE031177BE20FF69BD9E1E6BBEFC657B3E1EDA88BEA2A330BE98E1AEBEBD8B4DBE63E2943E1E36943E9994813E1CC58B3EBFF5A03ECF68B9BD3A4C1F3E9046A13ED389EF3DF3F5B43EAAC63B3E8C0F613EE06BFDBD53B72D3E0767263D16ECACBDB3154CBE59254BBE794A8BBE2B0C733E3AB1803E81D124BDB88151BE2CE98B3E0C85673E594BD73C65EE2ABE8D5DA63E660D143E846B89BE2140AD3E1A76893EB5F503BE8D854B3ED6B44DBE53F262BD28B4993E92586F3C290580BEAF02F2BD",
      torch_tensor_8_torch.float32_11: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_10: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_9: "0x04000000703FA93FF324953FD231743F5B32193FFD16393FED58A43F1735443FC74C1D3F",
      torch_tensor_8_torch.float32_8: "0x040000005D160F3EB7ABC8BDBBA72E3EDD1EFFBDB3CE61BC505F9EBD7346E0BD8A1887BD",
      torch_tensor_8_1_3_3_torch.float32: "0x040000002BFD2D3C4EAD65BE1EF489BE1009883E40545E3DDA968D3E8BDBE4BD4B15C93D101C9CBD2BDF72BC18E34FBEE6E0E63D00D6D73DAB51E1BB808899BD766852BE1B0C6C3EC6187EBE1ED50B3E908CE5BDB3AE24BE8046753DD84E31BE2B4A9D3D0B10863DB86F7DBE7653633D4362113E3E1C073ECBDD2BBD12E98BBEC07852BD6B18ED3DE616F9BD4E90013EB350633E4E3A32BE566F573B18240D3E1606D63CC018E43CA07B2A3D522B86BE2B99D63CF05C6C3E43CA993E769E483E76F5363D53681F3E3E0D26BEF36D8DBE87C292BE3C42AA3EBEAC583EEEF06BBE4E8B053EC7E1803ED799AA3EE63A953E8339843EF6819CBD8093EFBD2C208C3EB8463F3E40684DBEAA6E993E0BEB243EAB123A3E8EF055BE60DBC33D3B51EFBDFE59853E",
      torch_tensor_8_torch.float32_7: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_5: "0x040000000600993FD092A63F3DD3A53F9A8A713F2664AA3FDC7DAB3F3EDA8F3F4A5E1D3F",
      torch_tensor_8_torch.float32_4: "0x0400000007F649BE334B81BACA0CF43DCD45E23D80F4313CA07C4ABE27FB323EF0539D3D",
      torch_tensor_8_8_1_1_torch.float32: "0x0400000021988DBE7FC13DBEFB2B923ED8E792BE13F9CFBC4312B33E23C8023EB401243C87DF9CBE9058333EC4EF80BE288ACDBD95F0F2BD147456BDFF717D3B5D4E953E33C9343D4123A23EAC765D3ECAE264BE3660223E78EC7FBEEB7019BEB3F7D43DA915EF3D48CE873E8C17E9BDF25E143AD3623A3EF80FAFBE9CDF823E5FB095BE6EAC9F3BE83576BD0DAD3EBE73673F3D33B0953E76A9D3BDB2F056BE5DE505BEC16AB3BE0D6C233EC1DF2DBE5D9A71BE2C9250BE0528503EE5B93F3EB1EF8A3EDE51033E0AD0F1BD9257CABD04EAD53DDECD943EF8DEC43D034C2BBEAA2F2ABEEF25ABBE7A6F9C3D762B4BBE7864A1BE4ABB9E3EAA1C6BBE8BBE24BD8871CF3D",
      torch_tensor_8_torch.float32_3: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_1: "0x04000000923A203FCB7ABC3F4BF4873FD505093F2E16363F94DC9E3F1CC58E3F519C9F3F",
      torch_tensor_8_torch.float32: "0x040000009A3C993B003C423B6BC04B3E17E8CF3DF349013E00E4D93AB3FA21BD4D97993D",
      torch_tensor_8_3_3_3_torch.float32: "0x040000008BDABCBAC56ED33D543222BEDB0711BECCCD97BDC461533D56E479BBFC401C3ED7E88BBC6E96503D293A6EBD9CF21ABDFC443CBEE48302BE0379A2BDB69AE93B09D19B3DDD7DEC3DE29905BEE2A1ABBD58288F3DC5A4233E2D3A22BD0E78133E221DFEBC43D2A63CF270323EA2D036BEEC1FF8BD619047BD88A299BD87442A3EDB78FFBD416FB5BD28AE09BE299138BEFD12E6BD6966293E1CDFAF3D1C07BF3D9AD3253C6511CABD395D053D8F0038BE34650EBE9A30CBBD2EADF83D6317E73D54CCAEBDFC8AE3BB3613FC3DA8E9433E206D9C3D15FBD43CCB21043EBA11E8BDF4E3123DE2C918BEF29508BEE89ACBBD3456B23DB1819E3DF077E9BDC6246E3DE15ED83DF6FCC6BCD7C7F03BADA5363D8C83F43D72393D3EAEDD17BE887090BD6AE69A3D0448233EA57D2B3E94E22D3ED9E01C3D215E2BBEE807913C2093F6BDC0A837BE1F182F3EE0D7153EEC9444BE0C8B133DFCCA04BD34B801BD566BB4BD7091973DFF72E9BDCD7C903D9451C73D76130D3E5D5F933DC90B43BE0CADFFBD86CCC43DB5FC243DF5BA19BEC5F3E2BD7664393EDEC9043E9FDAABBDA06546BD3ABA3BBE7BB262BB8C6714BEAA0218BE15BC2DBC1BB6EC3C4F69A1BD5EDFE93D27D9EFBD7ED0323E210D073E512F26BE7F3044BDB8460E3C4105E63C6CF53A3DBAAB9A3D11DF3C3CA84FC0BD6D80BA3DC2093DBEAC9BE9BD335445BD62FDBFBDEFE189BD9E8521BE9CAD27BDBD7F283D366200BEB1D021BC6A120D3EE211A2BC6E43AF3BE10188BC44881F3DBD9BFA3D3AAC3A3EAE4CFA3D91193B3E9E0964BCFE0731BE0CDABABD6C2F063EF984A3BA9EE7C3BD260417BE656D38BEE85326BE29E41FBDC425D83D4B16D53D3D0F3EBE28DBF53D51351ABE4AA626BDE5CF9FBD7BD517BDACC51ABDFBD630BE21282ABEAAB2F6BC201B233B020CB3BDAD78943D9E5F31BE4FCB54BC644E2D3E01C4A0BD2EF4313E0DBD8E3DD4D831BEB45EF93DE0ECB5BC20F2AFBD38961D3E1C401FBEF52BA93C4D0A25BDB9BA0C3EF60A5C3DA462BD3D7B318B3D728F3DBD56C725BD9C6622BEAE8FD53DE8771C3EE5D6063E14020BBEC6A00C3CACEB0ABE74F7D8BD90AAE5BDD3B1863D35DFEABD729589BB25A5043CFF11FE3DE4F714BE4B4A07BE54DCE4BD63EF093EC2AD8DBDB339263EF0858E3DE4A1C73C2FC6BBBAD9D31BBDDACDC53CA0FF33BD933DB1BA2E28C93C"
    }
  }
#-}
