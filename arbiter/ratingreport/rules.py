"""Where each check comes from: the source named on every finding (`Finding.rule`).

TRF-2026 is FIDE Handbook C.04 Annex 2, "Format of Tournament Report File, Version 2026"
(applied from 1 September 2025); its tables mark each field "mandatory" or "warning if wrong"
for rating. The FIDE Rating Regulations are those in force since 1 March 2024 (FIDE Handbook
B.02). docs/rating-report.md gives the rule text behind each one.
"""

from __future__ import annotations

from typing import Final

TRF = "TRF-2026"
RR = "FIDE Rating Regulations 2024"

TRF_FIDE_ID: Final = f"{TRF}, 001 columns 58-68 (FIDE number, mandatory)"
TRF_FEDERATION: Final = f"{TRF}, 001 columns 54-56 (federation)"
TRF_BIRTH_DATE: Final = f"{TRF}, 001 columns 70-79 (birth date)"
TRF_SEX: Final = f"{TRF}, 001 column 10 (sex)"
TRF_TITLE: Final = f"{TRF}, 001 columns 11-13 (title)"
TRF_RESULTS: Final = f"{TRF}, 001 round results (mandatory)"
TRF_PLACE: Final = f"{TRF}, 022 (city, mandatory)"
TRF_EVENT_FEDERATION: Final = f"{TRF}, 032 (federation, mandatory)"
TRF_EVENT_DATES: Final = f"{TRF}, 042/052 (dates, mandatory)"
TRF_ROUND_DATES: Final = f"{TRF}, 132 (round dates, mandatory)"
TRF_CHIEF_ARBITER: Final = f"{TRF}, 102 (chief arbiter, mandatory)"
TRF_COUNTS: Final = f"{TRF}, 062/072 (numbers of players)"
TRF_ROUNDS: Final = f"{TRF}, 142 (number of rounds)"
TRF_TIME_CONTROL: Final = f"{TRF}, 122/222 (time control)"

ARBITER_LICENCE: Final = "FIDE Arbiters' Regulations (licensed arbiters, known by FIDE ID)"
NEW_PLAYER_DATA: Final = f"{RR}, 7 (rating list: birth year and sex of every player)"
FEDERATION_LIST: Final = "FIDE federation codes (ratings.fide.com)"
RATE_OF_PLAY: Final = f"{RR}, 1.1 (rate of play)"
FIRST_CONTROL: Final = f"{RR}, 1.2 (first time control)"
SPEEDS: Final = "FIDE Laws of Chess, Appendices A.1 and B.1"
UNPLAYED: Final = f"{RR}, 5 (unplayed games)"
RATED_OPPONENTS: Final = f"{RR}, 8.3.1 (games against rated players)"
NEW_PLAYER_GAMES: Final = f"{RR}, 7.1.4 and 8.2 (a player new to the list)"
