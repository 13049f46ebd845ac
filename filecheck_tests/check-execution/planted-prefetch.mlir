// Planted bugs in a prefetch: (a) the consumer's wait for the copy is deleted, so with strict
// events the read of %w_fast may come before the copy has landed; (b) the copy target shares
// bytes with %y, which "k1" writes while the copy (on its own stream) may still be writing.
// The correct program passes both checks.
// RUN: memir-opt %s -p 'assign-layout,verify-layout,check-execution{strict-events=true}' | filecheck %s --check-prefix=OK
// RUN: sed -e '/DELETE-WAIT/d' %s | not memir-opt -p 'check-execution{strict-events=true}' 2>&1 | filecheck %s --check-prefix=EARLY
// RUN: sed -e '/OFFSET-W/s/offset 2048/offset 0/' %s | not memir-opt -p 'check-execution' 2>&1 | filecheck %s --check-prefix=OVERLAP

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 4096, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 5.0e+08>]} {
  func.func @f(%x: !memir.buf, %w: !memir.buf {memir.bytes = 2048 : i64}) {
    %copies = memir.stream 1
    %w_fast = memir.alloc 2048 offset 2048 space "sram" // OFFSET-W
    %y = memir.alloc 1024 offset 0 space "sram"
    %z = memir.alloc 1024 offset 0 space "dram"
    memir.copy %w to %w_fast on %copies
    %landed = memir.record on %copies
    memir.compute "k1" ins(%x) outs(%y)
    memir.wait %landed // DELETE-WAIT
    memir.compute "k2" ins(%y, %w_fast) outs(%z)
    func.return
  }
}
// OK: memir.copy %w to %w_fast on %copies
// EARLY: error: check-execution: unsynchronised read-after-write on %w_fast: op 0 "memir.copy" on stream 1 and op 2 "k2" on stream 0 have no record/wait between them (strict events)
// OVERLAP: error: check-execution: {{.*}}"k1"{{.*}}%w_fast
