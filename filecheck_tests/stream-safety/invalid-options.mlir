// Bad pass options.
// RUN: not memir-opt %s -p 'stream-safety{algorithm=magic}' 2>&1 | filecheck %s --check-prefix=ALGORITHM
// RUN: not memir-opt %s -p 'stream-safety{pairs=true}' 2>&1 | filecheck %s --check-prefix=OPTION

func.func @f(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  func.return
}

// ALGORITHM: memir-opt: error: pass 'stream-safety': option 'algorithm' cannot be 'magic'; choose from stream-graph, ancestors-opt, ancestors
// OPTION: error: {{.*}}pairs
