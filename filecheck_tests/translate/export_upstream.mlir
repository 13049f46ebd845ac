// JSON and CSV export of an upstream tensor program that holds no plan: tensor.generate,
// tensor.rank of an unranked tensor and tensor.reshape export an empty plan, and a list
// integer that does not fit its i64 (which ended the export with "internal error: error:
// argument out of range") is an error at the integer, exit status 1.
// RUN: memir-translate --export-json %s 2>&1 | filecheck %s --check-prefix=JSON
// RUN: not memir-translate --export-json %S/inputs/too_large_dim.mlir 2>&1 | filecheck %s --check-prefix=LARGE
// RUN: not memir-translate --export-minimalloc %S/inputs/too_large_dim.mlir 2>&1 | filecheck %s --check-prefix=LARGE

func.func @f(%m: index, %u: tensor<*xf32>, %s: tensor<1xi32>, %x: f32) {
  %generated = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<?x3xf32>
  %rank = tensor.rank %u : tensor<*xf32>
  %reshape = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// JSON: "arena": 0,
// JSON-NEXT: "buffers": []
// LARGE: too_large_dim.mlir:3:45: error: integer value too large: 9223372036854775808 does not fit the i64 of this array
// LARGE-NEXT: %g = tensor.gather
// LARGE-NOT: internal error
