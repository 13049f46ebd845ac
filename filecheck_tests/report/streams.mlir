// With several streams the peak is the heaviest clique of the stream-safety conflicts,
// not the program-order peak: here %b (stream 1) may be live with %c and %d (stream 0),
// so a plan at the bound has no fragmentation.
// RUN: memir-opt %examples/two_streams.mlir -p 'bufferize,stream-safety,assign-layout,verify-layout,report' 2>&1 >/dev/null | filecheck %s

// CHECK:      report: buffers:        6
// CHECK-NEXT: report: arena:          3276800
// CHECK-NEXT: report: lower bound:    3276800
// CHECK-NEXT: report: arena / bound:  1.0000
// CHECK-NEXT: report: peak live:      3276800 (heaviest clique of the stream conflicts)
// CHECK-NEXT: report: fragmentation:  0.0000
