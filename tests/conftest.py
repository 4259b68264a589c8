"""Hypothesis profiles, chosen with HYPOTHESIS_PROFILE (default `ci`).

`ci` runs each property's fixed examples plus a short search that starts
from a new random seed on every run (failures print a blob to reproduce
them); `nightly` searches far longer for the same properties.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "ci", max_examples=12, deadline=None, print_blob=True, suppress_health_check=_SLOW_IS_FINE
)
settings.register_profile(
    "nightly", max_examples=400, deadline=None, print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
