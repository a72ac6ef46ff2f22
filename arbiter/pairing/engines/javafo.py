"""JaVaFo (Java, FIDE-endorsed): `java -jar $ARBITER_JAVAFO IN -p OUT`.

Not in any package registry: the operator provides the jar (`ARBITER_JAVAFO`) and a Java
runtime (`ARBITER_JAVA`, default `java` on the PATH). The JVM reserves far more address
space than it uses (1 GB of compressed class space alone), so under our RLIMIT_AS cap it
only starts with its reservations shrunk and a heap limit of half the cap: those flags are
set here (checked against OpenJDK 17 in the tests).
"""

from __future__ import annotations

import os
from pathlib import Path

from arbiter.pairing.engines.base import Engine
from arbiter.pairing.errors import PairingEngineError
from arbiter.pairing.request import PairingRequest


def jvm_memory_flags(memory_mb: int) -> list[str]:
    return [
        f"-Xmx{max(memory_mb // 2, 64)}m",
        "-XX:CompressedClassSpaceSize=64m",
        "-XX:ReservedCodeCacheSize=64m",
        "-XX:+UseSerialGC",
    ]


class JavafoEngine(Engine):
    name = "javafo"

    def command(
        self, request: PairingRequest, input_path: Path, output_path: Path, memory_mb: int
    ) -> list[str]:
        jar = os.environ.get("ARBITER_JAVAFO", "").strip()
        if not jar:
            raise PairingEngineError("JaVaFo not configured: set ARBITER_JAVAFO to the jar")
        java = os.environ.get("ARBITER_JAVA", "").strip() or "java"
        flags = jvm_memory_flags(memory_mb)
        return [java, *flags, "-jar", jar, str(input_path), "-p", str(output_path)]
