"""`ARBITER_CHANNEL_LAYER` picks the Redis channel layer (docs/live.md, "Fan-out"): settings
imported for real in a process of their own, a push sent through that layer and heard back."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.web import ROOT

# In the child: the layer the settings chose, and a group push (`realtime.push`, the path every
# live push takes) heard by a channel of that group, over the Redis the test settings name.
ROUND_TRIP = """
import asyncio

import django

django.setup()
from django.conf import settings

from arbiter.realtime.push import channel_layer, group_push


async def main():
    layer = channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("layer-setting", channel)
    try:
        await asyncio.to_thread(group_push, group="layer-setting", event="ping", payload={"n": 1})
        message = await asyncio.wait_for(layer.receive(channel), timeout=10)
    finally:
        await layer.group_discard("layer-setting", channel)
    print(settings.CHANNEL_LAYERS["default"]["BACKEND"])
    print(message["text"])


asyncio.run(main())
"""


def run_settings(layer: str | None) -> subprocess.CompletedProcess[str]:
    """The child on the test settings, with `ARBITER_CHANNEL_LAYER` set to `layer` (or unset)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test")
    env.pop("ARBITER_CHANNEL_LAYER", None)
    if layer is not None:
        env["ARBITER_CHANNEL_LAYER"] = layer
    return subprocess.run(
        [sys.executable, "-c", ROUND_TRIP],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("value", "backend"),
    [
        (None, "channels_redis.pubsub.RedisPubSubChannelLayer"),
        ("pubsub", "channels_redis.pubsub.RedisPubSubChannelLayer"),
        ("core", "channels_redis.core.RedisChannelLayer"),
    ],
)
def test_the_setting_selects_the_layer_and_a_push_crosses_it(value, backend):
    done = run_settings(value)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [backend, '{"event":"ping","payload":{"n":1}}']


@pytest.mark.parametrize("value", ["redis", "PUBSUB"])
def test_any_other_value_stops_the_settings_with_a_clear_error(value):
    done = run_settings(value)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        "django.core.exceptions.ImproperlyConfigured: "
        f"ARBITER_CHANNEL_LAYER is {value!r}: use 'pubsub' (the default) or 'core'"
    )
