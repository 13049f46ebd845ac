// RUN: memir-opt %s --split-input-file --verify-diagnostics -p bufferize | filecheck %s
// RUN: memir-opt %s --split-input-file --verify-diagnostics -p 'bufferize,assign-layout' | filecheck %s

// bufferize makes buffers of memir.compute graphs. Upstream tensor functions (before
// one-shot-bufferize) are left as they are; bufferize made their tensor arguments
// !memir.buf, and the linalg ops on them an internal error (found by benchmarks/fuzz.py).
// A tensor argument that feeds memir ops and an upstream op is an error at that op.

func.func private @fresh(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %s = linalg.add ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

func.func private @passthrough(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  return %x : tensor<4x4xf32>
}

func.func @main(%a: tensor<4x4xf32>) {
  %b = call @fresh(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = call @passthrough(%b) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// CHECK:      func.func private @fresh(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK:        linalg.add ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK:      func.func private @passthrough(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK:      func.func @main(%a: tensor<4x4xf32>) {

// -----

func.func @mixed(%x: tensor<4xf32>) {
  %s = memir.stream 0
  %y = memir.compute "k" on %s (%x) : tensor<4xf32>
  // expected-error @+1 {{bufferize: 'tensor.cast' reads the tensor argument %x, which bufferize makes a !memir.buf}}
  %z = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  func.return
}

// -----

// A memir graph beside an upstream function: the graph is bufferized, the other kept.
func.func @graph(%x: tensor<16xf32>) {
  %s = memir.stream 0
  %y = memir.compute "k" on %s (%x) : tensor<16xf32>
  func.return
}

func.func @upstream(%t: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.exp ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK:      func.func @graph(%x: !memir.buf {memir.bytes = 64 : i64}) {
// CHECK:        memir.alloc 64
// CHECK:      func.func @upstream(%t: tensor<4xf32>) -> tensor<4xf32> {
