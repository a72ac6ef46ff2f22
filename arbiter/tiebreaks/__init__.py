"""FIDE C.07 (2023 and 2026) and EGF tie-breaks. Plain Python, no Django.

from arbiter.tiebreaks import TiebreakGame, Player, tiebreak, rank
"""

from arbiter.tiebreaks.codes import UnknownTiebreak
from arbiter.tiebreaks.model import Player, TiebreakGame
from arbiter.tiebreaks.standings import Standing, rank, tiebreak

__all__ = ["Player", "Standing", "TiebreakGame", "UnknownTiebreak", "rank", "tiebreak"]
