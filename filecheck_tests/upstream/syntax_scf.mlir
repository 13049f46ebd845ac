// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// scf ops in MLIR 22's custom syntax: unsigned loops, while loops without operands, execute_region
// with several blocks, parallel loops and reductions, forall loops.

func.func @for_loops(%lb: index, %ub: index, %st: index, %i: i32, %f: f32) -> (i32, f32) {
  scf.for %iv = %lb to %ub step %st {
  }
  %r:2 = scf.for %iv = %lb to %ub step %st iter_args(%a = %i, %b = %f) -> (i32, f32) {
    %n = arith.addi %a, %a : i32
    scf.yield %n, %b : i32, f32
  }
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %c1 = arith.constant 1 : i32
  %s = scf.for unsigned %iv = %c0 to %c9 step %c1 iter_args(%a = %i) -> (i32) : i32 {
    %n = arith.addi %a, %iv : i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, f32
}
// CHECK-LABEL: func.func @for_loops(%lb: index, %ub: index, %st: index, %i: i32, %f: f32) -> (i32, f32) {
// CHECK-NEXT:  scf.for %iv = %lb to %ub step %st {
// CHECK-NEXT:  }
// CHECK-NEXT:  %r, %r_1 = scf.for %iv_1 = %lb to %ub step %st iter_args(%a = %i, %b = %f) -> (i32, f32) {
// CHECK-NEXT:  %n = arith.addi %a, %a : i32
// CHECK-NEXT:  scf.yield %n, %b : i32, f32
// CHECK-NEXT:  }
// CHECK-NEXT:  %c0 = arith.constant 0 : i32
// CHECK-NEXT:  %c9 = arith.constant 9 : i32
// CHECK-NEXT:  %c1 = arith.constant 1 : i32
// CHECK-NEXT:  %s = scf.for unsigned %iv_2 = %c0 to %c9 step %c1 iter_args(%a_1 = %i) -> (i32) : i32 {
// CHECK-NEXT:  %n_1 = arith.addi %a_1, %iv_2 : i32
// CHECK-NEXT:  scf.yield %n_1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r, %r_1 : i32, f32

func.func @ifs(%c: i1, %x: f32) -> f32 {
  scf.if %c {
    %y = arith.addf %x, %x : f32
  }
  scf.if %c {
    %y = arith.addf %x, %x : f32
  } else {
    %y = arith.mulf %x, %x : f32
  }
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    %y = arith.mulf %x, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
// CHECK-LABEL: func.func @ifs(%c: i1, %x: f32) -> f32 {
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:  %y = arith.addf %x, %x : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %c {
// CHECK-NEXT:  %y_1 = arith.addf %x, %x : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %y_2 = arith.mulf %x, %x : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  %r = scf.if %c -> (f32) {
// CHECK-NEXT:  scf.yield %x : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %y_3 = arith.mulf %x, %x : f32
// CHECK-NEXT:  scf.yield %y_3 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : f32

func.func @while_loop(%n: i32) -> i32 {
  %r = scf.while (%a = %n) : (i32) -> i32 {
    %z = arith.constant 0 : i32
    %c = arith.cmpi sgt, %a, %z : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %one = arith.constant 1 : i32
    %m = arith.subi %b, %one : i32
    scf.yield %m : i32
  }
  %r2:2 = scf.while (%a = %n, %x = %r) : (i32, i32) -> (i32, f32) {
    %c = arith.cmpi slt, %a, %x : i32
    %f = arith.sitofp %a : i32 to f32
    scf.condition(%c) %a, %f : i32, f32
  } do {
  ^bb0(%b: i32, %g: f32):
    scf.yield %b, %b : i32, i32
  } attributes {tag = "w"}
  scf.while : () -> () {
    %c = arith.constant false
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r2#0 : i32
}
// CHECK-LABEL: func.func @while_loop(%n: i32) -> i32 {
// CHECK-NEXT:  %r = scf.while (%a = %n) : (i32) -> i32 {
// CHECK-NEXT:  %z = arith.constant 0 : i32
// CHECK-NEXT:  %c = arith.cmpi sgt, %a, %z : i32
// CHECK-NEXT:  scf.condition(%c) %a : i32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%b: i32):
// CHECK-NEXT:  %one = arith.constant 1 : i32
// CHECK-NEXT:  %m = arith.subi %b, %one : i32
// CHECK-NEXT:  scf.yield %m : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %r2, %r2_1 = scf.while (%a_1 = %n, %x = %r) : (i32, i32) -> (i32, f32) {
// CHECK-NEXT:  %c_1 = arith.cmpi slt, %a_1, %x : i32
// CHECK-NEXT:  %f = arith.sitofp %a_1 : i32 to f32
// CHECK-NEXT:  scf.condition(%c_1) %a_1, %f : i32, f32
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%b_1: i32, %g: f32):
// CHECK-NEXT:  scf.yield %b_1, %b_1 : i32, i32
// CHECK-NEXT:  } attributes {tag = "w"}
// CHECK-NEXT:  scf.while : () -> () {
// CHECK-NEXT:  %c_2 = arith.constant false
// CHECK-NEXT:  scf.condition(%c_2)
// CHECK-NEXT:  } do {
// CHECK-NEXT:  scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r2 : i32

func.func @regions(%c: i1, %x: i32, %i: index) -> i32 {
  %r = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  scf.execute_region {
    "test.op"() : () -> ()
    scf.yield
  }
  %s = scf.execute_region -> i32 no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : i32
  ^bb2:
    scf.yield %r : i32
  }
  %t = scf.index_switch %i -> i32
  case 2 {
    scf.yield %x : i32
  }
  case 5 {
    scf.yield %s : i32
  }
  default {
    scf.yield %r : i32
  }
  scf.index_switch %i
  case 1 {
    "test.op"() : () -> ()
    scf.yield
  }
  default {
  }
  return %t : i32
}
// CHECK-LABEL: func.func @regions(%c: i1, %x: i32, %i: index) -> i32 {
// CHECK-NEXT:  %r = scf.execute_region -> (i32) {
// CHECK-NEXT:  scf.yield %x : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.execute_region {
// CHECK-NEXT:  "test.op"() : () -> ()
// CHECK-NEXT:  scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %s = scf.execute_region -> (i32) no_inline {
// CHECK-NEXT:  cf.cond_br %c, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:  scf.yield %x : i32
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:  scf.yield %r : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %t = scf.index_switch %i -> i32
// CHECK-NEXT:  case 2 {
// CHECK-NEXT:  scf.yield %x : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  case 5 {
// CHECK-NEXT:  scf.yield %s : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  default {
// CHECK-NEXT:  scf.yield %r : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.index_switch %i
// CHECK-NEXT:  case 1 {
// CHECK-NEXT:  "test.op"() : () -> ()
// CHECK-NEXT:  scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  default {
// CHECK-NEXT:  scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %t : i32

func.func @parallel_loops(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %init: f32) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init, %init) -> (f32, f32) {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r#1 : f32
}
// CHECK-LABEL: func.func @parallel_loops(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %init: f32) -> f32 {
// CHECK-NEXT:  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
// CHECK-NEXT:  %v = memref.load %m[%i, %j] : memref<?x?xf32>
// CHECK-NEXT:  memref.store %v, %m[%j, %i] : memref<?x?xf32>
// CHECK-NEXT:  scf.reduce
// CHECK-NEXT:  }
// CHECK-NEXT:  %r, %r_1 = scf.parallel (%i_1) = (%lb) to (%ub) step (%st) init (%init, %init) -> (f32, f32) {
// CHECK-NEXT:  %v_1 = memref.load %m[%i_1, %i_1] : memref<?x?xf32>
// CHECK-NEXT:  scf.reduce(%v_1, %v_1 : f32, f32) {
// CHECK-NEXT:  ^bb0(%a: f32, %b: f32):
// CHECK-NEXT:  %s = arith.addf %a, %b : f32
// CHECK-NEXT:  scf.reduce.return %s : f32
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0(%a_1: f32, %b_1: f32):
// CHECK-NEXT:  %s_1 = arith.maximumf %a_1, %b_1 : f32
// CHECK-NEXT:  scf.reduce.return %s_1 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r_1 : f32

func.func @foralls(%t: tensor<8x16xf32>, %m: memref<8xf32>, %n: index) -> tensor<8x16xf32> {
  scf.forall (%i) in (8) {
    %v = memref.load %m[%i] : memref<8xf32>
  }
  scf.forall (%i, %j) = (0, %n) to (8, 16) step (2, 4) {
    %v = memref.load %m[%j] : memref<8xf32>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  %r:2 = scf.forall (%i, %j) in (%n, 4) shared_outs(%o = %t, %p = %t) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
    scf.forall.in_parallel {
    }
  }
  return %r#1 : tensor<8x16xf32>
}
// CHECK-LABEL: func.func @foralls(%t: tensor<8x16xf32>, %m: memref<8xf32>, %n: index) -> tensor<8x16xf32> {
// CHECK-NEXT:  scf.forall (%i) in (8) {
// CHECK-NEXT:  %v = memref.load %m[%i] : memref<8xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.forall (%i_1, %j) = (0, %n) to (8, 16) step (2, 4) {
// CHECK-NEXT:  %v_1 = memref.load %m[%j] : memref<8xf32>
// CHECK-NEXT:  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK-NEXT:  %r, %r_1 = scf.forall (%i_2, %j_1) in (%n, 4) shared_outs(%o = %t, %p = %t) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
// CHECK-NEXT:  scf.forall.in_parallel {
// CHECK-NEXT:  ^bb0:
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r_1 : tensor<8x16xf32>
