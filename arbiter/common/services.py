"""Small helpers shared by services."""

from typing import Any

from django.db import models


def model_update(*, instance: models.Model, fields: list[str], data: dict[str, Any]) -> bool:
    """Set the given fields present in `data`, validate, save only what changed."""
    changed = [f for f in fields if f in data and getattr(instance, f) != data[f]]
    for name in changed:
        setattr(instance, name, data[name])
    if changed:
        instance.full_clean()
        instance.save(update_fields=changed)
    return bool(changed)
