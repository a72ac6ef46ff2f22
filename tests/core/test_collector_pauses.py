"""The collector's pause watch (config/collector.py): a collection that stops the process
longer than SLOW_PAUSE_MS is one WARNING line; a short one says nothing. Pure: no database."""

from __future__ import annotations

import gc
import logging
import time

import pytest

from config import collector


def test_a_long_pause_is_logged_and_a_short_one_is_not(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="arbiter.gc")
    collector._pause_watch("start", {"generation": 2})
    collector._pause_watch("stop", {"generation": 2, "collected": 0})
    assert caplog.records == []
    collector._pause_watch("start", {"generation": 2})
    time.sleep(collector.SLOW_PAUSE_MS / 1000 * 1.5)
    collector._pause_watch("stop", {"generation": 2, "collected": 7})
    (record,) = caplog.records
    assert record.levelno == logging.WARNING
    assert record.getMessage().startswith("generation 2 collection stopped the process")
    assert "(7 collected)" in record.getMessage()


def test_the_watch_is_installed_once() -> None:
    before, threshold, frozen = list(gc.callbacks), gc.get_threshold(), gc.get_freeze_count()
    try:
        collector.collector_tune()
        collector.collector_tune()
        assert gc.callbacks.count(collector._pause_watch) == 1
        collector.pause_watch_remove()
        assert collector._pause_watch not in gc.callbacks
    finally:
        if not frozen:  # as this process was: nothing frozen before
            gc.unfreeze()
        gc.callbacks[:] = before
        gc.set_threshold(*threshold)
