// RUN: not memir-opt %s -p verify-layout 2>&1 | filecheck %s
%a = memir.alloc 1024 live [0, 4) offset 0
%b = memir.alloc 512 live [2, 6)
// CHECK: unplanned.mlir:3:1: error: verify-layout: buffer %b has no offset: run assign-layout first
