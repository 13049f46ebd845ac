// RUN: memir-translate --import-minimalloc %S/../assign-layout/inputs/toy.csv | memir-opt -p 'assign-layout{strategy=single sort=size fit=first},report' 2>&1 >/dev/null | filecheck %s
// RUN: memir-opt %s -p report 2>&1 >/dev/null | filecheck %s --check-prefix=NOPLAN
// RUN: rm -f %t.png && memir-translate --import-minimalloc %S/../assign-layout/inputs/toy.csv | memir-opt -p 'assign-layout,report{plot="%t.png"}' > /dev/null 2>&1 && test -s %t.png
// RUN: not memir-opt %s -p 'report{plot=x.pdf}' 2>&1 | filecheck %s --check-prefix=BADPLOT

%a = memir.alloc 1024 live [0, 4)

// CHECK: report: buffers:        5
// CHECK-NEXT: report: arena:          1920
// CHECK-NEXT: report: lower bound:    1664
// CHECK-NEXT: report: arena / bound:  1.1538
// CHECK-NEXT: report: peak live:      1664 (program order)
// CHECK-NEXT: report: fragmentation:  0.1333
// CHECK-NEXT: report: strategy:       single/size/first (heuristic, {{[0-9.]+}} s)
// CHECK-NEXT: report: pass assign-layout:{{ *[0-9.]+}} s
// CHECK-NEXT: report: peak RSS:       {{[0-9]+}} MiB (this process so far)
// NOPLAN: report: plan:           none (run assign-layout first)
// BADPLOT: memir-opt: error: bad options for pass 'report': plot file must end in .png or .svg, got 'x.pdf'
