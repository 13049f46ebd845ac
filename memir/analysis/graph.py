"""The computation graph, now in the model layer (``memir.model.graph``): re-exported here
so that the analyses' importers keep their path."""

from memir.model.graph import Graph, Node, Tensor

__all__ = ["Graph", "Node", "Tensor"]
