"""memir's passes (importable as memir.passes). ``PASSES`` is what memir-opt registers."""

PASSES: list = []
