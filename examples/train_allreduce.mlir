// A training step on three streams: forward and backward on stream 0, gradient all-reduce
// on communication stream 1, optimizer updates on stream 2. The three gradients of the
// last layers form one all-reduce bucket, so they must sit back to back (memir.contiguous).
// Run: memir-opt examples/train_allreduce.mlir -p 'stream-safety,assign-layout,verify-layout,report'
func.func @step(%x: !memir.buf, %w1: !memir.buf, %w2: !memir.buf, %w3: !memir.buf) {
  %compute = memir.stream 0
  %comm = memir.stream 1
  %opt = memir.stream 2
  %h1 = memir.alloc 262144 align 64
  memir.compute "linear" on %compute ins(%x, %w1) outs(%h1)
  %h2 = memir.alloc 262144 align 64
  memir.compute "linear" on %compute ins(%h1, %w2) outs(%h2)
  %out = memir.alloc 65536 align 64
  %ws = memir.alloc 32768 align 64
  memir.compute "linear" on %compute ins(%h2, %w3) outs(%out) ws(%ws)
  %dout = memir.alloc 65536 align 64
  memir.compute "loss_grad" on %compute ins(%out) outs(%dout)
  %g3 = memir.alloc 131072 align 256
  %dh2 = memir.alloc 262144 align 64
  memir.compute "linear_bwd" on %compute ins(%dout, %h2, %w3) outs(%g3, %dh2)
  %g2 = memir.alloc 131072 align 256
  %dh1 = memir.alloc 262144 align 64
  memir.compute "linear_bwd" on %compute ins(%dh2, %h1, %w2) outs(%g2, %dh1)
  %g1 = memir.alloc 131072 align 256
  memir.compute "linear_bwd" on %compute ins(%dh1, %x) outs(%g1)
  memir.contiguous %g3, %g2, %g1
  %bwd_done = memir.record on %compute
  memir.wait %bwd_done on %comm
  memir.compute "allreduce" on %comm ins(%g3, %g2, %g1) outs()
  %reduced = memir.record on %comm
  memir.wait %reduced on %opt
  %m = memir.alloc 131072 align 64
  memir.compute "adam_moments" on %opt ins(%g1, %g2, %g3) outs(%m)
  memir.compute "adam_update" on %opt ins(%m, %w1, %w2, %w3) outs()
  func.return
}
