// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// affine ops in MLIR 22's custom syntax: accesses with dimensions and symbol(...) operands,
// prefetch, index (de)linearization, affine.if with one result.

#id = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0)[s0] -> (d0 + s0, 64)>

func.func @loops(%m: memref<64x64xf32>, %n: index, %f: f32) -> f32 {
  affine.for %i = 0 to 64 {
    affine.for %j = #id(%i) to min #sum(%i)[%n] step 4 {
      %v = affine.load %m[%i, %j + 1] : memref<64x64xf32>
      affine.store %v, %m[%j, symbol(%n) * 2] : memref<64x64xf32>
    }
  }
  %r = affine.for %i = 0 to %n iter_args(%acc = %f) -> (f32) {
    %v = affine.load %m[%i, %i] : memref<64x64xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%n] to 10 {
  }
  return %r : f32
}
// CHECK-LABEL: func.func @loops(%m: memref<64x64xf32>, %n: index, %f: f32) -> f32 {
// CHECK-NEXT:  affine.for %i = 0 to 64 {
// CHECK-NEXT:  affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> ((d0 + s0), 64)>(%i)[%n] step 4 {
// CHECK-NEXT:  %v = affine.load %m[%i, %j + 1] : memref<64x64xf32>
// CHECK-NEXT:  affine.store %v, %m[%j, symbol(%n) * 2] : memref<64x64xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  %r = affine.for %i_1 = 0 to %n iter_args(%acc = %f) -> (f32) {
// CHECK-NEXT:  %v_1 = affine.load %m[%i_1, %i_1] : memref<64x64xf32>
// CHECK-NEXT:  %s = arith.addf %acc, %v_1 : f32
// CHECK-NEXT:  affine.yield %s : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %i_2 = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%n] to 10 {
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : f32

func.func @values(%a: index, %b: index) -> (index, index, index) {
  %x = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%a)[%b]
  %y = affine.min affine_map<(d0)[s0] -> (d0, s0, 16)>(%a)[%b]
  %z = affine.max affine_map<(d0, d1) -> (d0 - d1, 0)>(%a, %b)
  %c = affine.apply affine_map<() -> (3)>()
  %p:2 = affine.delinearize_index %a into (4, %b) : index, index
  %q:3 = affine.delinearize_index %a into (2, 3, 4) : index, index, index
  %l = affine.linearize_index [%p#0, %p#1] by (4, %b) : index
  %l2 = affine.linearize_index disjoint [%q#0, %q#1, %q#2] by (2, 3, 4) : index
  %l3 = affine.linearize_index [%p#0, %p#1] by (%b) : index
  %d:2 = affine.delinearize_index %a into (%b) : index, index
  return %x, %y, %l : index, index, index
}
// CHECK-LABEL: func.func @values(%a: index, %b: index) -> (index, index, index) {
// CHECK-NEXT:  %x = affine.apply affine_map<(d0)[s0] -> (((d0 * 4) + s0))> (%a)[%b]
// CHECK-NEXT:  %y = affine.min affine_map<(d0)[s0] -> (d0, s0, 16)> (%a)[%b]
// CHECK-NEXT:  %z = affine.max affine_map<(d0, d1) -> ((d0 + (d1 * -1)), 0)>(%a, %b)
// CHECK-NEXT:  %c = affine.apply affine_map<() -> (3)> ()
// CHECK-NEXT:  %p, %p_1 = affine.delinearize_index %a into (4, %b) : index, index
// CHECK-NEXT:  %q, %q_1, %q_2 = affine.delinearize_index %a into (2, 3, 4) : index, index, index
// CHECK-NEXT:  %l = affine.linearize_index [%p, %p_1] by (4, %b) : index
// CHECK-NEXT:  %l2 = affine.linearize_index disjoint [%q, %q_1, %q_2] by (2, 3, 4) : index
// CHECK-NEXT:  %l3 = affine.linearize_index [%p, %p_1] by (%b) : index
// CHECK-NEXT:  %d, %d_1 = affine.delinearize_index %a into (%b) : index, index
// CHECK-NEXT:  func.return %x, %y, %l : index, index, index

#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 == 0)>

func.func @conds(%a: index, %b: index, %f: f32) -> f32 {
  affine.if #set(%a)[%b] {
    "test.op"() : () -> ()
  }
  %r = affine.if #set(%a)[%b] -> f32 {
    affine.yield %f : f32
  } else {
    %g = arith.addf %f, %f : f32
    affine.yield %g : f32
  }
  return %r : f32
}
// CHECK-LABEL: func.func @conds(%a: index, %b: index, %f: f32) -> f32 {
// CHECK-NEXT:  affine.if affine_set<(d0)[s0] : ((d0 + -10) >= 0, (s0 + (d0 * -1)) == 0)>(%a)[%b] {
// CHECK-NEXT:  "test.op"() : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:  %r = affine.if affine_set<(d0)[s0] : ((d0 + -10) >= 0, (s0 + (d0 * -1)) == 0)>(%a)[%b] -> (f32) {
// CHECK-NEXT:  affine.yield %f : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %g = arith.addf %f, %f : f32
// CHECK-NEXT:  affine.yield %g : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : f32

func.func @vectors(%m: memref<100x100xf32>, %i: index, %n: index) {
  %v = affine.vector_load %m[%i, %i + 8] : memref<100x100xf32>, vector<8xf32>
  affine.vector_store %v, %m[%i, symbol(%n)] : memref<100x100xf32>, vector<8xf32>
  affine.prefetch %m[%i, %i + 1], read, locality<3>, data : memref<100x100xf32>
  affine.prefetch %m[%i, %i], write, locality<0>, instr : memref<100x100xf32>
  return
}
// CHECK-LABEL: func.func @vectors(%m: memref<100x100xf32>, %i: index, %n: index) {
// CHECK-NEXT:  %v = affine.vector_load %m[%i, %i + 8] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT:  affine.vector_store %v, %m[%i, symbol(%n)] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT:  affine.prefetch %m[%i, %i + 1], read, locality<3>, data : memref<100x100xf32>
// CHECK-NEXT:  affine.prefetch %m[%i, %i], write, locality<0>, instr : memref<100x100xf32>
// CHECK-NEXT:  func.return
