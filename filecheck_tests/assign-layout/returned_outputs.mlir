// A planned buffer the function returns (bufferize{plan-outputs=true}) lives to the function's
// last step: %b must not share bytes with %c, which is made after %b's last reader.
// RUN: memir-opt %s -p 'bufferize{plan-outputs=true},assign-layout,verify-layout' | filecheck %s

func.func @main(%a: tensor<256xf32>) -> tensor<256xf32> {
  %b = memir.compute "k1" (%a) : tensor<256xf32>
  %c = memir.compute "k2" (%a) : tensor<1024xf32>
  %d = memir.compute "k3" (%c) : tensor<4xf32>
  func.return %b : tensor<256xf32>
}

// CHECK: memir.plan = #memir.plan<arena 5136,
// CHECK-DAG: %b = memir.alloc 1024 align 64 offset 4096
// CHECK-DAG: %c = memir.alloc 4096 align 64 offset 0
