"""The errors of the pairing package: one base class, one subclass per way a pairing fails."""

from __future__ import annotations


class PairingError(Exception):
    """Base class: nothing that raises it leaves a usable pairing behind."""


class PairingRequestInvalid(PairingError):
    """The request itself is wrong (unfinished round, broken history, unknown player...)."""


class NoValidPairing(PairingError):
    """The engine proved that no legal pairing exists (e.g. all possible pairings were played)."""


class PairingEngineError(PairingError):
    """The engine failed: it crashed, was not found, or printed something we cannot read.

    `stderr_tail` keeps the end of the engine's error output for the logs.
    """

    def __init__(self, message: str, *, returncode: int | None = None, stderr_tail: str = ""):
        self.message = message
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        text = message if returncode is None else f"{message} (exit code {returncode})"
        if stderr_tail:
            text += f"\n--- engine stderr (tail) ---\n{stderr_tail}"
        super().__init__(text)


class PairingTimeout(PairingEngineError):
    """The engine ran longer than allowed; its whole process group was killed."""


class InvalidPairing(PairingError):
    """A pairing (hand-made or an engine's) breaks an absolute rule; it must never be stored.

    `violations` lists every broken rule in plain words; `source` says whose pairing it was.
    """

    def __init__(self, source: str, violations: tuple[str, ...]):
        self.source = source
        self.violations = violations
        super().__init__(f"{source} pairing is invalid: " + "; ".join(violations))


class EngineAnswerInvalid(InvalidPairing):
    """An engine's answer failed validation (`source` is the engine's name)."""

    @property
    def engine(self) -> str:
        return self.source
