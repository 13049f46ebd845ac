// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir,assign-layout,verify-layout' | filecheck %s
// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir,assign-layout,verify-layout,report{at="1,5,16"}' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: memir-opt %s --allow-unregistered-dialect -p 'memref-to-memir,assign-layout' | memir-opt --allow-unregistered-dialect -p 'verify-layout,memir-to-memref' | filecheck %s --check-prefix=ROUND

// assign-layout gives every buffer of a program with symbolic sizes an offset expression
// (an integer where it is constant) and the module the arena's expression; verify-layout
// proves it over the whole range; report prints memir's arena beside the baselines at the
// range points and at the values at= names. The memir form prints and reads back.
func.func @chain(%x: memref<?x4xf32>, %out: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %a = memref.alloc(%n) : memref<?x4xf32>
  memref.copy %x, %a : memref<?x4xf32> to memref<?x4xf32>
  %b = memref.alloc(%n) : memref<?x8xf32>
  "test.use"(%a, %b) : (memref<?x4xf32>, memref<?x8xf32>) -> ()
  %c = memref.alloc(%n) : memref<?x4xf32>
  "test.use"(%b, %c) : (memref<?x8xf32>, memref<?x4xf32>) -> ()
  %s = memref.alloc() : memref<16xf32>
  "test.use"(%c, %s) : (memref<?x4xf32>, memref<16xf32>) -> ()
  memref.copy %c, %out : memref<?x4xf32> to memref<?x4xf32>
  return
}

// CHECK:      builtin.module attributes {memir.symbolic_plan = #memir.symbolic_plan<arena [{{.*}}x_d0{{.*}}], strategy "{{.+}}">} {
// CHECK-NEXT:   func.func @chain(%x: memref<?x4xf32>, %out: memref<?x4xf32>) attributes {memir.symbols = #memir.symbols<x_d0 in [0, inf]>, memir.symbol_sources = {x_d0 = "arg 0 dim 0"}} {
// CHECK-NEXT:     memir.alloc [16*x_d0] align 4 live [3, 6) offset {{[0-9]+|\[.+\]}} id "@chain:%a"
// CHECK-NEXT:     memir.alloc [32*x_d0] align 4 live [5, 8) offset {{[0-9]+|\[.+\]}} id "@chain:%b"
// CHECK-NEXT:     memir.alloc [16*x_d0] align 4 live [7, 11) offset {{[0-9]+|\[.+\]}} id "@chain:%c"
// CHECK-NEXT:     memir.alloc 64 align 4 live [9, 10) offset {{[0-9]+|\[.+\]}} id "@chain:%s"

// REPORT:      report: buffers:        4
// REPORT-NEXT: report: symbols:        x_d0 in [0, inf]
// REPORT-NEXT: report: arena:          [{{.+}}]
// REPORT-NEXT: report: strategy:       {{.+}}
// REPORT-NEXT: report: at          memir  upper-bound  static   relax  memir/static
// REPORT-NEXT: report: x_d0=0     {{ +[0-9]+}}         none      64      64  {{ +[0-9.]+}}
// REPORT-NEXT: report: x_d0=1024  {{ +[0-9]+}}         none   49152   49216  {{ +[0-9.]+}}
// REPORT:      report: x_d0=4096  {{ +[0-9]+}}         none  196608  196672  {{ +[0-9.]+}}
// REPORT-NEXT: report: x_d0=1     {{ +[0-9]+}}         none      80     112  {{ +[0-9.]+}}
// REPORT-NEXT: report: x_d0=5     {{ +[0-9]+}}         none     240     304  {{ +[0-9.]+}}
// REPORT-NEXT: report: x_d0=16    {{ +[0-9]+}}         none     768     832  {{ +[0-9.]+}}
// REPORT-NEXT: report: pass memref-to-memir:

// ROUND:      func.func @chain(%x: memref<?x4xf32>, %out: memref<?x4xf32>) {
// ROUND:        %x_d0 = memref.dim %x, %c0 : memref<?x4xf32>
// ROUND:        %arena = memref.alloc(%arena_bytes) {alignment = 4 : i64} : memref<?xi8>
// ROUND:        %a = memref.view %arena[%{{.+}}][%n] : memref<?xi8> to memref<?x4xf32>
// ROUND:        %b = memref.view %arena[%{{.+}}][%n] : memref<?xi8> to memref<?x8xf32>
// ROUND:        %c = memref.view %arena[%{{.+}}][%n] : memref<?xi8> to memref<?x4xf32>
// ROUND:        %s = memref.view %arena[%{{.+}}][] : memref<?xi8> to memref<16xf32>
// ROUND-NOT:    memir
