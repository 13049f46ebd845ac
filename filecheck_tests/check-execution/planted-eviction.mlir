// Planted bug in an eviction: %a (fast memory) is copied out to %a_slow on the copy stream
// after "k1"; "k2" then writes %b, which the sed below places over %a's bytes, while the
// copy may still be reading them (no wait for it before "k2"). The correct program (%b
// elsewhere) passes; the planted one is reported at "k2", naming the copy.
// RUN: memir-opt %s -p 'verify-layout,check-execution{strict-events=true}' | filecheck %s --check-prefix=OK
// RUN: sed -e '/PLANT/s/offset 1024/offset 0/' %s | not memir-opt -p 'check-execution' 2>&1 | filecheck %s
// RUN: sed -e '/PLANT/s/offset 1024/offset 0/' %s | not memir-opt -p 'verify-layout' 2>&1 | filecheck %s --check-prefix=VERIFY

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 2048, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 5.0e+08>]} {
  func.func @f(%x: !memir.buf) {
    %copies = memir.stream 1
    %a = memir.alloc 1024 offset 0 space "sram"
    %a_slow = memir.alloc 1024 offset 0 space "dram"
    %b = memir.alloc 1024 offset 1024 space "sram" // PLANT
    %c = memir.alloc 1024 offset 1024 space "dram"
    memir.compute "k1" ins(%x) outs(%a)
    %ready = memir.record
    memir.wait %ready on %copies
    memir.copy %a to %a_slow on %copies
    %landed = memir.record on %copies
    memir.compute "k2" ins(%x) outs(%b)
    memir.wait %landed
    memir.compute "k3" ins(%a_slow, %b) outs(%c)
    func.return
  }
}
// OK: memir.copy %a to %a_slow on %copies
// CHECK: error: check-execution: {{.*}}op 2 "k2" on stream 0 writes %b into bytes [0, 1024) while %a still needs them (written by op 0 "k1" on stream 0, used by op 1 "memir.copy" on stream 1)
// VERIFY: error: verify-layout: space "sram": {{.*}}%a{{.*}}%b
