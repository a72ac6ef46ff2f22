"""An event's entry password: stored salted and hashed, checked at a cost a join can afford.

It is a code a club hands to its members (lichess keeps it in clear), not an account's
credential: guesses are throttled per event and per user (docs/security.md), and a leaked
database gives an attacker no account. Django's default hasher for accounts costs about
0.3 s of CPU per check, which made fifty players joining at once a 15-CPU-second burst
(issue 45). PBKDF2 with fewer rounds keeps a dump's short codes costly to recover while a join
checks in milliseconds. A code hashed before (any Django hasher) still checks.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password


class EventPasswordHasher(PBKDF2PasswordHasher):
    algorithm = "pbkdf2_event_sha256"
    iterations = 20_000


_HASHER = EventPasswordHasher()


def event_password_hash(password: str) -> str:
    """The stored form of a non-empty entry password."""
    return _HASHER.encode(password, _HASHER.salt())


def event_password_matches(password: str, encoded: str) -> bool:
    if encoded.startswith(f"{EventPasswordHasher.algorithm}$"):
        return _HASHER.verify(password, encoded)
    return check_password(password, encoded)
