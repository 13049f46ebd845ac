// MiniMalloc CSV in (aliases buffer/start/end, end inclusive), planned, and back out.
// RUN: memir-translate --import-minimalloc %S/minimalloc.csv | filecheck %s --check-prefix=IR
// RUN: memir-translate --import-minimalloc %S/minimalloc.csv | memir-opt -p 'assign-layout,verify-layout' | memir-translate --export-minimalloc | filecheck %s --check-prefix=CSV
// RUN: memir-translate --import-minimalloc %S/minimalloc.csv | memir-opt -p assign-layout | memir-translate --export-json | filecheck %s --check-prefix=JSON
// RUN: not memir-translate --import-minimalloc %S/bad.csv.txt 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not memir-translate --export-minimalloc %s 2>&1 | filecheck %s --check-prefix=UNPLANNED

// IR: memir.csv_columns = ["buffer", "start", "end", "size", "alignment"]
// IR: %b0 = memir.alloc 1000 align 8 live [0, 4) id "x"
// IR: %b1 = memir.alloc 24 align 8 live [2, 6) id "y"
// CSV: buffer,start,end,size,alignment,offset
// CSV-NEXT: x,0,3,1000,8,{{[0-9]+}}
// CSV-NEXT: y,2,5,24,8,{{[0-9]+}}
// CSV-NEXT: z,4,9,1000,8,{{[0-9]+}}
// JSON: "arena": 1024
// JSON: "id": "x"
// BAD: bad.csv.txt:3:1: error:
// UNPLANNED: roundtrip.mlir:[[# @LINE + 2]]:1: error: buffer has no offset: run assign-layout first

%a = memir.alloc 8 live [0, 1)
