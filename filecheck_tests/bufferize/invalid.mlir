// RUN: memir-opt %s --split-input-file --print-diagnostics -p bufferize | filecheck %s
// RUN: not memir-opt %s -p 'bufferize{alignment=48}' 2>&1 | filecheck %s --check-prefix=ALIGN

func.func @dyn(%x: tensor<?x8xf32>) {
  %y = memir.compute "relu" (%x) : tensor<?x8xf32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: bufferize: cannot bufferize a dynamically shaped tensor tensor<?x8xf32>
// ALIGN: memir-opt: error: bad options for pass 'bufferize': alignment must be a power of two, got 48

// -----

func.func @idx(%x: tensor<4xindex>) {
  %y = memir.compute "copy" (%x) : tensor<4xindex>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: bufferize: element type index has no known byte size
