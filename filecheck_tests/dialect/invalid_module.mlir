// RUN: memir-opt %s --split-input-file --print-diagnostics | filecheck %s

// Module-wide rules (dialects/memir_dialect.py verify_module): memir-opt checks them after
// parsing and after every pass, so no pass ever sees such IR. Each case points at the op
// that breaks the rule.

// Write rule: the first writer of a buffer defines it; a later writer must read it too.
func.func @two_writers(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "first" ins(%x) outs(%t)
  memir.compute "second" ins(%x) outs(%t)
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: buffer %t is written by two ops
  func.return
}

// -----

// A workspace is written by its op: two ops cannot share one.
func.func @shared_workspace(%x: !memir.buf) {
  %w = memir.alloc 64 id "w"
  memir.compute "a" ins(%x) outs() ws(%w)
  memir.compute "b" ins(%x) outs() ws(%w)
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: buffer "w" is written by two ops
  func.return
}

// -----

// A function argument is defined by the caller: writing it is an in-place update.
func.func @argument_overwritten(%w: !memir.buf, %g: !memir.buf) {
  memir.compute "sgd" ins(%g) outs(%w)
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: buffer %w is written by two ops (the caller and this one: an in-place update lists it in ins too)
  func.return
}

// -----

func.func @use_after_dealloc(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  memir.dealloc %t
  memir.compute "read" ins(%t) outs()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: uses buffer %t after its dealloc
  func.return
}

// -----

// A tile of a freed buffer is freed too.
func.func @tile_after_dealloc(%x: !memir.buf) {
  %t = memir.alloc 64
  %v = memir.tile_view %t [0] [4] [1] elem 4
  memir.compute "fill" ins(%x) outs(%t)
  memir.dealloc %t
  memir.compute "read" ins(%v) outs()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: uses buffer %t after its dealloc
  func.return
}

// -----

func.func @view_after_dealloc(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  memir.dealloc %t
  %v = memir.tile_view %t [0] [4] [1] elem 4
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: uses buffer %t after its dealloc
  func.return
}

// -----

func.func @double_dealloc(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  memir.dealloc %t
  memir.dealloc %t
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: buffer %t is deallocated twice
  func.return
}

// -----

// Forward references parse in generic form; the verifier rejects them.
func.func @wait_before_record() {
  %s = memir.stream 0
  "memir.wait"(%e, %s) <{operandSegmentSizes = array<i32: 1, 1>}> : (!memir.event, !memir.stream) -> ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: waits for an event that is recorded later
  %e = memir.record on %s
  func.return
}

// -----

func.func @stream_before_declared(%x: !memir.buf) {
  %t = memir.alloc 64
  "memir.compute"(%s, %x, %t) <{kernel = "k", operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!memir.stream, !memir.buf, !memir.buf) -> ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: stream 1 is used before it is declared
  %s = memir.stream 1
  func.return
}

// -----

func.func @use_before_definition(%x: !memir.buf) {
  "memir.compute"(%x, %t) <{kernel = "k", operandSegmentSizes = array<i32: 0, 1, 1, 0>}> : (!memir.buf, !memir.buf) -> ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: value %t is used before its definition
  %t = memir.alloc 64
  func.return
}

// -----

// The custom forms of memir.dealloc and memir.tile_view take forward references too.
memir.dealloc %a
// CHECK: invalid_module.mlir:[[# @LINE - 1]]:1: error: value %a is used before its definition
%a = memir.alloc 64

// -----

// Reading a buffer before the op that writes it, on one stream: a cycle through stream
// order and data (a deadlock).
func.func @stream_cycle(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "read" ins(%t) outs()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: dependency cycle: op 0 'read' -(stream order)-> op 1 'write' -(data %t)-> op 0 'read' (each op must finish before the next starts)
  memir.compute "write" ins(%x) outs(%t)
  func.return
}

// -----

// The same through an event: "write" waits for "read", which reads what "write" writes.
func.func @event_cycle(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %t = memir.alloc 64
  memir.compute "read" on %s1 ins(%t) outs()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: dependency cycle: op 0 'read' -(event)-> op 1 'write' -(data %t)-> op 0 'read' (each op must finish before the next starts)
  %e = memir.record on %s1
  memir.wait %e on %s0
  memir.compute "write" on %s0 ins(%x) outs(%t)
  func.return
}

// -----

// Tensor form: writes(...) names operands.
func.func @writes_not_an_operand(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  memir.compute "add_" (%x) writes(%y) : ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:35: error: writes(...) names %y, which is not an operand of this op
  func.return
}

// -----

func.func @writes_twice(%x: tensor<4xf32>) {
  memir.compute "add_" (%x) writes(%x, %x) : ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:35: error: writes(...) names an operand twice
  func.return
}

// -----

func.func @writes_out_of_range(%x: tensor<4xf32>) {
  "memir.compute"(%x) <{kernel = "add_", writes = array<i64: 1>, operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (tensor<4xf32>) -> ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op writes must list distinct operand indices in increasing order, below 1, got [1]
  func.return
}

// -----

func.func @writes_in_buffer_form(%x: !memir.buf) {
  "memir.compute"(%x) <{kernel = "add_", writes = array<i64: 0>, operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!memir.buf) -> ()
  // CHECK: invalid_module.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op buffer-form memir.compute lists the buffers it writes in outs(...), not writes
  func.return
}
