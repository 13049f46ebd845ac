// Safety summaries in the IR are documentation, never trusted: assign-layout and
// verify-layout decide safety from the program itself, and verify-layout reports a
// summary that does not match it (stale, edited or malformed) at its alloc.
// RUN: not memir-opt %s -p 'assign-layout,verify-layout' 2>&1 | filecheck %s
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'assign-layout,verify-layout' | filecheck %s --check-prefix=EDITED

func.func @bad_summary(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64 safety <[-1, -1], [0, -1]>
  memir.compute "fill" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64 safety <[-1, -1], [-1, 0], [3]>
  memir.compute "fill" on %s1 ins(%x) outs(%b)
  func.return
}
// CHECK:      invalid-summary.mlir:[[# @LINE - 4]]:3: error: verify-layout: the safety summary of %b (in @bad_summary) does not match the program (stale or edited): rerun stream-safety
// CHECK-NEXT: %b = memir.alloc 64 safety <[-1, -1], [-1, 0], [3]>
// CHECK-NEXT: ^

// -----

// An edited summary that would let %a and %b share bytes (each claims to end before the
// other starts) while the two streams run them concurrently: the plan is still made from
// the program (no overlap), and the edit is reported.
func.func @edited(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64 safety <[-1, -1], [-1, -1]>
  memir.compute "fill" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64 safety <[-1, -1], [-1, -1]>
  memir.compute "fill" on %s1 ins(%x) outs(%b)
  func.return
}
// EDITED: invalid-summary.mlir:[[# @LINE - 6]]:3: error: verify-layout: the safety summary of %a does not match the program
