// assign-layout reads the summaries left by stream-safety; a malformed one is reported
// at its alloc.
// RUN: not memir-opt %s -p assign-layout 2>&1 | filecheck %s

func.func @bad_summary(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64 safety <[-1, -1], [0, -1]>
  memir.compute "fill" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64 safety <[-1, -1], [-1, 0], [3]>
  memir.compute "fill" on %s1 ins(%x) outs(%b)
  func.return
}
// CHECK:      invalid-summary.mlir:[[# @LINE - 4]]:3: error: assign-layout: bad safety summary: a safety summary has 2 vectors (start, end), got 3
// CHECK-NEXT: %b = memir.alloc 64 safety <[-1, -1], [-1, 0], [3]>
// CHECK-NEXT: ^
