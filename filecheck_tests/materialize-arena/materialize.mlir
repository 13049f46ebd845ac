// RUN: memir-opt %s -p 'assign-layout,verify-layout,materialize-arena' | filecheck %s
// RUN: memir-opt %s -p 'assign-layout,materialize-arena' --print-op-generic | memir-opt | filecheck %s

func.func @f(%x: !memir.buf) {
  %a = memir.alloc 1024 align 64
  memir.compute "k1" ins(%x) outs(%a)
  %b = memir.alloc 1024 align 64
  memir.compute "k2" ins(%a) outs(%b)
  memir.dealloc %a
  %c = memir.alloc 1024 align 64
  memir.compute "k3" ins(%b) outs(%c)
  %d = memir.alloc 64 external
  memir.compute "k4" ins(%c) outs(%d)
  func.return
}
// CHECK:      %arena = memir.arena 2048 align 64
// CHECK-NEXT: %a = memir.view %arena at [[A:[0-9]+]] size 1024
// CHECK-NEXT: memir.compute "k1" ins(%x) outs(%a)
// CHECK-NEXT: %b = memir.view %arena at {{[0-9]+}} size 1024
// CHECK-NEXT: memir.compute "k2" ins(%a) outs(%b)
// CHECK-NEXT: %c = memir.view %arena at [[A]] size 1024
// CHECK-NEXT: memir.compute "k3" ins(%b) outs(%c)
// CHECK-NEXT: %d = memir.alloc 64 external
