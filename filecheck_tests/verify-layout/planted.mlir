// RUN: not memir-opt %s -p verify-layout 2>&1 | filecheck %s
// RUN: not memir-opt %s --split-input-file -p verify-layout 2>&1 | filecheck %s

%a = memir.alloc 1024 live [0, 4) offset 0 id "a"
%b = memir.alloc 512 live [2, 6) offset 768 id "b"
%c = memir.alloc 512 live [4, 8) offset 0 id "c"
// CHECK: planted.mlir:4:1: error: verify-layout: {{.*}}"a"{{.*}}"b"{{.*}}[768, 1024)
