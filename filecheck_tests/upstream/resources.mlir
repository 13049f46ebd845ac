// RUN: memir-opt %s > %t
// RUN: filecheck %s < %t
// RUN: sed -n '/^{-#/,$p' %s > %t.want
// RUN: sed -n '/^{-#/,$p' %t > %t.got
// RUN: diff %t.want %t.got

// torch-mlir's weights: dense_resource handles whose bytes sit in the file's
// {-# dialect_resources #-} section. The section comes back byte for byte (its odd
// spacing and key order included), the handles unchanged.

memref.global "private" constant @w : memref<2xf32> = dense_resource<torch_tensor_2_torch.float32> {alignment = 64 : i64}
func.func @f() -> tensor<2xf32> {
  %0 = memref.get_global @w : memref<2xf32>
  %1 = arith.constant dense_resource<bias.0> : tensor<2xf32>
  return %1 : tensor<2xf32>
}
// CHECK: memref.global "private" constant @w : memref<2xf32> = dense_resource<torch_tensor_2_torch.float32> {alignment = 64 : i64}
// CHECK: arith.constant dense_resource<bias.0> : tensor<2xf32>
// CHECK: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       torch_tensor_2_torch.float32: "0x040000000000803F00000040",
// CHECK-NEXT:         bias.0:   "0x04000000000000000000803F"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_torch.float32: "0x040000000000803F00000040",
        bias.0:   "0x04000000000000000000803F"
    }
  }
#-}
