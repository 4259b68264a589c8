"""Hypothesis profiles, chosen with HYPOTHESIS_PROFILE (default `ci`), and the
engines under test: the checkout's, or with MARKETPLAY_COMPILED=DIR the compiled
build in DIR (`make compiled`; docs/testing.md, "The compiled build").

`ci` runs each property's fixed examples plus a short search that starts
from a new random seed on every run (failures print a blob to reproduce
them); `nightly` searches far longer for the same properties.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The build goes first on the path and `engines` is imported from it at once (this
# file is the first pytest loads, in every xdist worker too): every `engines.*`
# import after that is looked up in the package's own directory, the build's, whatever
# pytest later puts ahead of it on the path.
if os.environ.get("MARKETPLAY_COMPILED"):
    sys.path.insert(0, str(Path(os.environ["MARKETPLAY_COMPILED"]).resolve()))
    importlib.import_module("engines")

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "ci", max_examples=12, deadline=None, print_blob=True, suppress_health_check=_SLOW_IS_FINE
)
settings.register_profile(
    "nightly", max_examples=400, deadline=None, print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
