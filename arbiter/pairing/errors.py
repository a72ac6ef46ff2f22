"""The errors of the pairing package: one base class, one subclass per way a pairing fails."""

from __future__ import annotations

from arbiter.trf.i18n import gettext as _


class PairingError(Exception):
    """Base class: nothing that raises it leaves a usable pairing behind."""


class PairingRequestInvalid(PairingError):
    """The request itself is wrong (unfinished round, broken history, unknown player...)."""


class NoValidPairing(PairingError):
    """The engine proved that no legal pairing exists (e.g. all possible pairings were played)."""


class PairingTooLarge(PairingError):
    """The round would need more engine time (`ARBITER_PAIRING_MAX_SECONDS`) or memory than
    this machine gives: refused up front, no engine started."""


class PairingEngineError(PairingError):
    """The engine failed: it crashed, was not found, or printed something we cannot read.

    `stderr_tail` keeps the end of the engine's error output for the logs.
    """

    def __init__(self, message: str, *, returncode: int | None = None, stderr_tail: str = ""):
        self.message = message
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        if returncode is None:
            text = message
        elif returncode < 0:  # subprocess's convention for "ended by a signal"
            text = f"{message} (killed by signal {-returncode})"
        else:
            text = f"{message} (exit code {returncode})"
        self.summary = text  # the message and exit code, without stderr
        if stderr_tail:
            text += f"\n--- engine stderr (tail) ---\n{stderr_tail}"
        super().__init__(text)


class PairingTimeout(PairingEngineError):
    """The engine ran longer than allowed; its whole process group was killed."""


class PairingMemoryLimit(PairingEngineError):
    """The engine needed more memory than its cap (`ARBITER_PAIRING_MEMORY_MB`), or would
    have: an engine whose known need is above the cap is not started."""


class PairingEnginesFailed(PairingEngineError):
    """Every engine of the configured order failed; `failures` holds (engine, error) pairs."""

    def __init__(self, failures: tuple[tuple[str, PairingError], ...]):
        self.failures = failures
        last = failures[-1][1]
        super().__init__(
            _("no pairing engine could pair the round: %(failures)s")
            % {"failures": "; ".join(f"{name}: {summary(error)}" for name, error in failures)},
            stderr_tail=last.stderr_tail if isinstance(last, PairingEngineError) else "",
        )


def summary(error: PairingError) -> str:
    """One line: the message with the exit code, without the engine's stderr."""
    return error.summary if isinstance(error, PairingEngineError) else str(error)


class InvalidPairing(PairingError):
    """A pairing (hand-made or an engine's) breaks an absolute rule; it must never be stored.

    `violations` lists every broken rule in plain words; `source` says whose pairing it was.
    """

    def __init__(self, source: str, violations: tuple[str, ...]):
        self.source = source
        self.violations = violations
        # One whole sentence per source, for its translation; an engine is named.
        if source == "hand-made":
            message = _("hand-made pairing is invalid: %(violations)s")
        elif source == "manual":
            message = _("manual pairing is invalid: %(violations)s")
        else:
            # Translators: %(source)s is a pairing engine's name (e.g. bbpPairings).
            message = _("%(source)s pairing is invalid: %(violations)s")
        super().__init__(message % {"source": source, "violations": "; ".join(violations)})


class EngineAnswerInvalid(InvalidPairing):
    """An engine's answer failed validation (`source` is the engine's name)."""

    @property
    def engine(self) -> str:
        return self.source
