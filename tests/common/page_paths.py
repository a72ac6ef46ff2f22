"""The public pages of each Swiss kind that are rendered once per read version (docs/live.md,
"Reads"), for the tests of the page cache and of its shortcut."""

from __future__ import annotations


def swiss_paths(event_id: int) -> list[str]:
    base = f"/api/tournaments/swiss/{event_id}"
    return [
        f"{base}/",
        f"{base}/standings/",
        f"{base}/standings/?page=2&page_size=3",
        f"{base}/rounds/",
        f"{base}/rounds/1/",
        f"{base}/team-standings/",
        f"/api/swiss/{event_id}",
        f"/api/swiss/{event_id}/results",
    ]


def team_paths(event_id: int) -> list[str]:
    base = f"/api/team-swiss/{event_id}"
    return [
        f"{base}/",
        f"{base}/standings/",
        f"{base}/crosstable/",
        f"{base}/board-scores/",
        f"{base}/rounds/1/",
    ]
