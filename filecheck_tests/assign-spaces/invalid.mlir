// RUN: not memir-opt %s -p 'bufferize,assign-spaces' 2>&1 | filecheck %s --check-prefix=NONE
// RUN: not memir-opt %s -p 'assign-spaces{strategy=magic}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not memir-opt %s -p 'assign-spaces{device=tpu}' 2>&1 | filecheck %s --check-prefix=DEVICE
// RUN: not memir-opt %s -p 'assign-spaces{effort=0}' 2>&1 | filecheck %s --check-prefix=EFFORT
// RUN: not memir-opt %s -p 'assign-spaces{time-limit=0}' 2>&1 | filecheck %s --check-prefix=LIMIT
// RUN: not memir-opt %s -p 'assign-spaces{fast=1024}' 2>&1 | filecheck %s --check-prefix=TENSOR
// RUN: not memir-opt %S/inputs/declared.mlir -p 'assign-spaces' 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: not memir-opt %S/inputs/two_streams.mlir -p 'bufferize,assign-spaces{fast=1024}' 2>&1 | filecheck %s --check-prefix=STREAMS
// RUN: not memir-opt %S/inputs/declared.mlir -p 'assign-spaces{fast=1024}' 2>&1 | filecheck %s --check-prefix=BOTH
// A plan that does not fit its space's capacity is an error of assign-layout, never an output:
// RUN: not memir-opt %S/inputs/declared.mlir -p 'assign-layout' 2>&1 | filecheck %s --check-prefix=FIT

func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = memir.compute "relu" (%x) : tensor<64xf32>
  func.return %y : tensor<64xf32>
}

// NONE: error: assign-spaces: no memory spaces: declare memir.spaces on the module or give fast=BYTES (and device=NAME)
// STRATEGY: memir-opt: error: pass 'assign-spaces': option 'strategy' cannot be 'magic'; choose from auto, greedy, exact
// DEVICE: memir-opt: error: pass 'assign-spaces': option 'device' cannot be 'tpu'; choose from npu, esp32s3, h100-host
// EFFORT: memir-opt: error: bad options for pass 'assign-spaces': effort must be positive, got 0
// LIMIT: memir-opt: error: bad options for pass 'assign-spaces': time-limit must be positive, got 0
// TENSOR: error: assign-spaces: tensor-form compute op: run bufferize first
// TWICE: error: assign-spaces: buffers already have spaces: assign-spaces runs once
// STREAMS: error: assign-spaces: assign-spaces plans one compute stream; this program has several streams or events
// BOTH: error: assign-spaces: fast= declares two spaces, but the module already declares memir.spaces: give one or the other
// FIT: error: assign-layout: space "sram": layout does not fit capacity 1024: the lower bound 2048 already exceeds it
