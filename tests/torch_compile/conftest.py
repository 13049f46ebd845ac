"""Each test compiles the same models' code afresh: dynamo's caches start empty, so that the
backends of earlier tests neither fill its per-function recompile limit nor serve a call."""

import pytest

torch = pytest.importorskip("torch")


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()
