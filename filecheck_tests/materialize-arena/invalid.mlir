// RUN: not memir-opt %s -p materialize-arena 2>&1 | filecheck %s
%a = memir.alloc 1024 live [0, 4)
// CHECK: invalid.mlir:2:1: error: materialize-arena: buffer %a has no offset: run assign-layout first
