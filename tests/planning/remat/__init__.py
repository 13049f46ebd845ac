"""Tests of ``memir.planning.remat``: rematerialisation planners, bounds and rewrites."""
