// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of tests/upstream/export_torch.py:torch_attention (torch.manual_seed(0), eval mode, inputs 2x6x16 dense and tensor.reshape of a flat constant)
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
#map6 = affine_map<(d0, d1) -> ()>
#map7 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map10 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map11 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2) -> (d2)>
#map13 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @forward(%arg0: tensor<2x6x16xf32>) -> tensor<2x6x16xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %cst_1 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<2x2x6x6xf32>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_6 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_7 = arith.constant dense<true> : tensor<6x6xi1>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_32_torch.float32> : tensor<16x32xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_32_torch.float32> : tensor<32xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_32_16_torch.float32> : tensor<32x16xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_16 = arith.constant 1.000000e-05 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_18 = arith.constant dense_resource<torch_tensor_16_16_torch.float32> : tensor<16x16xf32>
    %cst_19 = arith.constant 0xFFF0000000000000 : f64
    %cst_20 = arith.constant 0.59460355750136051 : f64
    %cst_21 = arith.constant dense_resource<torch_tensor_48_torch.float32> : tensor<48xf32>
    %cst_22 = arith.constant dense_resource<torch_tensor_48_16_torch.float32> : tensor<48x16xf32>
    %cst_23 = arith.constant 1.600000e+01 : f64
    %cst_24 = arith.constant 1.600000e+01 : f32
    %cst_25 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x6x16xf32> into tensor<12x16xf32>
    %0 = tensor.empty() : tensor<16x48xf32>
    %transposed = linalg.transpose ins(%cst_22 : tensor<48x16xf32>) outs(%0 : tensor<16x48xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<12x48xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<12x48xf32>) -> tensor<12x48xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<12x16xf32>, tensor<16x48xf32>) outs(%2 : tensor<12x48xf32>) -> tensor<12x48xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_21 : tensor<12x48xf32>, tensor<48xf32>) outs(%1 : tensor<12x48xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<12x48xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [2, 6, 48] : tensor<12x48xf32> into tensor<2x6x48xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %extracted_slice_26 = tensor.extract_slice %expanded[0, 0, 16] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %extracted_slice_27 = tensor.extract_slice %expanded[0, 0, 32] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %expanded_28 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %5 = tensor.empty() : tensor<2x2x6x8xf32>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<2x6x2x8xf32>) outs(%5 : tensor<2x2x6x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_30 = tensor.expand_shape %extracted_slice_26 [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %expanded_31 = tensor.expand_shape %extracted_slice_27 [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<2x6x2x8xf32>) outs(%5 : tensor<2x2x6x8xf32>) permutation = [0, 2, 1, 3] 
    %6 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_29 : tensor<2x2x6x8xf32>) outs(%5 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.truncf %cst_20 : f64 to f32
      %103 = arith.mulf %in, %102 : f32
      linalg.yield %103 : f32
    } -> tensor<2x2x6x8xf32>
    %7 = tensor.empty() : tensor<6xi64>
    %8 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%7 : tensor<6xi64>) {
    ^bb0(%out: i64):
      %102 = linalg.index 0 : index
      %103 = arith.index_cast %102 : index to i64
      linalg.yield %103 : i64
    } -> tensor<6xi64>
    %expanded_33 = tensor.expand_shape %8 [[0, 1]] output_shape [1, 6] : tensor<6xi64> into tensor<1x6xi64>
    %expanded_34 = tensor.expand_shape %8 [[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64>
    %9 = tensor.empty() : tensor<6x6xi64>
    %10 = linalg.generic {indexing_maps = [#map4, #map5, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_33, %expanded_34 : tensor<1x6xi64>, tensor<6x1xi64>) outs(%9 : tensor<6x6xi64>) {
    ^bb0(%in: i64, %in_52: i64, %out: i64):
      %102 = arith.subi %in, %in_52 : i64
      linalg.yield %102 : i64
    } -> tensor<6x6xi64>
    %11 = tensor.empty() : tensor<6x6xi1>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<6x6xi64>) outs(%11 : tensor<6x6xi1>) {
    ^bb0(%in: i64, %out: i1):
      %102 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %102 : i1
    } -> tensor<6x6xi1>
    %13 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %cst_7 : tensor<6x6xi1>, tensor<6x6xi1>) outs(%11 : tensor<6x6xi1>) {
    ^bb0(%in: i1, %in_52: i1, %out: i1):
      %102 = arith.andi %in, %in_52 : i1
      linalg.yield %102 : i1
    } -> tensor<6x6xi1>
    %14 = tensor.empty() : tensor<6x6xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map6, #map6, #map], iterator_types = ["parallel", "parallel"]} ins(%13, %cst_5, %cst_6 : tensor<6x6xi1>, tensor<f32>, tensor<f32>) outs(%14 : tensor<6x6xf32>) {
    ^bb0(%in: i1, %in_52: f32, %in_53: f32, %out: f32):
      %102 = arith.select %in, %in_52, %in_53 : f32
      linalg.yield %102 : f32
    } -> tensor<6x6xf32>
    %16 = tensor.empty() : tensor<2x2x8x6xf32>
    %transposed_35 = linalg.transpose ins(%expanded_30 : tensor<2x6x2x8xf32>) outs(%16 : tensor<2x2x8x6xf32>) permutation = [0, 2, 3, 1] 
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_35 : tensor<2x2x8x6xf32>) outs(%16 : tensor<2x2x8x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.truncf %cst_20 : f64 to f32
      %103 = arith.mulf %in, %102 : f32
      linalg.yield %103 : f32
    } -> tensor<2x2x8x6xf32>
    %collapsed_36 = tensor.collapse_shape %6 [[0, 1], [2], [3]] : tensor<2x2x6x8xf32> into tensor<4x6x8xf32>
    %collapsed_37 = tensor.collapse_shape %17 [[0, 1], [2], [3]] : tensor<2x2x8x6xf32> into tensor<4x8x6xf32>
    %18 = tensor.empty() : tensor<4x6x6xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
    %20 = linalg.batch_matmul ins(%collapsed_36, %collapsed_37 : tensor<4x6x8xf32>, tensor<4x8x6xf32>) outs(%19 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
    %expanded_38 = tensor.expand_shape %20 [[0, 1], [2], [3]] output_shape [2, 2, 6, 6] : tensor<4x6x6xf32> into tensor<2x2x6x6xf32>
    %21 = tensor.empty() : tensor<2x2x6x6xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38, %15 : tensor<2x2x6x6xf32>, tensor<6x6xf32>) outs(%21 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x6xf32>
    %23 = tensor.empty() : tensor<2x2x6xi64>
    %24 = linalg.fill ins(%c0_i64 : i64) outs(%23 : tensor<2x2x6xi64>) -> tensor<2x2x6xi64>
    %25 = tensor.empty() : tensor<2x2x6xf32>
    %26 = linalg.fill ins(%cst_1 : f32) outs(%25 : tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
    %27:2 = linalg.generic {indexing_maps = [#map2, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%22 : tensor<2x2x6x6xf32>) outs(%26, %24 : tensor<2x2x6xf32>, tensor<2x2x6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_52: i64):
      %102 = linalg.index 3 : index
      %103 = arith.index_cast %102 : index to i64
      %104 = arith.maximumf %in, %out : f32
      %105 = arith.cmpf ogt, %in, %out : f32
      %106 = arith.select %105, %103, %out_52 : i64
      linalg.yield %104, %106 : f32, i64
    } -> (tensor<2x2x6xf32>, tensor<2x2x6xi64>)
    %expanded_39 = tensor.expand_shape %27#0 [[0], [1], [2, 3]] output_shape [2, 2, 6, 1] : tensor<2x2x6xf32> into tensor<2x2x6x1xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map9, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_39 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%21 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.subf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x6xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x2x6x6xf32>) outs(%21 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = math.exp %in : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x6xf32>
    %30 = tensor.empty() : tensor<2x2x6x1xf32>
    %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<2x2x6x1xf32>) -> tensor<2x2x6x1xf32>
    %32 = linalg.generic {indexing_maps = [#map2, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%29 : tensor<2x2x6x6xf32>) outs(%31 : tensor<2x2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.addf %in, %out : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x1xf32>
    %33 = linalg.generic {indexing_maps = [#map2, #map9, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %32 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%21 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.divf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x6xf32>
    %34 = tensor.empty() : tensor<2x2x6x6xi1>
    %35 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<2x2x6x6xf32>) outs(%34 : tensor<2x2x6x6xi1>) {
    ^bb0(%in: f32, %out: i1):
      %102 = arith.extf %in : f32 to f64
      %103 = arith.cmpf oeq, %102, %cst_19 : f64
      linalg.yield %103 : i1
    } -> tensor<2x2x6x6xi1>
    %36 = tensor.empty() : tensor<2x2x6x1xi1>
    %37 = linalg.fill ins(%true : i1) outs(%36 : tensor<2x2x6x1xi1>) -> tensor<2x2x6x1xi1>
    %38 = linalg.generic {indexing_maps = [#map2, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%35 : tensor<2x2x6x6xi1>) outs(%37 : tensor<2x2x6x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %102 = arith.andi %in, %out : i1
      linalg.yield %102 : i1
    } -> tensor<2x2x6x1xi1>
    %39 = linalg.generic {indexing_maps = [#map9, #map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %cst_4, %33 : tensor<2x2x6x1xi1>, tensor<2x2x6x6xf32>, tensor<2x2x6x6xf32>) outs(%21 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: i1, %in_52: f32, %in_53: f32, %out: f32):
      %102 = arith.select %in, %in_52, %in_53 : f32
      linalg.yield %102 : f32
    } -> tensor<2x2x6x6xf32>
    %collapsed_40 = tensor.collapse_shape %39 [[0, 1], [2], [3]] : tensor<2x2x6x6xf32> into tensor<4x6x6xf32>
    %collapsed_41 = tensor.collapse_shape %transposed_32 [[0, 1], [2], [3]] : tensor<2x2x6x8xf32> into tensor<4x6x8xf32>
    %40 = tensor.empty() : tensor<4x6x8xf32>
    %41 = linalg.fill ins(%cst : f32) outs(%40 : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
    %42 = linalg.batch_matmul ins(%collapsed_40, %collapsed_41 : tensor<4x6x6xf32>, tensor<4x6x8xf32>) outs(%41 : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
    %expanded_42 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [2, 2, 6, 8] : tensor<4x6x8xf32> into tensor<2x2x6x8xf32>
    %43 = tensor.empty() : tensor<2x6x2x8xf32>
    %transposed_43 = linalg.transpose ins(%expanded_42 : tensor<2x2x6x8xf32>) outs(%43 : tensor<2x6x2x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_44 = tensor.collapse_shape %transposed_43 [[0], [1], [2, 3]] : tensor<2x6x2x8xf32> into tensor<2x6x16xf32>
    %44 = tensor.empty() : tensor<16x16xf32>
    %transposed_45 = linalg.transpose ins(%cst_18 : tensor<16x16xf32>) outs(%44 : tensor<16x16xf32>) permutation = [1, 0] 
    %45 = tensor.empty() : tensor<2x16x16xf32>
    %46 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_45 : tensor<16x16xf32>) outs(%45 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %47 = tensor.empty() : tensor<2x6x16xf32>
    %48 = linalg.fill ins(%cst : f32) outs(%47 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %49 = linalg.batch_matmul ins(%collapsed_44, %46 : tensor<2x6x16xf32>, tensor<2x16x16xf32>) outs(%48 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %50 = linalg.generic {indexing_maps = [#map11, #map12, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49, %cst_17 : tensor<2x6x16xf32>, tensor<16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %51 = linalg.generic {indexing_maps = [#map11, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %50 : tensor<2x6x16xf32>, tensor<2x6x16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %52 = tensor.empty() : tensor<2x6x16xf64>
    %53 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<2x6x16xf32>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %102 = arith.extf %in : f32 to f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %54 = tensor.empty() : tensor<2x6x1xf64>
    %55 = linalg.fill ins(%cst_0 : f64) outs(%54 : tensor<2x6x1xf64>) -> tensor<2x6x1xf64>
    %56 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%53 : tensor<2x6x16xf64>) outs(%55 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.addf %in, %out : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %57 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<2x6x1xf64>) outs(%54 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.divf %in, %cst_23 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %58 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %57 : tensor<2x6x16xf64>, tensor<2x6x1xf64>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f64, %in_52: f64, %out: f64):
      %102 = arith.subf %in, %in_52 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %59 = linalg.generic {indexing_maps = [#map11, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %58 : tensor<2x6x16xf64>, tensor<2x6x16xf64>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f64, %in_52: f64, %out: f64):
      %102 = arith.mulf %in, %in_52 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %60 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<2x6x16xf64>) outs(%55 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.addf %in, %out : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %61 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<2x6x1xf64>) outs(%54 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.divf %in, %cst_23 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %62 = tensor.empty() : tensor<2x6x1xf32>
    %63 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<2x6x1xf64>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %102 = arith.truncf %in : f64 to f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %64 = linalg.fill ins(%cst : f32) outs(%62 : tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %65 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%51 : tensor<2x6x16xf32>) outs(%64 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.addf %in, %out : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %66 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.divf %in, %cst_24 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %67 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.truncf %cst_16 : f64 to f32
      %103 = arith.addf %in, %102 : f32
      linalg.yield %103 : f32
    } -> tensor<2x6x1xf32>
    %68 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = math.rsqrt %in : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %69 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %66 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.subf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %70 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %68 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.mulf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %71 = linalg.generic {indexing_maps = [#map11, #map12, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %cst_15 : tensor<2x6x16xf32>, tensor<16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.mulf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %72 = linalg.generic {indexing_maps = [#map11, #map12, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %cst_14 : tensor<2x6x16xf32>, tensor<16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %collapsed_46 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<2x6x16xf32> into tensor<12x16xf32>
    %73 = tensor.empty() : tensor<16x32xf32>
    %transposed_47 = linalg.transpose ins(%cst_13 : tensor<32x16xf32>) outs(%73 : tensor<16x32xf32>) permutation = [1, 0] 
    %74 = tensor.empty() : tensor<12x32xf32>
    %75 = linalg.fill ins(%cst : f32) outs(%74 : tensor<12x32xf32>) -> tensor<12x32xf32>
    %76 = linalg.matmul ins(%collapsed_46, %transposed_47 : tensor<12x16xf32>, tensor<16x32xf32>) outs(%75 : tensor<12x32xf32>) -> tensor<12x32xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%76, %cst_12 : tensor<12x32xf32>, tensor<32xf32>) outs(%74 : tensor<12x32xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<12x32xf32>
    %expanded_48 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [2, 6, 32] : tensor<12x32xf32> into tensor<2x6x32xf32>
    %78 = tensor.empty() : tensor<2x6x32xf32>
    %79 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_48 : tensor<2x6x32xf32>) outs(%78 : tensor<2x6x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.divf %in, %cst_25 : f32
      %103 = math.erf %102 : f32
      %104 = arith.addf %103, %cst_2 : f32
      %105 = arith.mulf %104, %cst_3 : f32
      %106 = arith.mulf %in, %105 : f32
      linalg.yield %106 : f32
    } -> tensor<2x6x32xf32>
    %collapsed_49 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<2x6x32xf32> into tensor<12x32xf32>
    %80 = tensor.empty() : tensor<32x16xf32>
    %transposed_50 = linalg.transpose ins(%cst_11 : tensor<16x32xf32>) outs(%80 : tensor<32x16xf32>) permutation = [1, 0] 
    %81 = tensor.empty() : tensor<12x16xf32>
    %82 = linalg.fill ins(%cst : f32) outs(%81 : tensor<12x16xf32>) -> tensor<12x16xf32>
    %83 = linalg.matmul ins(%collapsed_49, %transposed_50 : tensor<12x32xf32>, tensor<32x16xf32>) outs(%82 : tensor<12x16xf32>) -> tensor<12x16xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%83, %cst_10 : tensor<12x16xf32>, tensor<16xf32>) outs(%81 : tensor<12x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<12x16xf32>
    %expanded_51 = tensor.expand_shape %84 [[0, 1], [2]] output_shape [2, 6, 16] : tensor<12x16xf32> into tensor<2x6x16xf32>
    %85 = linalg.generic {indexing_maps = [#map11, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %expanded_51 : tensor<2x6x16xf32>, tensor<2x6x16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %86 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x6x16xf32>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %102 = arith.extf %in : f32 to f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %87 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%86 : tensor<2x6x16xf64>) outs(%55 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.addf %in, %out : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %88 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x6x1xf64>) outs(%54 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.divf %in, %cst_23 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %89 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %88 : tensor<2x6x16xf64>, tensor<2x6x1xf64>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f64, %in_52: f64, %out: f64):
      %102 = arith.subf %in, %in_52 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %90 = linalg.generic {indexing_maps = [#map11, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %89 : tensor<2x6x16xf64>, tensor<2x6x16xf64>) outs(%52 : tensor<2x6x16xf64>) {
    ^bb0(%in: f64, %in_52: f64, %out: f64):
      %102 = arith.mulf %in, %in_52 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x16xf64>
    %91 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%90 : tensor<2x6x16xf64>) outs(%55 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.addf %in, %out : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %92 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x6x1xf64>) outs(%54 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %102 = arith.divf %in, %cst_23 : f64
      linalg.yield %102 : f64
    } -> tensor<2x6x1xf64>
    %93 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<2x6x1xf64>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %102 = arith.truncf %in : f64 to f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %94 = linalg.generic {indexing_maps = [#map11, #map13], iterator_types = ["parallel", "parallel", "reduction"]} ins(%85 : tensor<2x6x16xf32>) outs(%64 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.addf %in, %out : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %95 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.divf %in, %cst_24 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %96 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = arith.truncf %cst_16 : f64 to f32
      %103 = arith.addf %in, %102 : f32
      linalg.yield %103 : f32
    } -> tensor<2x6x1xf32>
    %97 = linalg.generic {indexing_maps = [#map11, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<2x6x1xf32>) outs(%62 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %102 = math.rsqrt %in : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x1xf32>
    %98 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %95 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.subf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %99 = linalg.generic {indexing_maps = [#map11, #map13, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %97 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.mulf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %100 = linalg.generic {indexing_maps = [#map11, #map12, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %cst_9 : tensor<2x6x16xf32>, tensor<16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.mulf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    %101 = linalg.generic {indexing_maps = [#map11, #map12, #map11], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %cst_8 : tensor<2x6x16xf32>, tensor<16xf32>) outs(%47 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_52: f32, %out: f32):
      %102 = arith.addf %in, %in_52 : f32
      linalg.yield %102 : f32
    } -> tensor<2x6x16xf32>
    return %101 : tensor<2x6x16xf32>
  }
  func.func @main() {
    %x0 = arith.constant dense<[[[-0.78, -0.04, 0.7, -0.58, 0.16, 0.9, -0.38, 0.36, -0.92, -0.18, 0.56, -0.72, 0.02, 0.76, -0.52, 0.22],
        [0.96, -0.32, 0.42, -0.86, -0.12, 0.62, -0.66, 0.08, 0.82, -0.46, 0.28, -1.0, -0.26, 0.48, -0.8, -0.06],
        [0.68, -0.6, 0.14, 0.88, -0.4, 0.34, -0.94, -0.2, 0.54, -0.74, 0.0, 0.74, -0.54, 0.2, 0.94, -0.34],
        [0.4, -0.88, -0.14, 0.6, -0.68, 0.06, 0.8, -0.48, 0.26, 1.0, -0.28, 0.46, -0.82, -0.08, 0.66, -0.62],
        [0.12, 0.86, -0.42, 0.32, -0.96, -0.22, 0.52, -0.76, -0.02, 0.72, -0.56, 0.18, 0.92, -0.36, 0.38, -0.9],
        [-0.16, 0.58, -0.7, 0.04, 0.78, -0.5, 0.24, 0.98, -0.3, 0.44, -0.84, -0.1, 0.64, -0.64, 0.1, 0.84]],
       [[-0.44, 0.3, -0.98, -0.24, 0.5, -0.78, -0.04, 0.7, -0.58, 0.16, 0.9, -0.38, 0.36, -0.92, -0.18, 0.56],
        [-0.72, 0.02, 0.76, -0.52, 0.22, 0.96, -0.32, 0.42, -0.86, -0.12, 0.62, -0.66, 0.08, 0.82, -0.46, 0.28],
        [-1.0, -0.26, 0.48, -0.8, -0.06, 0.68, -0.6, 0.14, 0.88, -0.4, 0.34, -0.94, -0.2, 0.54, -0.74, 0.0],
        [0.74, -0.54, 0.2, 0.94, -0.34, 0.4, -0.88, -0.14, 0.6, -0.68, 0.06, 0.8, -0.48, 0.26, 1.0, -0.28],
        [0.46, -0.82, -0.08, 0.66, -0.62, 0.12, 0.86, -0.42, 0.32, -0.96, -0.22, 0.52, -0.76, -0.02, 0.72, -0.56],
        [0.18, 0.92, -0.36, 0.38, -0.9, -0.16, 0.58, -0.7, 0.04, 0.78, -0.5, 0.24, 0.98, -0.3, 0.44, -0.84]]]> : tensor<2x6x16xf32>
    %y0 = call @forward(%x0) : (tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %u0 = tensor.cast %y0 : tensor<2x6x16xf32> to tensor<*xf32>
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
       -0.8, 0.525, -0.375, 0.95, 0.05, -0.85, 0.475, -0.425, 0.9, 0.0, -0.9, 0.425, -0.475, 0.85, -0.05, -0.95]> : tensor<192xf32>
    %shape = arith.constant dense<[2, 6, 16]> : tensor<3xi64>
    %x1 = tensor.reshape %flat(%shape) : (tensor<192xf32>, tensor<3xi64>) -> tensor<2x6x16xf32>
    %y1 = call @forward(%x1) : (tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %u1 = tensor.cast %y1 : tensor<2x6x16xf32> to tensor<*xf32>
    call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32_5: "0x04000000CDA097BCCDA0843A87301C3E47FF4BBE804F69BCFD2FB53D4D8FE1BD6D22D0BD4DF2C53D803C44BE3A1D423DAB8D1EBEB798CB3DBF1C2FBEF3D2FB3DD0DE41BE",
      torch_tensor_16_torch.float32_4: "0x0400000053646B3F8CAF0B3FE6872A3F4432843FB44C073F50026E3F9D592D3F0044273F6C27993FCF7A1D3F4AFF1E3F7E7FA43F42F78B3F1E49BA3F43C95D3F902C423F",
      torch_tensor_16_torch.float32_3: "0x040000009A0AE2BDF9B91BBEAD7B8F3CA189AFBDE5D8023E134D0EBE0C40163EB66ADA3D2D8C1E3E7A0854BDD5E9DDBD9D86F0BDC487163EBA11B4BDBF4EB2BCAB36DFBC",
      torch_tensor_16_32_torch.float32: "0x040000003D112C3D63F5243E40C833BE31029FBC7FDE0F3DF2561DBEF42DB03D6AFA89BD6DF182BD939F0FBE0202943DEDB603BE3FA719BD35D4A03DC75E083E6FBB233D4E0E87BD6B799DBDC034CB3DF957063DFF61183EB456883D71D3113EF0DD11BECA86113E1657A6BD08D341BD20AF8A3A9DC907BD073A0F3D464E213E1050D8BD08BB5F3D6B7C11BEF561E33C3420153EDA1DF43DA8041B3EF6FAC33D41A06FBCDB0D3D3D904797BD41A7193E4546B53DDE7D04BE00851C3E53EA2BBB4FBF00BC552B46BD710A3FBD1DF6103C56BEB0BDAC6228BE007DBABDE31610BD1DB2083EF72A053E93EAD8BDC66BDEBB09FB50BDE5ADC1BD7DA7FEBCBB3C7BBD995CCA3D7B8CB3BD7CCDDE3CBA4DCCBDFBFC61BDB3800E3EE5BCB1BD24282EBCDEE12C3EF6D3773DFB46B8BD7F5ED9BD4BEA7DBD87BE62BD7CA09D3DFAFA20BD90AB183EDBA4C6BDF36B62BDA8CF833D6A92103E6E292D3EE2C9E73C4B2AF43BC734A2BD038FCC3DFADAD1BD16523EBD9D4B17BE8E052EBEB85CCA3D57C4443CD54D103EEC0A103E20FBBD3DC4E2903D1DE93BBD7148C03DBC17AE3DE1A87A3D0237A7BB7A4FD83C9D9B4D3ACF5E03BE1916283D551305BE62A9AF3DC3B4D7BD2D856CBDAFB2ABBD6EE10E3E52F4FEBDA5DCB83DC892B53D00FDFF3DA86B353D6B5DC53D86180F3E41A00E3DF832763D918B0DBE1A3842BD934E833CBF74AF3C3FD17FBD897333BEC44D3CBD6E9A8A3DD3DE1B3E3B7723BE8AD9AC3DB7C32BBEEF1B2DBE89B9E2BDEC46BFBCFA3A4A3DCFAA09BEEC760B3E4FB2233EFE32323CCA58133E86E6A3BD78388FBD8CE0BABCAC3B9E3C9F8DFCBDF0F210BE71048F3D57C5503DE815313E9C9B93BD70B37F3DB61892BD5FB8B23D017120BCEA30063E2923C93DC8AB163ED00CBA3DC4A0D93B5AFF1B3EAAA7D4BD24BC2A3EC6E3303E04EC2C3EA71DA9BD44D4BFBD9D3E373CE079613DC09BB53DFF3D933DD4221A3E126935BDF38C6DBDFBB5723DD0C6493DEA2FD3BD7D128C3C5B7009BE066C54BD27178EBDB4AD1E3EE7F222BEB6C1D5BDA42631BEBF9D363D1E540BBEBB446A3DDF79FBBD41EAE7BDEBF4B8BDB852D93CCF55263E2390293EBCD05ABCD04E31BE94376FBD18FA89BD16021ABDB1548A3DC630B63DD084A03D8DD84E3D399092BD04CCF5BA914DB83C05EDB8BDED8B81BC88C5B4BC85072BBE276FF53D7A6992BCE37B1CBEBC370F3EB9CDC2BD772D803DE784333ED913063CD651503D2ED98F3D13D0083ED6295EBDDDB9CBBDF2A762BCFD900D3EB007793C6F8CFB3DD644ACBA59295E3D2C6CC93B0F3F9D3BF4422CBED8401EBE42C5703C662FB33D4E33F33D4C56FB3B6E9B983D026B973DEE431CBE9C1A1FBE465A0CBE882E473B4AECE4BDD5B667BD13AAD8BCEF408D3D42E2273D61ED273E1C47233E0BF7E6BD6CFD11BAEF23EF3C94071E3E236860BD30488EBDED55E5BDD862053EFC224DBDB59787BD37DFF43D4291263ECC1BF4BB0934FFBDEA7D133E4EA377BD1FD6A6BD9785FEBDFA1DAEBD9DC40DBE50F9D0BDA9E624BE95F011BD1791913D986A09BE066F81B98B8185BD121EAF3DE3C81C3EC3F8BFBCC636B6BDBA160BBEA3B4D4BDD00E513D7C22263DF0F7C23D3A2ED7BC1107BA3D374621BE54A5423D7FBB2F3E902733BEB9F1BBBD1AC4E73DC86AE2BC79FBC0BDF3DDDC3D5C26423C38E1E23B52ED5BBD1B63083E63D2C83D60B6013D4B01DD3C2E35BB3DBE8DE13D3F8294BD73A99EBC71F19E3DAA6FAFBD1943293E07FFF7BDC90FA73D480702BE1B7A683D52DEFC3D0C93AE3C442591BCAE39E63DB4FA01BE4C41F4BD3A481ABE42DADEBDD257963B382AA4BD4650213DB578C33B98A7163EA1FB9CBD581546BD4073EF3D101637BD944E2D3E67CB8FBD50C3FDBAE58D2BBD71E8A83DB1B88A3DBBCBC0BDF68FEE3DBB0938BC5A1A37BD7AB169BB93F5FB3DBF91313E252AB03DDC66FD3C6247EC3D976497BDD733BDBD6F1A51BDF251EABD54AA9B3D558F893C53BB77BD210593BCD4B565BB26361B3E0197213E7D5B0BBE9FAF843DE5CC8B3D8E6E8A3DDF6DC5BC4715353D4C34363D972F303E747E2DBE886289BD9094F3BD3B9DAFBDFD290E3D2DCDDC3DADE308BE6879EB3DB134173E9073B2BD48C2FC3CCEDCB9BD74161B3D71D9A7BDAF088DBDCC5AF2BDB9F316BEBD74103ED5E0B6BC1EB3A0BBF62CB4BD9057FC3DA738CFBD516E92BD6C4E0DBE333718BE31B5203E48C80BBE11EEC7BC709751BD3D9C843D14AB413D8DC40ABE9F91223EB85134BE273B8F3C0EF871BC51CC27BDA3B7F63D70D6183E41A4BC3C4FBE7FBD2994063E3A75E33DD70C023D1D0B46BD6037F43B6957213E650B9D3CBDB00EBDCF4219BE9E02C2BD0CBD023E99FACBBBC3DF40BCB0F68C3DED31EEBD4AA743BC63A64BBD1B6DBD3D6051133EAC53E33DC2F5063EFFC621BE9F8780BD107CAB3CE8BF19BE216C443D4A4FEDBD59239B3D2782123E53DA1ABE0BAF173E80EDA83DCAEAEEBD85442D3E5CC71CBE47BBF3BD3618B4BD22AA12BCD005023DD47E54BD24942BBEA929A7BC9E57093EA05F0B3ED13BB53D8B41D23C32EA333DAE8C0BBE919A923D2C2834BED48295BD12493EBDA7ED043EBCDBA8BB78E9A4BD5801FD3C583416BE70B43FBDE788483D62D13FBCB21598BCE044DD3DE38109BE77CDB6BDB7382F3E5715103DE178EABCF187BB3DFDCBD93D01FDF1BCD8CD96BD41B6ECBC9375833D29E0B8BCECB4D23D5C9E13BEADA0B1BD8CFF093E61FBBD3C04CF113D4A256E3D34182BBD35C890BDF1B94F3D26E73FBDB28E95BDA753BF3C0D242F3D98C182BC55D8F4BDD4F6DABC622DCDBD098CBE3DFFE2EFBD5155103E1C32903D8B021BBEAA55063E3E0433BE1E6528BC",
      torch_tensor_32_torch.float32: "0x04000000B07CA4BDB491F73D488B1EBE9AF9743E4A69363E78CD3F3DF4C8E33D9C41B23D9C1017BE00DE0EBBB887883DA02167BD727D753E2472C5BD36A064BE40C0F3BDF8966DBED2F4523E70D7E5BD601D34BEE062DDBCB67E2CBE44BA05BEEA82023E243440BE8C74F13D60AF3A3E000013BAC458E33D8E660FBE12A2473E64B0783E",
      torch_tensor_32_16_torch.float32: "0x04000000622F57BE0073713B9CB9493EBE3C5BBEF061E4BD20D7603EE0B82BBD1C1DD43D844576BEA403A1BD4A0102BEDCD2573E1C80D43D06CC3ABEB018253D004F3CBB885DD2BD143212BEC0E6A9BD36C9493EA28337BE225C36BE38F69DBDC0828E3B5C5F8B3D80D3F53BC88076BDC4391BBE30BD37BD781BCEBD6CD44E3E5E3179BEBA4A23BE724750BE98243BBD767E473EE064603EB6DC5EBE807731BC6A43163E34B0E13DCAB0513E403BE3BB2A012CBE105A293E8092AFBDA28D043ED8597CBDF0A5D93DC840663E020B6E3E06FA68BEC65629BEECB1D3BD604023BECCA1753E80E0B4BCB0D029BEA8D5E3BDC4670DBEFCE3D03DDA4B5FBEF8B16EBED85A7CBEA86DDC3D2829FD3D0AFF1EBE18EE7D3DACF93C3EE0C9143DD8A858BDA04F973C309ADBBC52E5003EB0D32DBE78D1013EA249103E9A1A1BBE500A513E76707B3E58D8C9BD88688FBD7428FF3D3E8E48BE7879CA3D70E76E3D4A5D213E045D5EBE50AE54BE40F4E53D8C6DB83DB2466EBEC6C20EBE083C6ABE7E6737BEA403E7BD90D9533E00D44BBDAE08133E4A1E733EBC55E93D822C65BE34D3003E644BC33DB26A463EF4867CBEB0711D3EEE8B513E622C6EBE5046D63C528A5A3EDE303ABE40FFA73DC03DE23DAC30863DDC887E3E8A9B513EECA25B3ED046FFBCDEB5563ED4916EBE26250ABEA8035BBDD41798BD42776C3E1C7EF13DEED0243E34222E3EA03B3FBE9033EDBC7887153DD82A853DC0A4033E70BACBBDB8629ABDAE34563EAC6989BD04D431BE04942D3E105A2D3ED88BA0BDD8B74CBDB4E53CBEB4C855BE9089C03DFCB8DABDEACC4B3E8AFB4CBEE08A0DBD40E1B03B0A92033E4C304F3E465D2D3E6061E13D3C01EBBD62D236BE580565BE402E4B3C124A783E488042BD806F2CBC9E083ABE60309D3DBC4C223EFC647CBE5A4134BE069F3D3E6872723DA05E7FBC680C373DE0B01BBD5EEF32BECC366FBE8C5F283E1095F3BC7826BEBDAC2784BDD8A00BBE58A597BD0CC15BBE72933F3E4412D13D361B01BE9CC0AEBDD0B3E53DAC98BDBDDC02873D90F98C3D782621BEBC41803D409C7A3C16965F3E7840B9BD7C9E83BDDC915C3EDA0C51BE00F7933C16A8763E7C90E5BD326C753EC228633EBE2A6E3E306DC3BC0C96673E9C16DFBDA042AFBDB4A7C13D3051583D66200D3E2048733ED24020BEB4DD073E0C4CAB3DB40E073EB8C6F23D1886BFBDC6544ABE04E64C3EF6FA11BEF2AA233E72E073BE882731BD00A72D3B182D313D408BA53C9C55A13DA008E4BC38C87A3D66557D3E34A525BEE0A05FBC3471C3BD3A9F603E6E255B3EC063DFBBD479B1BD7A2C1EBE9A2D373E60088DBC6E1A713EB0FC113EF613603EF8794A3E105C26BE10DD953D2C4ED4BDE672003EA022B8BC904BB13C460D31BE34CB64BE2CCEC03D70F66D3D20E5B13CB2DF2D3E50CCD5BD0CC0B53DB6FE0CBE382C543D18C769BD9C48333E16DE5F3E92575E3E6041383C20F6163E88C77FBE0A2B16BE3803373D00BFB63A8AFA48BEFC9DE2BDB821EFBD96A27DBEC051C33C80832E3E54CDCF3DA044F3BD6E136BBEF0884EBE80F4973B161B303E9058CFBD164D0BBE9A9008BEF04AB1BC921C73BEE2E761BE06017C3E582EF4BD40B138BDACFC88BDC8E560BE308634BD54BB9C3DC8E6CFBD20922EBC00BF9CBA68D97EBE160A3A3E32CA4E3ECE8A2E3ED423A8BDB4C6053E26DA6FBEF0527DBDF84350BD08D0B4BD400AD73DFC4BE9BD005FEDBC7CD793BDBE6770BEA01A29BD34F458BE5046153E90D2083E9AD16F3E58EEABBD604A503C9097483D408B7F3E2EA76A3E787D04BEC2D459BED4BA66BE008FF6BDCA3D573E7CF4AB3D9E00773EA6C03D3E80876D3B9AA91EBEF2FB793E185B4D3EB4AADD3DECD70BBEE8AB493E9066BA3CA046293E18B1D53D2AF0073E44A260BE7AF20DBEA08A193E005655BDFEB65EBE64CE683E0028B1BBD6824E3E0A1848BE4847B03DB8DAC0BD1C75D7BD509355BDC483BDBD1E470C3E208F42BD8E1A423ED8A8693D40391EBD8EDD13BE8C696ABEA05C95BD68106DBE98B73DBD80E4853B20FB83BCC880FBBD28AE313E8E2C103E484A7CBD504BCABDD6F1203EEAB95E3E4A676ABEA03E5DBD100FBEBC0C60B9BDAE8C5A3EA84117BD9A0C593E00FEA13A3026DEBC425315BE483EAABD48FBA43D107AE23D80BC11BC82ED733E9E2F31BEC44EC43DAE92663E380E32BDA03D4B3E400A873B4CB43FBE20720CBE0893BE3D4491DDBD8848763D28F87B3E98EAAD3D00ACBFBC30F47F3D287E13BED41A57BE626F40BE6CCF56BE1025523D4075473D6895D9BD14687ABE2AAD0A3EBC4111BE58F42ABDC0A656BEAC6C10BEFC95D53DA8856EBE3AFB11BE52EE3F3E0E4A03BE6412D5BD94C18FBDECDBDA3DA0ED27BEF057CD3C281AD13DC0AB94BC8828393DFA4943BE9479E73D7859BF3D487100BDC6AD53BE98C9CC3DF60C273E101B33BD2C53F13D08C7BD3D8CC8CCBD402C8EBC0ED57E3E00B39A3A18CE4BBE705B95BC5CB7FE3D0021A7BD201006BE22E3523E506D073E68F82DBDA042513C209AD8BCD0BC6D3DE091113C20EA1ABE88B83D3D8042D63B1069843CF41DC3BD9C2F833D6E034FBE740C993D86B90A3E9063E1BC60DC46BE003C6EBA0010BA39863C5DBE4C1135BEC8C86C3E0C713F3E40E00D3EA258313EDC19C53DEC12103EEA8D293ED8366FBD482C02BD368A363E00D0BCB8649326BE8A8046BEAC2C0F3EBE0C543E10D0463EC0692A3D3AB6303EC80A6BBE427038BEBC5476BE74414E3E804014BB08C2EBBD443FAD3D90A8BFBD222F24BE407AC53D407E3B3D8A5337BE129E28BEB00FF03D0EA8423EC0B8A63CC09500BE503BF73D5897323D6A1F60BE46E625BE4021603D00681E3E",
      torch_tensor_16_torch.float32_2: "0x0400000000CE0ABE2A45BE3D3DA420BEC2592EBE276A7A3D33A1403BBD14BFBDC78745BE2A929EBD63CE883D2D903DBEC5F446BE33DECF3CED8913BED76B33BE30D09DBD",
      torch_tensor_16_torch.float32_1: "0x04000000851D783F8FB82F3FBFB3513FF296A93F25AC4C3F1EBFA73F713E4D3F5F30623FB05C813FF0890A3FD0B87E3F2019733F3E80743F8A69663FC674B23F2E3BAF3F",
      torch_tensor_16_torch.float32: "0x0400000054DAFD3D107F22BE246E7A3E4E8D7EBEE63B75BE10F971BDB81C513EC00ECD3CA4A1C43D56A63BBE18B8BA3DC0D9E4BCC038CD3D50CC343E688EDE3D2036AEBC",
      torch_tensor_16_16_torch.float32: "0x0400000090C3C9BDE6A4543EA0C786BC084DE83DB8847D3E90809CBDCC1C0B3E6C7292BD289415BDD8892DBD0093CBBADC6AC1BD2003703DC0561A3C9A46223E58434FBDB05FCD3C8475BEBD5E6356BE8C30CF3D6807033D340CCDBD181CADBD20E6853D102839BD324A273EA002683CB466C13D9413DF3D50417BBD4086DD3D32E93C3EC07D3C3CB863483DA0D4143CFE3E313EFC29D8BDF61408BE181BDF3DE8CC5EBE8056833BD876EBBDF6F7283E94586EBE9C381B3E7C467D3E40324F3D907388BC5AFE7B3EECCDDABD101DA4BC1435E0BDB05A0DBD188E5E3D50C4083D706841BD8EF57FBE60BB513CC0A9F2BB180C1A3DFA28443E9CD5783E5CE117BE60677FBC1825CDBDF8F06BBEDE473ABE8A45703E7E43153EBC82093E30450E3EFA624BBE5014D73C50436E3EB8DE0EBE74BC633EC492863D6E1B343EA055DBBD840AEC3DDCF062BEF00982BC38C7AA3DC48B993D0E39563E6A8F7B3ED6E5683E5CE02B3EE0FB333E602004BD02AB46BE7C11BEBDF0EAE5BCC6560ABE18DC023ED8B9B33D7039253DB05B773D40E2603E887CBA3D1A7F60BE52D339BEF0A9E13DC88C0B3DB8B2F93D1CAC7FBE2A416CBE68FC1C3ED2BF233E249B67BE0059C23D68E547BEECDE413E24A9A03D24217D3EF8697CBEF27176BE06152D3E6048633E98D81C3E4A322A3E189F57BEDA4B393EA0B371BE68C3643D5CB027BE345DCBBD8851353DE44EC9BD300522BD9EA472BE246071BE7454C63DF4B7D8BD6CBF1BBEB006CABD2C4C51BE7EA54CBEEE2E193E281C023E8066083DACD70BBEC857AA3D8003383CCCF436BEB85A5C3D6819693EA0CD7BBE7C907EBE3033033D12C6403EFCC51BBEA06B613DD8F6333EA4DB9D3DC89A5D3DF86A7F3EEAC6263E38FB0FBEA005B13C88C8023ED2C4613EECB37EBE18A00A3E60A694BD3EAE7ABE284D633DB25E0BBE001D113D0C3526BEBEA540BE60C6ADBC74FEABBDB2B9153E2093B03CB0D2473E90E63F3DB0A3A4BDBC652D3E80D35F3C4032403DB8ABA4BD00326B3A40E344BD901DAEBC2CA647BE0085C9BAC87D54BE404B5CBD245D143E7A0232BEA88E2CBE68097ABD4C5B8CBDB0592D3D00002A3D14D1013E7A5A30BEA08790BCB62D0F3EC66E5D3E706495BC742014BE4C2E933D44C9113E9CEF1FBE1C8E14BE984DE23DC07E8FBCAACA71BE149B13BE00A2CF3D70A8ADBDDAB2303ED2604A3E10F6143DF0F1A1BCD085A2BD201E4FBCB0633A3DBE8B43BE48BB74BDE8F054BE0A1F1D3EB40723BE02DE693ED8FB83BDF4A712BEF4FDF53D30A8183DCC44313E98BED53D6A9D76BEE4EA213E58D540BD084AE2BDE492223E64B53A3E9A0161BEE02FB9BC983A523E744AC63D12AC573E3476AFBD70380DBE0A235C3ED069D53D6AC1753E54DCD5BD7E5E24BE500DF0BC620B71BEF8B0C83D98D23C3E78D1753D405BCABC",
      torch_tensor_48_torch.float32: "0x040000007E6944BE5CA595BD08EDA73D1C4760BEB8560C3E9C42053ECAC51E3E4A3623BEECF97E3E38BF17BE3E937F3E46AE75BE9C1664BEF83B1D3EE00AD63CA04B6C3C1CC30DBE7CC5D6BDD0B395BD406279BE20DD543C801A353D00F05DB92057A53DE6E7723EF421883DD86DBBBD40B6D2BD4CCA23BECA7631BE40EA24BD401C35BD04C5E33D00D9DABD8A154C3E50A133BE00443A3A9E1F663E06907E3E884A14BE7067363D50EAF13C540DF0BDB4E4B0BD60AD8A3D740332BEA0F4283D188EDD3D",
      torch_tensor_48_16_torch.float32: "0x040000000054F5BA5E54093E16B352BE80663CBEF432C5BDEC4B893D404FA2BBCEFA4A3E70BFB5BC4C7B873DACBB9ABD704849BDB89174BE528B29BEE80ED3BD00BB173C6069CA3D189B193E8C8D2DBEFCF4DEBD98F7B93D4E94543E48BD52BD5C913F3E400D25BD10B5D83C4ACD673ECE7B6DBE662921BEE09E81BDDC93C7BD282F5D3E1AEF25BEC0B0EBBD1ADA32BE76C26FBE047015BE9E0E5C3EBC76E43D0027F83D406A573C3A3F03BEC03E2D3D9E066FBE1AFA38BEC6F903BE2685213E2619163EC811E3BD20CB13BC40BA233E827F7E3E2434CB3DC8550A3DFEA42B3EC0BB16BEF8D03E3D6C7A46BE186E31BED23E04BE8CAAE73DF8E7CD3D6AA417BEC8AD9A3D6E890C3E203F01BD40641C3C00446D3D00D11E3E48CF753E964745BEECA1BBBD9838C93DD01B543EE8C55E3E22E2613E78CA4B3DF89C5EBE9066BC3CAC2720BE8C946EBE3E74633EF0A6423EFE5D7FBE08AA3F3DC8802CBDB88228BD1C5FEABD8CE4C43D34A117BEDCB1BB3D1676013E5C43373E4871BF3D4A5F7DBE001126BE38A6FF3D1853563D96B347BEE86813BEF2D4703E547F2C3EB03EDFBDD4DC80BD78DD73BE803E93BB78C840BEA27745BE20B061BCA0BF193DF4ADD1BD98E7173E38C91BBE6849683ED06F2F3E64E157BE88DB7EBD80D2383C1867153DD0DD723D5CECC83DE059753CCCD1F9BDD445F23D569175BEA0BB17BE3C2B80BDEC66F9BD5C1DB3BDBAD251BE00D259BDF8E25A3D76C626BE403452BC0042373EF088D2BC80ACE33BC0ADB0BC103D4F3D60C6223EBA7E723E0693223EC40C733E601D94BC66F865BE40BAF2BDCE4F2E3E006BD4BADC7CFEBD022D44BE00946FBEEC1058BE70B44FBD56640C3E74670A3E02E576BE2EB01F3E8A5248BEF07B58BD1C9ACFBDF03C45BD100E49BDBAB865BE440A5DBE283C20BD80E1533BB896E8BDB8DEC03D3A6A66BEC0368ABCA221613E38D7D0BD362B673E386CB93DAE0767BE74F8213EF053ECBC708FE4BD14B64C3E54DF4EBEB0C2DB3CC06456BD16D0363E08EC8E3DCC04F63D40D1B43D003F76BD505A57BD00F752BE4CB60A3E26424B3E5C292F3EAC9334BE60AE363C907634BE88EC0CBE302C15BE34F9AE3DC48D18BE00BAB2BBA04F2C3C0406253EFA8341BE44BF2FBE3CA614BED62E333ECC0BB8BDE0EE573EA024B93D40AA013D00EDF3BA086D4ABD407A003D30D369BD003EE6BAC0A7023D983E48BE7A2D06BED8B74E3E86C14FBE200F93BCC03E7D3E10F4B83DC0F0E73B26DA5DBE2CA2FD3D085836BEA85691BDCCC8ABBD38A417BD8036333B9626533E80ABFF3C204C653E30991C3EC6D821BE54A2E53D24F734BE9CFFD8BD4097963DF00EA93DF20E403E28D2A4BD00D4D1397ACB033E5A9377BE4215393E30B153BE00D0613BE0182EBD0AD406BED857073DF2B0533EE8AA95BD56FC17BE845BBDBDE6BB7DBE1C1DE73D20E5F5BDD0D62ABE627B13BE5230133E2492073E507C443ED8B6B93DC4FCAABDD4138FBD9842973DDE70523E74358B3D1C40F2BDFCADF0BD420A72BEB03B5D3DA8A90FBE503E64BEFA7A603ED03F26BED0FBE8BC48AF923DE07D023CFA412CBE2CEE4EBE980D4C3E30BF263D4662543EA8A4ABBDF8CF963D182A6ABD602736BC52EA1BBEAC28AD3D80E0A13D40FDA8BBC04C66BD58CE1DBE1409313E94923EBEACBFD13D6C29ACBD0C06F7BDE0F4373D22FB04BE40EF6B3D1018493DCA133EBE987E2A3D6413DA3D5CAACA3D58E600BD9ADD51BE90DA1DBD50D2B13D2CD1BABD7458C23D867C2A3EBAAB05BE8093213B24B6D33D9084A03C9012AB3C70B9FF3CFA4049BEE0F2A03CB445313E64AF663ED876163E1838093D7C1CEF3DDC13F9BDEC2454BECA235CBE5A637F3E8E81223EB2F430BEF450C83DAA52413EC2E67F3E58D85F3E4456463EF0C26ABDA0AEB3BD4230523E0A750F3E300E1ABEFE25663E9060F73D008E0B3E6A7420BE88E4923DEC7CB3BDFC06483E584238BDF853C73D80E2353DF8D6D93DE0FDADBDF4A2F93DFECE32BE8846673D20352DBEBA8D7CBE10954DBEB61A4A3E50810A3EE82E703E48164D3EA09E64BECEB32EBEE87525BD324126BEF8C3313EBA8941BE38CEF9BDC45177BEC65711BEE28D523E429A513E2441373E22AA453EBAA1633EB01A83BDF447E13D0414643E1461A93DCAEA7F3E18C7043E58241F3E2C32B3BDF4ABF53D2054EB3C888C74BD4A4F10BE56A50FBEB2FC44BE4EDC2B3E96FF353EA016E9BCC42414BE22DD453E8CB5233E703C983CB8BBF1BDB8466B3EAC60D13D5A5742BE6203753E5266423E8C9EBABD5CE90F3ED67411BEB87920BDB25E593E403E293C400C35BE9420ABBDDCFA8ABD208F45BDB0FEC33CA2C16C3E204D5B3C8C101EBE00F0513C587FF53DFCF8FD3DE0F769BEB03C37BDB83E3EBE8876DABD6078B83D18CB35BEFC52BE3D8649593E3053863CF09E2ABE2071B7BDD89A5F3D462743BEEC5DFE3D246A68BE521776BEC0BE78BE68BB4FBD90242C3E724C72BEAEC8543ECCCFCCBDE8F4953D20CA3A3C10D766BEE84E543E6ED7093E80767E3E9655013E48FA28BE48A7553E20235C3C80CCF23DAC444DBEC84393BD545C7BBE906BC7BDA0E85C3D5C0049BE1035A33D2C6C093E18A70E3D0C492BBE5A7B46BEE4F59DBD20BFE03D7A847C3E1A35133EB09FE6BC0084B33DF0267BBE62A65ABE3CE7EE3D960011BE2C52F63DF8B734BE6499FDBD48DD52BE5A97053E60AED0BC9404453E686E1E3EDCA70D3E20B6033C944C9EBD68A65EBD1817083DA4CDFD3DDC5933BEEADA563EE0ADDEBC9A8356BEC4820ABE6A83623E741E6A3EAA206DBE6E8E343EF84B003EF887173E24B6583EA6F809BE5CADA13D0487D13DE84A97BDA857AB3D2C4F93BD60461E3E880E8EBD14DFBEBD40E5803D689AB53D1026FABD300AB53C745C143EF0C4CBBCA8D19B3DB8F976BDB074B33DE67139BE0E8916BE74F101BE4C446B3E64C589BD00F032BACC0FF8BDF08F7F3E0E077A3E601241BE10884FBED40B42BE00089EBAC48282BD4E9027BEE0A3B7BD1877413DF4C105BE88E6623DC8D16ABDB018F8BDC8AE0C3D847F523E88132DBE00323E3C20CFBCBDE4367B3E26E272BED26A75BE30427C3EF8F721BE2053443D40C1B0BC78B657BD48B564BD3CAC223EC0C6433CCE3E79BED82117BE7C8AAEBDCAD2003E8EAA25BE2E63713E281364BD18DF37BD4297483EE6AA003E6A1E593EEE14143E34519BBD54D929BEA06098BC0EE0533E5CD6ABBD1E686DBE24E2D13D6C35793E00C291BD5AF953BE103568BE904E803DF0129BBCD84601BEA8FB4E3DC06FC23D069A4B3EFCC0463EB04619BD7EBB61BED85367BE48066F3E1055E23D402FDF3D207F5DBE5E0F6D3E1485723EDA21673E30F557BE8830C1BD4A1130BE566C723E04FFDBBD84C1E9BD281F063EE8D8ECBDDC2BFCBD4024B3BC50DAC4BC226B47BE466B553EB4DAE1BD309DB53D24AA5E3EE21A013E50FA103DC4D1593E08A7093D54E1ECBD062D723E605C723D38C679BE18C391BDFE602EBEE272603E001C29BDB25969BE80BE80BC74C5203E9004853D8CE5A13D5034BE3C18E2BE3DE87F79BD78ACCBBD0E496FBEB0DA40BEF0E6DD3DBE9417BEE0E8123D106DA33DA001913C40FA25BEF0D1743E26DD14BE668F523E6EA64BBE585276BD8A410B3E7C31D1BD0E0D573E062B30BE44FB56BEE0DEE6BDB087253DA8B66B3EE46DF4BD0C1BB73DAC5C80BD28115EBDD83C3C3E7A6546BE6086D93CA8BE703EC8B50CBDA6C4463E84AC9DBD00124E3EF6A277BE289513BDA8DC33BD78EEA53D24DFC83DA68F443EC88F18BD606D22BCCA4F2F3E90888ABD106B603EAA722ABE209DDDBC00005CBCA075E43D66052F3ED04E22BD4E1754BE28B1FD3DCC27993D88ABCD3D0AEB1DBEAEC2243EC078723E30B5B13CCC1D6FBE9CB5333EC0CF3DBE98636B3D30CE143D7CA2EFBDB046B23D8AF964BEC839693D9C4A22BE3075DDBC48B7033D08195A3E1C49F4BDBA00243E281502BDBC29F3BDBAEC5EBE7CE26ABE28037A3E98627FBD20974C3C3CCF8A3DEE022E3E487D5A3ED29E4F3E84AA3DBEE00F24BD1E7C17BE1C4412BE68E6723D3C4B703E26154DBEAEEE1A3E3CBA04BEE87247BD92344B3E309967BD707BBA3CCCF332BEECEA593E505F04BD683C3BBE3CEB953D3C0536BE4C234BBE6086793CCCF74A3E48E390BD40FBF03D7AFC5B3E78CB293EA24906BE6080E0BC601EA1BD00DB4DBE00A0D838969F403E1AAF573E7014BF3CF092683DE8A7DDBD5A3D413E2C0CD5BDC4D431BE78B01D3D5271193EB4CE66BE6A6A673EAC2EB83D5C5B33BEC8935CBDB8195E3E"
    }
  }
#-}
