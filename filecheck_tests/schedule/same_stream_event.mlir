// An event recorded and waited for on one stream orders nothing stream order does not. The
// default strategy's move of optimizer updates onto events used to put the update both
// before the record and after the wait (one op twice: an internal error); it now skips
// such events and keeps each op once.
// RUN: memir-opt %s -p 'bufferize,schedule' | filecheck %s

// CHECK: memir.schedule = {
// CHECK-COUNT-1: memir.compute "add_"
// CHECK-NOT: memir.compute "add_"
func.func @main(%arg0: tensor<4xi8>) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %e0 = memir.record
  memir.wait %e0
  memir.compute "matmul" () workspace 1 : ()
  memir.compute "matmul" () workspace 1 : ()
  memir.compute "add_" () workspace 1 : ()
  memir.compute "matmul" on %s1 () workspace 1 : ()
  func.return
}
