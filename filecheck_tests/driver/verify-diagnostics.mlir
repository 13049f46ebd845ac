// --verify-diagnostics checks expected-error annotations as mlir-opt does: on the same
// line, @+N / @-N lines away, or @unknown; every error must be expected and every
// expected one produced.
// RUN: memir-opt %s --split-input-file --verify-diagnostics
// RUN: sed -e 's/must be positive/must be negative/' %s | not memir-opt --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=MISMATCH
// RUN: sed -e '/expected-error @+1 {{duplicate/d' %s | not memir-opt --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=UNEXPECTED
// RUN: memir-opt %s -p 'bufferize,stream-safety' --print-ir-after-all --split-input-file --print-diagnostics 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER

%a = memir.alloc 0 // expected-error {{buffer size must be positive}}

// -----

%a = memir.alloc 8 id "x"
// expected-error @+1 {{duplicate buffer id "x"}}
%b = memir.alloc 8 id "x"

// -----

// expected-error @below {{'memir.tile_view' op tile reaches byte 256}}
%t = memir.tile_view %c [0, 8] [4, 8] [16, 1] elem 4
%c = memir.alloc 64

// -----

func.func @ok(%x: !memir.buf) {
  %s0 = memir.stream 0
  %y = memir.alloc 64
  memir.compute "k" on %s0 ins(%x) outs(%y)
  func.return
}

// MISMATCH: error: 'memir.alloc' op buffer size must be positive, got 0
// MISMATCH: error: unexpected error: no 'expected-error' annotation matches it
// MISMATCH: <stdin>:9: error: expected error "buffer size must be negative" at line 9 was not produced
// UNEXPECTED: <stdin>:13:1: error: duplicate buffer id "x"
// UNEXPECTED: error: unexpected error
// AFTER: // -----// IR Dump After bufferize //----- //
// AFTER: // -----// IR Dump After stream-safety //----- //
// AFTER: memir.alloc 64 safety
