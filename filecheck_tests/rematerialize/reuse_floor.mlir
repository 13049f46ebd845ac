// The tied embedding's gradients summed at the end of the backward pass (BERT-base and
// GPT-2 at batch 1 peak there): the add holds both gradients and the sum, 12288 bytes,
// and no recomputation lowers one op's own operands and result. Below that, the add
// writes the sum over %g1, which dies there (remat.in_place_reuse): the peak is then 8192, where
// the embedding's backward op holds %g1 and %g2. At 12288 the program stays as it is;
// below 8192 the error names the lower floor and the reuse.
// RUN: memir-opt %s -p 'rematerialize{capacity=8192},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=8192},report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: memir-opt %s -p 'rematerialize{capacity=12288}' | filecheck %s --check-prefix=FITS
// RUN: not memir-opt %s -p 'rematerialize{capacity=4096}' 2>&1 | filecheck %s --check-prefix=FLOOR

func.func @train(%ids: !memir.buf, %w: !memir.buf) {
  %g1 = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%ids, %w) outs(%g1) {flops = 1000000 : i64, bytes = 8192 : i64}
  %g2 = memir.alloc 4096 align 64
  memir.compute "aten.embedding_dense_backward" ins(%g1, %ids) outs(%g2) {bytes = 8192 : i64}
  %sum = memir.alloc 4096 align 64
  memir.compute "aten.add.Tensor" ins(%g1, %g2) outs(%sum) {bytes = 12288 : i64}
  memir.compute "adam_" ins(%w, %sum) outs(%w)
  func.return
}

// CHECK:      memir.remat = {peak_before = #builtin.int<12288>, peak_after = #builtin.int<8192>, {{.*}}recomputed = #builtin.int<0>, added_ns = #builtin.int<0>, {{.*}}reused = #builtin.int<1>}
// CHECK-SAME:   memir.plan = #memir.plan<arena 8192, bound 8192
// CHECK:        memir.compute "aten.add.Tensor" ins(%g1, %g2) outs(%g1) {bytes = 12288 : i64}
// CHECK-NEXT:   memir.compute "adam_" ins(%w, %g1) outs(%w)
// CHECK-NOT:    %sum

// REPORT: report: remat reuse:    1 elementwise ops write their result over an operand that dies there (the capacity is below what recomputation alone reaches)

// FITS:         memir.compute "aten.add.Tensor" ins(%g1, %g2) outs(%sum)

// FLOOR: error: rematerialize: capacity 4096 cannot be reached by recomputation: the smallest peak reached is 8192 bytes (peak without it 12288), at op 1 (aten.embedding_dense_backward); {{.*}}goes below 8192 bytes (op 1, aten.embedding_dense_backward); 1 elementwise ops write their result over an operand that dies there
