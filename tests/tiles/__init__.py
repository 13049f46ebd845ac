"""Tests for the tile-aware planner and checkers (seed 002)."""
