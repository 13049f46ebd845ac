"""memir: a static memory planner for deep-learning graphs."""
