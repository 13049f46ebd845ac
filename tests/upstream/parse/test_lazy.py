"""The upstream dialects' definitions load only when a program uses them.

memir-opt's start-up time matters (tests/test_startup.py): a memir program must not pay
for linalg's eighty named ops, the index dialect or xDSL's vector dialect.
"""

from __future__ import annotations

from _probe import loaded_modules

MODULES = ("memir.dialects.upstream.memref", "memir.dialects.upstream.linalg",
           "memir.dialects.upstream.structured", "memir.dialects.upstream.index",
           "memir.dialects.upstream.affine", "xdsl.dialects.linalg", "xdsl.dialects.vector",
           "xdsl.dialects.affine", "xdsl.dialects.cf", "xdsl.dialects.memref")

def loaded(stdin: bytes) -> tuple[int, list[str]]:
    return loaded_modules(stdin, MODULES)


def test_a_memir_program_loads_no_upstream_definition():
    assert loaded(b'%a = memir.alloc 64 live [0, 2) id "a"\n') == (0, [])


def test_a_linalg_op_loads_linalg_and_what_it_names_only():
    """The check can fail: a named op loads the linalg definitions and nothing else."""
    program = (b"func.func @f(%a: memref<4x4xf32>, %x: memref<4xf32>) {\n"
               b"  linalg.matvec ins(%a, %x : memref<4x4xf32>, memref<4xf32>) "
               b"outs(%x : memref<4xf32>)\n  return\n}\n")
    status, names = loaded(program)
    assert status == 0
    assert {"memir.dialects.upstream.linalg", "memir.dialects.upstream.structured"} <= set(names)
    assert not {"memir.dialects.upstream.index", "xdsl.dialects.vector"} & set(names)
