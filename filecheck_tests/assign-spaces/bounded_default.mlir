// A module whose last (default) memory has a capacity too: assign-spaces plans with it as
// the fallback every value may return to, and assign-layout then holds it to its capacity
// (as it holds every space: filecheck_tests/assign-spaces/invalid.mlir, FIT).
// RUN: memir-opt %s -p 'bufferize,assign-spaces,assign-layout,verify-layout,check-execution{strict-events=true}' | filecheck %s

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 2048, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", capacity 8192, read 5.0e+08, write 5.0e+08>]} {
  func.func @main(%x: tensor<1x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x64xf32> {
    %a = memir.compute "matmul" (%x, %w) : tensor<1x64xf32> {flops = 8192 : i64}
    %b = memir.compute "gelu" (%a) : tensor<1x64xf32>
    %c = memir.compute "matmul" (%b, %w) : tensor<1x64xf32> {flops = 8192 : i64}
    %d = memir.compute "add" (%c, %a) : tensor<1x64xf32>
    func.return %d : tensor<1x64xf32>
  }
}
// CHECK: #memir.space<"dram", capacity 8192, read 5.0e+08, write 5.0e+08>
// CHECK-SAME: memir.space_plan = {strategy = "exact", status = "optimal"
// CHECK-SAME: memir.plans = {sram = #memir.plan<arena {{[0-9]+}}, {{.*}}dram = #memir.plan<arena {{[0-9]+}},
