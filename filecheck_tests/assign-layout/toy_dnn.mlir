// [Multi-stream reuse], appendix E: the toy DNN (A-E, sizes 1024, 768, 640, 512, 256; closed lifetimes
// [a, b] written here as [a, b + 1)). Single Object, First-Fit, size order: 1920 (Figure 8);
// Many Objects: 1664 (Figure 9), which is the bound.
// RUN: memir-translate --import-minimalloc %S/inputs/toy.csv | memir-opt -p 'assign-layout{strategy=single sort=size fit=first},verify-layout' | filecheck %s --check-prefix=SINGLE
// RUN: memir-translate --import-minimalloc %S/inputs/toy.csv | memir-opt -p 'assign-layout{strategy=many sort=size fit=first},verify-layout' | filecheck %s --check-prefix=MANY
// RUN: memir-translate --import-minimalloc %S/inputs/toy.csv | memir-opt -p 'assign-layout,verify-layout' | filecheck %s --check-prefix=AUTO
// RUN: memir-translate --import-minimalloc %S/inputs/toy.csv | memir-opt -p 'assign-layout{effort=4},verify-layout' | filecheck %s --check-prefix=AUTO
// RUN: memir-translate --import-minimalloc %S/inputs/toy.csv | memir-opt -p 'assign-layout{strategy=exact time-limit=5},verify-layout' | filecheck %s --check-prefix=EXACT

// SINGLE: memir.plan = #memir.plan<arena 1920, bound 1664, strategy "single/size/first"
// SINGLE-DAG: memir.alloc 1024 live [0, 2) offset 0 id "A"
// SINGLE-DAG: memir.alloc 768 live [3, 5) offset 0 id "B"
// SINGLE-DAG: memir.alloc 640 live [1, 3) offset 1024 id "C"
// SINGLE-DAG: memir.alloc 512 live [4, 6) offset 768 id "D"
// SINGLE-DAG: memir.alloc 256 live [2, 5) offset 1664 id "E"

// MANY: memir.plan = #memir.plan<arena 1664, bound 1664, strategy "many/size/first"
// MANY-DAG: memir.alloc 512 live [4, 6) offset 1024 id "D"
// MANY-DAG: memir.alloc 256 live [2, 5) offset 768 id "E"

// AUTO: memir.plan = #memir.plan<arena 1664, bound 1664, strategy "{{[a-z/-]+}}", status "optimal"
// EXACT: memir.plan = #memir.plan<arena 1664, bound 1664, strategy "{{[a-z/-]+}}", status "optimal"
