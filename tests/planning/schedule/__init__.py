"""Tests of ``memir.planning.schedule``: orders, bounds, update placement, streams."""
