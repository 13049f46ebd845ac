builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 1024, read 4.0e+09, write 4.0e+09>, #memir.space<"dram", read 5.0e+08, write 5.0e+08>]} {
  func.func @f(%x: !memir.buf) {
    %a = memir.alloc 1024 space "sram"
    %b = memir.alloc 1024 space "sram"
    memir.compute "k" ins(%x) outs(%a)
    memir.compute "j" ins(%a) outs(%b)
    func.return
  }
}
