"""The lichess answers as OpenAPI components (documentation only: `shapes` builds them)."""

from __future__ import annotations

from rest_framework import serializers


class LichessClockSerializer(serializers.Serializer):
    limit = serializers.IntegerField(help_text="Seconds.")
    increment = serializers.IntegerField(help_text="Seconds.")


# `in` is a Python keyword: the class is made with its fields in a mapping.
LichessNextRoundSerializer = type(
    "LichessNextRoundSerializer",
    (serializers.Serializer,),
    {
        "at": serializers.DateTimeField(),
        "in": serializers.IntegerField(help_text="Seconds from now."),
    },
)


class LichessVerdictSerializer(serializers.Serializer):
    condition = serializers.CharField()
    verdict = serializers.CharField(help_text="`ok`, or why the caller does not qualify.")


class LichessVerdictsSerializer(serializers.Serializer):
    list = LichessVerdictSerializer(many=True)
    accepted = serializers.BooleanField()


class LichessSwissStatsSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    whiteWins = serializers.IntegerField()
    blackWins = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    absences = serializers.IntegerField()
    averageRating = serializers.IntegerField()


class LichessSwissSerializer(serializers.Serializer):
    """A Swiss as lichess's API sends it (lila's SwissJson.api); field names are lichess's."""

    id = serializers.CharField()
    createdBy = serializers.CharField(help_text="The creator's lowercased username.")
    startsAt = serializers.DateTimeField()
    name = serializers.CharField()
    clock = LichessClockSerializer()
    variant = serializers.CharField()
    round = serializers.IntegerField()
    nbRounds = serializers.IntegerField()
    nbPlayers = serializers.IntegerField()
    nbOngoing = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["created", "started", "finished"])
    nextRound = LichessNextRoundSerializer(required=False)
    isRecentlyFinished = serializers.BooleanField(required=False)
    password = serializers.BooleanField(required=False)
    verdicts = LichessVerdictsSerializer()
    rated = serializers.BooleanField()
    stats = LichessSwissStatsSerializer(required=False)
