"""Settings every test tier shares.

Hypothesis runs derandomized (the same examples on every run, so a red CI run can be repeated
anywhere) and without its per-example deadline (the machine is shared: time is measured by the
benchmarks, never by tests). `make fuzz` and SOMERSET_FUZZ=long ask for random examples instead
(tests/fuzz/fuzzing.py). Tests marked `slow` are left out of the quick tier, `make check`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("derandomized", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("random", derandomize=False, deadline=None, print_blob=True)
settings.load_profile("random" if os.environ.get("SOMERSET_FUZZ") == "long" else "derandomized")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes seconds or more; left out of the quick tier (`make check`)")
