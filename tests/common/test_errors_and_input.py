"""Errors go one way (services raise, one handler answers) and input is strict by default."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework import serializers

from arbiter.common.api import StrictInputSerializer
from arbiter.common.exception_handler import api_exception_handler
from arbiter.common.exceptions import ApplicationError, InvalidInput


def test_a_field_refusal_from_a_service_is_answered_like_a_refused_serializer():
    refusal = InvalidInput({"name": ["A team with that name already exists."]})
    assert isinstance(refusal, ApplicationError) and isinstance(refusal, ValidationError)
    assert refusal.message_dict == {"name": ["A team with that name already exists."]}

    from_service = api_exception_handler(refusal, {})
    from_serializer = api_exception_handler(
        serializers.ValidationError({"name": ["A team with that name already exists."]}), {}
    )
    assert from_service is not None and from_serializer is not None
    assert from_service.status_code == from_serializer.status_code == 400
    assert (
        from_service.data
        == from_serializer.data
        == {
            "message": "Invalid input: A team with that name already exists.",
            "extra": {"fields": {"name": ["A team with that name already exists."]}},
        }
    )


class NameInput(StrictInputSerializer):
    name = serializers.CharField()


class LenientNameInput(NameInput):
    refuse_unknown_fields = False


def validated_input(serializer_class: type[serializers.Serializer], data: object) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def test_the_strict_input_serializer_refuses_unknown_fields():
    with pytest.raises(serializers.ValidationError) as refused:
        validated_input(NameInput, {"name": "Knights", "nmae": "typo", "admin": True})
    assert refused.value.detail == {"admin": ["Unknown field."], "nmae": ["Unknown field."]}
    assert validated_input(NameInput, {"name": "Knights"}) == {"name": "Knights"}


def test_a_view_may_still_ignore_unknown_fields():
    assert validated_input(LenientNameInput, {"name": "Knights", "extra": 1}) == {"name": "Knights"}
