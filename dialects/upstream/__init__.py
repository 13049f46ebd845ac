"""Upstream MLIR dialects as MLIR 22 prints them, where xDSL 0.74 falls short.

What a bufferized program from ``mlir-opt`` holds must read, print back unchanged in meaning
and re-parse with ``mlir-opt``. xDSL 0.74 lacks some ops (the index dialect, most linalg named
ops, ``linalg.map``), some custom syntaxes (``memref.global``, ``memref.extract_aligned_pointer_as_index``)
and is stricter than MLIR in places (``memref.copy`` between compatible shapes, ``dense_resource``
initial values). The modules here add what is missing by subclassing xDSL's ops, so
``isinstance`` checks against xDSL's classes still match:

- ``memref``: MLIR's syntax for global, copy, cast, extract_aligned_pointer_as_index, ...;
  reshape, transpose, realloc, prefetch, the atomics and DMA ops.
- ``linalg``: one definition (``structured.StructuredOp``) for every named op xDSL lacks;
  softmax, pack/unpack, the Winograd transforms, generic with several results.
- ``arith``, ``math``, ``index``, ``tensor``, ``bufferization``, ``scf``, ``cf``, ``affine``,
  ``vector``: the ops, syntaxes and shaped (vector, tensor) operands xDSL lacks.
- ``opaque``: what an op memir does not know becomes (kept, printed back as it came).

``tests/upstream/op_coverage.py`` measures them against MLIR's own dialect tests.

Each module is imported only when the parser first meets its dialect (memir/tools/registry.py).
"""
