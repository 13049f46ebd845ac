// Top-level attribute and type aliases, as mlir-opt reads them.
// RUN: memir-opt %s | filecheck %s

#map = affine_map<(d0) -> (d0)>
!buf = !memir.buf
func.func @f(%x: !buf) attributes {m = #map} {
  %a = memir.alloc 64 live [0, 1)
  func.return
}
#later = affine_map<(d0) -> (d0 + 1)>
// CHECK: func.func @f(%x: !memir.buf) attributes {m = affine_map<(d0) -> (d0)>}
