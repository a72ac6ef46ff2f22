"""Print a TRF file's players and their round entries as JSON, read by our own TRF reader.

Used by the leader's end-to-end spec: `python e2e/support/trf_results.py FILE` (from the repo's
venv, with the repo root on sys.path).
"""

import json
import sys

from arbiter.trf.reader import read_trf_file


def main(path: str) -> None:
    tournament = read_trf_file(path)
    print(
        json.dumps(
            {
                "total_rounds": tournament.total_rounds,
                "players": [
                    {
                        "start_number": player.start_number,
                        "name": player.name,
                        "points": str(player.points),
                        "rounds": [
                            {
                                "opponent": entry.opponent,
                                "colour": entry.colour,
                                "result": entry.result,
                            }
                            for entry in player.rounds
                        ],
                    }
                    for player in tournament.players
                ],
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
