// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,report' 2>&1 >/dev/null | filecheck %s --check-prefix=ASKED
// RUN: memir-opt %s -p 'memref-to-memir' | filecheck %s --check-prefix=NATURAL
// RUN: memir-opt %s -p 'memref-to-memir{alignment=32}' | filecheck %s --check-prefix=TOLD
// RUN: not memir-opt %s -p 'memref-to-memir{alignment=48}' 2>&1 | filecheck %s --check-prefix=BAD

// Two 8-byte buffers whose allocs ask for 64-byte alignment (as one-shot-bufferize writes
// them): alignment, not the plan, sets the arena, and the report says so. A third, asking
// for nothing, gets f32's own alignment (4), not a cache line, unless told.
func.func @tiny(%x: memref<2xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  memref.copy %b, %c : memref<2xf32> to memref<2xf32>
  memref.copy %c, %x : memref<2xf32> to memref<2xf32>
  return
}
// ASKED:      report: arena:          72
// ASKED-NEXT: report: lower bound:    16
// ASKED:      report: alignment:      sets the arena: rounded up to their alignments (up to 64 B) the live buffers take 128 B at the peak; the bound counts bytes only

// NATURAL: memir.alloc 8 align 64 live [{{.*}}) id "@tiny:%a"
// NATURAL: memir.alloc 8 align 64 live [{{.*}}) id "@tiny:%b"
// NATURAL: memir.alloc 8 align 4 live [{{.*}}) id "@tiny:%c"

// TOLD: memir.alloc 8 align 64 live [{{.*}}) id "@tiny:%a"
// TOLD: memir.alloc 8 align 32 live [{{.*}}) id "@tiny:%c"

// BAD: error: bad options for pass 'memref-to-memir': alignment must be a power of two, got 48
