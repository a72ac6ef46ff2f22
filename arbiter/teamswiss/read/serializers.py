"""Output shapes shared by REST and the socket (`live.payloads` builds them)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissRound, TeamSwissTeam
from arbiter.tournaments.read.serializers import ArbiterOutputSerializer


def points_field(**kwargs: Any) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=5, decimal_places=1, **kwargs)


class TeamSwissPointsSerializer(serializers.Serializer):
    win = points_field()
    draw = points_field()
    loss = points_field()


class TeamSwissEventOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    host = serializers.CharField(source="host.slug")
    host_name = serializers.CharField(source="host.name")
    name = serializers.CharField()
    description = serializers.CharField()
    boards = serializers.IntegerField()
    num_rounds = serializers.IntegerField()
    current_round = serializers.IntegerField(help_text="The last paired round (0: none yet).")
    colour_model = serializers.ChoiceField(choices=TeamSwissEvent.ColourModel.values)
    primary_score = serializers.ChoiceField(choices=TeamSwissEvent.PrimaryScore.values)
    match_points = TeamSwissPointsSerializer()
    game_points = TeamSwissPointsSerializer()
    pab_match_points = points_field()
    pab_game_points = points_field(
        allow_null=True, help_text="Null: the game points of winning every board."
    )
    tiebreaks = serializers.ListField(child=serializers.CharField())
    initial_colour = serializers.ChoiceField(choices=TeamSwissEvent.InitialColour.values)
    lineup_minutes = serializers.IntegerField()
    mode = serializers.ChoiceField(
        choices=TeamSwissEvent.Mode.values,
        help_text="otb: boards played over the board; online: each board a game on the server.",
    )
    starts_at = serializers.DateTimeField(allow_null=True)
    status = serializers.ChoiceField(choices=TeamSwissEvent.Status.values)
    team_count = serializers.IntegerField()
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField(help_text="+1 on every pairing and result.")


class TeamSwissPlayerOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    order = serializers.IntegerField(help_text="The squad's board order (1: top board).")
    name = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(
        source="user.username",
        allow_null=True,
        default=None,
        help_text="The account playing on this line (it agreed); null: a player without one.",
    )
    invited = serializers.CharField(
        source="invited.username",
        allow_null=True,
        default=None,
        help_text="An account invited to this line that has not accepted yet (until then the "
        "line is a player without an account).",
    )


class TeamSwissTeamOutputSerializer(serializers.Serializer):
    tpn = serializers.IntegerField(help_text="The team's pairing number.")
    name = serializers.CharField()
    captain = serializers.CharField(source="captain.username", allow_null=True, default=None)
    status = serializers.ChoiceField(choices=TeamSwissTeam.Status.values)
    players = TeamSwissPlayerOutputSerializer(many=True, source="squad")


class TeamSwissTeamRefSerializer(serializers.Serializer):
    tpn = serializers.IntegerField()
    name = serializers.CharField()


class TeamSwissEventRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=TeamSwissEvent.Status.values)


class TeamSwissInvitationOutputSerializer(serializers.Serializer):
    """A squad line inviting the viewer: accept it, or decline it."""

    id = serializers.IntegerField(help_text="The squad line (the path's `{player}`).")
    order = serializers.IntegerField(help_text="Its place in the squad's board order.")
    event = TeamSwissEventRefSerializer()
    team = TeamSwissTeamRefSerializer()
    captain = serializers.CharField(source="team.captain.username", allow_null=True, default=None)
    invited_by = serializers.CharField(source="invited_by.username", allow_null=True, default=None)
    invited_at = serializers.DateTimeField(allow_null=True)


class TeamSwissBoardPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(source="user.username", allow_null=True, default=None)
    tpn = serializers.IntegerField(source="team.tpn")


class TeamSwissBoardOutputSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    white_team_colour = serializers.ChoiceField(
        choices=["w", "b"], help_text="The colour of the match's white team on this board."
    )
    white = TeamSwissBoardPlayerSerializer(
        source="white_player", allow_null=True, help_text="Null: nobody fielded."
    )
    black = TeamSwissBoardPlayerSerializer(
        source="black_player", allow_null=True, help_text="Null: nobody fielded."
    )
    result = serializers.ChoiceField(
        choices=["", "1-0", "0-1", "1/2", "+-", "-+", "--"],
        help_text='"": not played yet, or disputed.',
    )
    disputed = serializers.BooleanField(
        help_text="The players' reports differ: the result is cleared until an arbiter decides."
    )
    # Plain strings, as the individual boards' reports: `1-0`, `0-1`, `1/2`, or "" (none).
    white_report = serializers.CharField(
        allow_blank=True, help_text="What White's player reported; blank: no report."
    )
    black_report = serializers.CharField(
        allow_blank=True, help_text="What Black's player reported; blank: no report."
    )
    game_id = serializers.IntegerField(
        source="game_ref",
        allow_null=True,
        default=None,
        help_text="An online event's board: its game on the server (/game/{id}); else null.",
    )


class TeamSwissMatchOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField()
    white = TeamSwissTeamRefSerializer(help_text="The team with White on board 1.")
    black = TeamSwissTeamRefSerializer(allow_null=True, help_text="Null: `white` has the bye.")
    white_match_points = points_field(allow_null=True)
    black_match_points = points_field(allow_null=True)
    white_game_points = points_field(allow_null=True)
    black_game_points = points_field(allow_null=True)
    complete = serializers.BooleanField()
    boards = TeamSwissBoardOutputSerializer(
        many=True, source="board_list", help_text="Empty until the line-ups close."
    )


class TeamSwissRoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TeamSwissRound.Status.values)
    paired_at = serializers.DateTimeField()
    lineups_close_at = serializers.DateTimeField(allow_null=True)
    engine = serializers.CharField()
    lineups_submitted = serializers.ListField(
        child=serializers.IntegerField(), help_text="Pairing numbers of the teams that submitted."
    )
    matches = TeamSwissMatchOutputSerializer(many=True, source="matches_list")


class TeamSwissEntryRuleSerializer(serializers.Serializer):
    """A fair-play entry rule the event sets, as the individual event's entry conditions word
    it; every squad player's account must meet it."""

    code = serializers.CharField(
        help_text="The setting: min_account_age_days or min_rated_games (a refusal's field)."
    )
    text = serializers.CharField()


class TeamSwissEventDetailOutputSerializer(TeamSwissEventOutputSerializer):
    teams = TeamSwissTeamOutputSerializer(many=True, source="team_list")
    round = TeamSwissRoundOutputSerializer(
        source="current", allow_null=True, help_text="The current (last paired) round."
    )
    viewer_is_leader = serializers.BooleanField(help_text="The caller leads the host team.")
    viewer_captain_of = serializers.IntegerField(
        allow_null=True, help_text="The pairing number of the caller's team as its captain."
    )
    # The FIDE data of the rating report (the TRF's 022, 032, 102, 112, 122/222).
    venue = serializers.CharField()
    federation = serializers.CharField()
    chief_arbiter_name = serializers.CharField()
    chief_arbiter_fide_id = serializers.CharField()
    deputy_arbiters = ArbiterOutputSerializer(many=True)
    clock_minutes = serializers.IntegerField(
        allow_null=True, help_text="The rate of play's base in minutes; null: not given."
    )
    clock_increment = serializers.IntegerField(help_text="Seconds added per move.")
    min_account_age_days = serializers.IntegerField(allow_null=True)
    min_rated_games = serializers.IntegerField(allow_null=True)
    entry_rules = TeamSwissEntryRuleSerializer(
        many=True,
        source="entry_rule_list",
        help_text="The fair-play rules every squad player meets (none set: empty).",
    )


class TeamSwissTiebreakSerializer(serializers.Serializer):
    code = serializers.CharField()
    value = serializers.DecimalField(max_digits=9, decimal_places=2)


class TeamSwissStandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tpn = serializers.IntegerField()
    name = serializers.CharField()
    match_points = points_field()
    game_points = points_field()
    played = serializers.IntegerField(help_text="Matches played (byes excluded).")
    tiebreaks = TeamSwissTiebreakSerializer(many=True, help_text="In the event's order.")


class TeamSwissStandingsOutputSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    standings = TeamSwissStandingOutputSerializer(many=True)
