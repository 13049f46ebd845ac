"""Upstream MLIR dialects as MLIR 22 prints them, where xDSL 0.74 falls short.

What a bufferized program from ``mlir-opt`` holds must read, print back unchanged in
meaning and re-parse with ``mlir-opt``. xDSL 0.74 lacks some ops (the index dialect, most
linalg named ops, ``linalg.map``), some custom syntaxes (``memref.global``) and is stricter
than MLIR in places (``memref.copy`` between compatible shapes, ``dense_resource``
initial values). The modules here add what is missing by subclassing xDSL's ops, so
``isinstance`` checks against xDSL's classes still match (``memref``, ``linalg``, ``arith``,
``math``, ``index``, ``tensor``, ``bufferization``, ``scf``, ``cf``, ``affine``, ``vector``);
``opaque`` keeps an op memir does not know and prints it back as it came.
``tests/upstream/op_coverage.py`` measures them against MLIR's own dialect tests. Each
module is imported only when the parser first meets its dialect (memir/tools/registry.py).
"""
