"""Personal API token format: `arb_<prefix>_<secret>`; the server keeps sha256(token) only."""

import hashlib
import secrets

TOKEN_PREFIX = "arb_"


def token_generate() -> tuple[str, str]:
    """Return (token, prefix). The prefix is shown in listings to recognise a token."""
    prefix = secrets.token_hex(4)
    return f"{TOKEN_PREFIX}{prefix}_{secrets.token_urlsafe(32)}", prefix


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
