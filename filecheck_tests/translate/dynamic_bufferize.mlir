// What memir-translate --import-torch --dynamic writes (issue 53): the symbols on the
// function, `?` tensors, and each compute's result byte sizes as polynomials, which
// bufferize turns into symbolic allocs (a constant one stays a plain alloc) and drops.
// RUN: memir-opt %s -p bufferize | filecheck %s
// RUN: memir-opt %s -p bufferize | memir-opt | filecheck %s
// RUN: sed 's/{memir.sizes = \["512\*seq"\]}//' %s | not memir-opt -p bufferize 2>&1 | filecheck %s --check-prefix=NOSIZE
// RUN: sed 's/"512\*seq"/"512*seq", "4"/' %s | not memir-opt -p bufferize 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: sed 's/"512\*seq"/"512*seq +"/' %s | not memir-opt -p bufferize 2>&1 | filecheck %s --check-prefix=TEXT

func.func @main(%input: tensor<2x?xi64>, %w: tensor<64x16xf32>) -> tensor<?x64xf32> attributes {memir.symbols = #memir.symbols<seq in [1, 2048]>} {
  %e = memir.compute "aten.embedding" (%w, %input) : tensor<2x?x16xf32> {memir.sizes = ["128*seq"]}
  %m = memir.compute "aten.mm" (%e, %w) : tensor<?x64xf32> {memir.sizes = ["512*seq"]}
  %n, %k = memir.compute "aten.native_layer_norm" (%m) : (tensor<?x64xf32>, tensor<0xf32>) {memir.sizes = ["512*seq", "0"]}
  memir.compute "aten.view" (%n) : () {bytes = 0 : i64}
  func.return %m : tensor<?x64xf32>
}
// CHECK:      func.func @main(%input: !memir.buf, %w: !memir.buf {memir.bytes = 4096 : i64}) -> !memir.buf attributes {memir.symbols = #memir.symbols<seq in [1, 2048]>} {
// CHECK-NEXT:   %e = memir.alloc [128*seq] align 64
// CHECK-NEXT:   memir.compute "aten.embedding" ins(%w, %input) outs(%e){{$}}
// CHECK-NEXT:   %m = memir.alloc [512*seq] align 64 external
// CHECK-NEXT:   memir.compute "aten.mm" ins(%e, %w) outs(%m){{$}}
// CHECK-NEXT:   %n = memir.alloc [512*seq] align 64
// CHECK-NEXT:   %k = memir.alloc 1 align 64
// CHECK-NEXT:   memir.compute "aten.native_layer_norm" ins(%m) outs(%n, %k){{$}}
// NOSIZE: error: bufferize: cannot bufferize a dynamically shaped tensor tensor<?x64xf32> without its byte size (memir.sizes = ["128*seq"], one per result)
// COUNT: error: bufferize: memir.sizes must be an array of 1 size strings, one per result
// TEXT: error: bufferize: memir.sizes: expected a number, a symbol or '(', found the end
