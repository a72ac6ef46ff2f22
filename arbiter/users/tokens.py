"""Personal API token format: `arb_<prefix>_<secret>`; the server keeps sha256(token) only.

Also the names of the credentials a socket is opened with: a revocation closes every socket
opened with the revoked credential (`arbiter.realtime` broadcasts to one group per name).
"""

import hashlib
import secrets

TOKEN_PREFIX = "arb_"


def token_generate() -> tuple[str, str]:
    """Return (token, prefix). The prefix is shown in listings to recognise a token."""
    prefix = secrets.token_hex(4)
    return f"{TOKEN_PREFIX}{prefix}_{secrets.token_urlsafe(32)}", prefix


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def user_credential(user_id: int) -> str:
    """Every socket of a user: closed when the user is deactivated or deleted."""
    return f"user.{user_id}"


def token_credential(token_id: int) -> str:
    return f"token.{token_id}"


def session_credential(session_key: str) -> str:
    # A digest: group names travel through Redis, and a session key is a bearer secret.
    return f"session.{token_digest(session_key)[:32]}"
