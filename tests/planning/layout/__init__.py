"""Tests of ``memir.planning.layout``: the greedy planners, their stages and the bound."""
