"""The out-reading verdicts of a test run stay in the run.

Why: planning a training program probes its kernels and keeps the verdicts on disk
(``memir.executorch.out_reading.cache_path``); a test run must neither read a verdict an
earlier run left in the user's cache (the probe would go untested) nor leave one there.
"""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_out_reading_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg_cache")))
        yield
