"""A worker's garbage-collector settings (service/main.py, `tune_gc`)."""

from __future__ import annotations

import gc

from service.main import GC_THRESHOLDS, tune_gc


def test_tune_gc_freezes_start_up_objects_and_collects_less_often() -> None:
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
