// One arena per memory space: assign-layout lays out each space on its own, within its
// capacity (memir.plans), and verify-layout checks each. Buffers in different spaces may
// share offsets while both are live; buffers of one space may not.
// RUN: memir-opt %s -p 'assign-layout,verify-layout,check-execution{data=true}' | filecheck %s
// materialize-arena makes one arena per space; views of different arenas may share offsets,
// and check-execution runs them (on real bytes too):
// RUN: memir-opt %s -p 'materialize-arena,check-execution{data=true}' | filecheck %s --check-prefix=ARENAS
// RUN: memir-opt %s -p 'materialize-arena' | sed -e 's/%arena_sram at 1024/%arena_sram at 0/' | not memir-opt -p 'check-execution' 2>&1 | filecheck %s --check-prefix=VIEWS
// RUN: sed -e 's/offset 1024 id "b" space "sram"/offset 0 id "b" space "sram"/' %s | not memir-opt -p 'verify-layout' 2>&1 | filecheck %s --check-prefix=SAME
// RUN: sed -e 's/offset 1024 id "b" space "sram"/offset 0 id "b" space "sram"/' %s | not memir-opt -p 'check-execution' 2>&1 | filecheck %s --check-prefix=EXEC
// RUN: sed -e 's/offset 1024 id "b" space "sram"/offset 1536 id "b" space "sram"/' %s | not memir-opt -p 'verify-layout' 2>&1 | filecheck %s --check-prefix=CAPACITY

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 2048, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 5.0e+08>]} {
  func.func @f(%x: !memir.buf) {
    %a = memir.alloc 1024 offset 0 id "a" space "sram"
    %b = memir.alloc 1024 offset 1024 id "b" space "sram"
    %c = memir.alloc 1024 offset 0 id "c" space "dram"
    memir.compute "k1" ins(%x) outs(%a)
    memir.compute "k2" ins(%a) outs(%b)
    memir.compute "k3" ins(%a, %b) outs(%c)
    memir.compute "k4" ins(%c, %a) outs()
    func.return
  }
}
// CHECK: memir.plans = {sram = #memir.plan<arena 2048, bound 2048, {{.*}}>, dram = #memir.plan<arena 1024, bound 1024,
// CHECK-DAG: memir.alloc 1024 offset {{0|1024}} id "a" space "sram"
// CHECK-DAG: memir.alloc 1024 offset 0 id "c" space "dram"
// SAME: error: verify-layout: space "sram": {{.*}}'"a"'{{.*}}'"b"'
// EXEC: error: check-execution: {{.*}}"k2" on stream 0 writes "b" into bytes [0, 1024) while "a" still needs them
// CAPACITY: error: verify-layout: space "sram": plan needs 2560 bytes, more than the capacity of 2048
// ARENAS: %arena_sram = memir.arena 2048 space "sram"
// ARENAS-NEXT: %arena_dram = memir.arena 1024 space "dram"
// ARENAS-NEXT: %a = memir.view %arena_sram at 0 size 1024 id "a"
// ARENAS-NEXT: %b = memir.view %arena_sram at 1024 size 1024 id "b"
// ARENAS-NEXT: %c = memir.view %arena_dram at 0 size 1024 id "c"
// VIEWS: error: check-execution: {{.*}}"k2" on stream 0 writes "b" into bytes [0, 1024) while "a" still needs them
