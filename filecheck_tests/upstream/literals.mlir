// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// What MLIR 22 writes that xDSL 0.74 misread: float elements given as their bits (-inf in a
// causal attention mask, as torch-mlir writes it), products and divisions by symbols in
// affine maps (strided pooling windows), and memref.reshape.

#window = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 mod s0 + d0 floordiv s0)>
memref.global "private" constant @mask : memref<2xf32> = dense<[0xFF800000, 1.0]>
func.func @f(%i: index, %j: index, %s: index, %a: memref<4x1xf32>, %shape: memref<1xi32>) -> memref<4xf32> {
  %x = affine.apply #window(%i, %j)[%s]
  %inf = arith.constant dense<0x7F800000> : tensor<3xf32>
  %h = arith.constant dense<0x7C00> : tensor<2xf16>
  %r = memref.reshape %a(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  return %r : memref<4xf32>
}
// CHECK: memref.global "private" constant @mask : memref<2xf32> = dense<[0xff800000, 1.000000e+00]>
// CHECK: affine.apply affine_map<(d0, d1)[s0] -> ((((d0 * s0) + (d1 mod s0)) + (d0 floordiv s0)))>
// CHECK: arith.constant dense<0x7f800000> : tensor<3xf32>
// CHECK: arith.constant dense<0x7c00> : tensor<2xf16>
// CHECK: memref.reshape %a(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
