"""The checks that need the whole file, run once every line is read: both sides of each game
agree, the players named by other records exist, 240 byes match the player lines, XXR and XXA
fit the rounds, and each points column matches the results."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from arbiter.trf.columns import POINTS
from arbiter.trf.errors import TrfError
from arbiter.trf.facts import bonus_points, point_values
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import PlayerRecord, RoundEntry
from arbiter.trf.points import entry_points, player_points
from arbiter.trf.read.fields import fits_four_columns
from arbiter.trf.read.state import PlayerRef, ReadState

# The two sides of one board: (this side's code, the opponent's code).
COMPATIBLE_RESULTS: Final = frozenset(
    {
        ("1", "0"),
        ("0", "1"),
        ("=", "="),
        ("W", "L"),
        ("L", "W"),
        ("D", "D"),
        ("+", "-"),
        ("-", "+"),
        ("-", "-"),
        (" ", " "),
    }
)
# In a team event these records name teams (the 310 numbers), not players.
_TEAM_CODES: Final = frozenset({"240", "250", "260"})


def check_whole_file(state: ReadState) -> None:
    """Raise `TrfError` at the first fault (the checks run in this order); fill in blank
    points columns."""
    check_games(state)
    check_player_refs(state)
    check_announced_byes(state)
    check_round_count(state)
    check_points(state)


def check_games(state: ReadState) -> None:
    """Opponents exist and name each other back, with results and colours that fit; one
    pairing-allocated bye (U) a round."""
    players = {p.start_number: p for p in state.t.players}
    byes_seen: dict[int, int] = {}  # round index -> start number with the U
    for player in state.t.players:
        where = state.where[player.start_number]
        for index, entry in enumerate(player.rounds):
            column = where.blocks[index]
            round_no = index + 1
            if entry.result == "U":
                if index in byes_seen:
                    raise TrfError(
                        where.line,
                        column + 7,
                        _(
                            "round %(round_no)s: a second pairing-allocated bye (U); "
                            "player %(player)s already has it"
                        )
                        % {"round_no": round_no, "player": byes_seen[index]},
                    )
                byes_seen[index] = player.start_number
            if entry.opponent is None:
                continue
            other = players.get(entry.opponent)
            if other is None:
                raise TrfError(
                    where.line,
                    column,
                    _("round %(round_no)s: opponent %(opponent)s is not a player of the file")
                    % {"round_no": round_no, "opponent": entry.opponent},
                )
            mirror = other.rounds[index] if index < len(other.rounds) else None
            if mirror is None or mirror.opponent != player.start_number:
                said = (
                    _("has no entry")
                    if mirror is None
                    else _("is unpaired")
                    if mirror.opponent is None
                    else _("names opponent %(opponent)s") % {"opponent": mirror.opponent}
                )
                raise TrfError(
                    where.line,
                    column,
                    _(
                        "round %(round_no)s: player %(start_number)s names opponent "
                        "%(opponent)s, but player %(opponent)s's line %(said)s in "
                        "that round"
                    )
                    % {
                        "round_no": round_no,
                        "start_number": player.start_number,
                        "opponent": entry.opponent,
                        "said": said,
                    },
                )
            if (entry.result, mirror.result) not in COMPATIBLE_RESULTS:
                raise TrfError(
                    where.line,
                    column + 7,
                    _(
                        "round %(round_no)s: result %(result)s of player "
                        "%(start_number)s does not match result %(result2)s of "
                        "player %(opponent)s"
                    )
                    % {
                        "round_no": round_no,
                        "result": repr(entry.result),
                        "start_number": player.start_number,
                        "result2": repr(mirror.result),
                        "opponent": entry.opponent,
                    },
                )
            colours = (entry.colour, mirror.colour)
            if colours not in (("w", "b"), ("b", "w"), ("-", "-")):
                raise TrfError(
                    where.line,
                    column + 5,
                    _(
                        "round %(round_no)s: colours %(colour)s and %(colour2)s of "
                        "players %(start_number)s and %(opponent)s do not fit "
                        "together"
                    )
                    % {
                        "round_no": round_no,
                        "colour": repr(entry.colour),
                        "colour2": repr(mirror.colour),
                        "start_number": player.start_number,
                        "opponent": entry.opponent,
                    },
                )


def check_player_refs(state: ReadState) -> None:
    """Every start number that XXA, XXP, 240, 260, 299 or 310 names is a player's."""
    known = {p.start_number for p in state.t.players}
    refs = list(state.player_refs)
    if state.t.team_records:
        named = sorted({ref.code for ref in refs if ref.code in _TEAM_CODES})
        for code in named:
            line = min(ref.line for ref in refs if ref.code == code)
            state.warn(
                line,
                1,
                _(
                    "%(code)s records of a team event (310 records) name teams; "
                    "kept, not applied to the players"
                )
                % {"code": code},
            )
        refs = [ref for ref in refs if ref.code not in _TEAM_CODES]
    refs += [
        PlayerRef(number, line, column, "XXA") for number, (line, column) in state.xxa_where.items()
    ]
    for number, line, column, code in sorted(refs, key=lambda ref: (ref.line, ref.column)):
        if number not in known:
            raise TrfError(
                line,
                column,
                _("%(code)s: player %(number)s is not a player of the file")
                % {"code": code, "number": number},
            )


def check_announced_byes(state: ReadState) -> None:
    """A 240 bye in a round the player line already has must be that bye there (not in a
    team event, whose 240 records name teams)."""
    if state.t.team_records:
        return
    players = {p.start_number: p for p in state.t.players}
    for number, round_no, bye_type, line, column in state.bye_refs:
        rounds_of = players[number].rounds
        if round_no > len(rounds_of):
            continue  # a bye announced for a round not in the player lines yet
        entry = rounds_of[round_no - 1]
        codes = {"Z": ("Z", "-")}.get(bye_type, (bye_type,))
        if entry.opponent is not None or entry.result not in codes:
            raise TrfError(
                line,
                column,
                _(
                    "240: player %(number)s has a %(bye_type)s bye in round "
                    "%(round_no)s, but the player line says %(entry)s in "
                    "that round"
                )
                % {
                    "number": number,
                    "bye_type": bye_type,
                    "round_no": round_no,
                    "entry": _describe(entry),
                },
            )


def check_round_count(state: ReadState) -> None:
    """The player lines and XXA fit within the XXR rounds."""
    t = state.t
    if t.total_rounds is None:
        return
    rounds = t.rounds_played
    if rounds > t.total_rounds:
        raise TrfError(
            state.record_line["XXR"],
            5,
            _("XXR says %(total_rounds)s rounds but the player lines have %(rounds)s")
            % {"total_rounds": t.total_rounds, "rounds": rounds},
        )
    for number, values in t.accelerations.items():
        if len(values) > t.total_rounds:
            line, column = state.xxa_where[number]
            raise TrfError(
                line,
                column,
                _(
                    "XXA gives %(count)s rounds of points for player %(number)s, "
                    "more than the %(total_rounds)s rounds of XXR"
                )
                % {"count": len(values), "number": number, "total_rounds": t.total_rounds},
            )


def check_points(state: ReadState) -> None:
    """Each points column matches the results (within the tolerances of `_accepted_points`);
    a blank one is filled in."""
    values = point_values(state.t) or None
    last_index = state.t.rounds_played - 1
    bonus = bonus_points(state.t)
    # A typed 299 record (or one out of its columns) changes points in a way we do not
    # model: a total that differs is then a warning (gacrux checks no total when a 299
    # record is there).
    lenient = state.unapplied_299 or any(record[0] for record in state.t.abnormal_records)
    for player in state.t.players:
        where = state.where[player.start_number]
        computed = player_points(player, values) + bonus.get(player.start_number, 0)
        if where.points_blank:
            if not fits_four_columns(computed):
                raise TrfError(
                    where.line,
                    POINTS[0] + 1,
                    _(
                        "points are blank and the results give %(computed)s, which "
                        "does not fit in columns 81-84"
                    )
                    % {"computed": computed},
                )
            player.points = computed
            continue
        accelerations = state.t.accelerations.get(player.start_number, [])
        if player.points in _accepted_points(player, computed, last_index, values, accelerations):
            continue
        message = _(
            "points %(points)s of player %(start_number)s do not match "
            "the results, which give %(computed)s"
        ) % {"points": player.points, "start_number": player.start_number, "computed": computed}
        if lenient:
            kept = _("%(message)s (299 records; kept as written)") % {"message": message}
            state.warn(where.line, POINTS[0] + 1, kept)
            continue
        raise TrfError(where.line, POINTS[0] + 1, message)


def _accepted_points(
    player: PlayerRecord,
    computed: Decimal,
    last_index: int,
    values: dict[str, Decimal] | None,
    accelerations: list[Decimal],
) -> set[Decimal]:
    """The computed total, and the documented tolerances around it."""
    totals = {computed}
    # A bye already entered for the round about to be paired (the file's last column)
    # may be left out of the points, as some engines expect.
    if player.rounds and len(player.rounds) - 1 == last_index:
        last = player.rounds[-1]
        if last.opponent is None and last.result != " ":
            totals.add(computed - entry_points(last, values))
    # Accelerated (virtual) points of one round may be included.
    return totals | {total + extra for total in totals for extra in accelerations}


def _describe(entry: RoundEntry) -> str:
    opponent = "0000" if entry.opponent is None else str(entry.opponent)
    return f"'{opponent} {entry.colour} {entry.result}'"
