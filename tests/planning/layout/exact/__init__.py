"""Tests of ``memir.planning.layout.exact``: the exact layout solver."""
