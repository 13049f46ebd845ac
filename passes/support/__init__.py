"""What the passes share and are not passes themselves (importable as memir.passes.support).

A pass does not import another pass; what two passes both need lives here: the bridge from
the reader's plain data to the algorithms' problems and back into the IR, the analysis cache,
option ranges, block reordering, the readers of upstream MLIR, and the summaries one pass
leaves for another. Nothing here registers a pass.
"""
