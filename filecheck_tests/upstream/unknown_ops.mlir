// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s | memir-opt | filecheck %s

// An op of an upstream dialect that memir does not define is kept and printed back as it
// came, in generic form: operands, results, properties, attributes, regions. So are
// attributes memir does not know (#linalg.elementwise_kind, #index<...>) and types.

func.func @f(%a: memref<8xf32>, %i: index) -> index {
  %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
  "gpu.barrier"() : () -> ()
  %1 = "scf.execute_region"() ({
    %2 = "arith.constant"() <{value = 1 : index}> {note = #linalg.elementwise_kind<add>} : () -> index
    scf.yield %2 : index
  }) : () -> index
  return %0 : index
}
// CHECK:      %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// CHECK-NEXT: "gpu.barrier"() : () -> ()
// CHECK-NEXT: %1 = scf.execute_region -> (index) {
// CHECK-NEXT:   %2 = arith.constant {note = #linalg.elementwise_kind<add>} 1 : index
// CHECK-NEXT:   scf.yield %2 : index
// CHECK-NEXT: }
