"""Tools for arbiters on the server: the TRF checker (arbiter.checker) run on an uploaded file.

The checker runs the pairing engine once per round of the file, so an upload is bounded in
size, in engine time per round and in engine time for the whole file; whoever may use it
leads a team (the people who run events)."""

from __future__ import annotations

import logging

from django.utils.translation import gettext

from arbiter.checker import CheckTimeLimit, Report, check_tournament
from arbiter.common.exceptions import InvalidInput
from arbiter.teams.permissions import any_team_leader_required
from arbiter.trf import TrfError, read_trf
from arbiter.users.models import User

logger = logging.getLogger(__name__)

MAX_BYTES = 512 * 1024  # a 500-player, 15-round TRF is about 110 KB
ROUND_SECONDS = 15.0
FILE_SECONDS = 60.0


def file_too_large() -> str:
    """The refusal of a file over MAX_BYTES, in the request's language."""
    return gettext("the file is larger than %(size)s KB") % {"size": MAX_BYTES // 1024}


def trf_check(*, user: User, text: str, field: str = "file") -> Report:
    """The checker's report on `text`; InvalidInput on `field` for a file it cannot read
    (the reader's line and column) or cannot finish checking in time."""
    # Translators: completes "… is for team leaders (the arbiters of events)."
    any_team_leader_required(user=user, tool=gettext("The TRF checker"))
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InvalidInput({field: [file_too_large()]})
    try:
        tournament = read_trf(text)
        if not tournament.players:
            raise InvalidInput({field: [gettext("the file has no players (001 records)")]})
        report = check_tournament(tournament, timeout=ROUND_SECONDS, budget=FILE_SECONDS)
    except TrfError as error:
        raise InvalidInput({field: [str(error)]}) from None
    except CheckTimeLimit as error:
        raise InvalidInput({field: [str(error)]}) from None
    except ValueError as error:  # facts of the file the checker cannot use (as the CLI says)
        raise InvalidInput({field: [" ".join(str(error).split())]}) from None
    logger.info(
        "TRF check by %s: %s rounds, %s discrepancies",
        user.username,
        report.rounds_checked,
        len(report.discrepancies),
    )
    return report
