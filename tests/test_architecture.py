"""The import rules of docs/architecture.md, checked on the real source tree.

`lint-imports` checks the contracts in pyproject.toml; grimp (the graph library under it) also
sees imports made inside functions, so a cycle dodged with a late import is still a cycle here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_hold() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run(
        [str(lint_imports), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"lint-imports failed:\n{run.stdout}\n{run.stderr}"


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """One shortest cycle through each import that closes one, each cycle listed once."""
    cycles: dict[frozenset[str], list[str]] = {}
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycle = [importer, *back]
                cycles.setdefault(frozenset(cycle), cycle)
    return list(cycles.values())


def test_no_import_cycle_among_arbiter_modules() -> None:
    graph = grimp.build_graph("arbiter", include_external_packages=False, cache_dir=None)
    cycles = import_cycles(graph)
    shown = "\n".join(" -> ".join(cycle) for cycle in cycles)
    assert not cycles, f"{len(cycles)} import cycle(s) among arbiter modules:\n{shown}"


def test_the_cycle_finder_reports_each_cycle_once() -> None:
    graph = grimp.ImportGraph()
    graph.add_import(importer="pkg.apis", imported="pkg.services")
    graph.add_import(importer="pkg.services", imported="pkg.push")
    graph.add_import(importer="pkg.push", imported="pkg.apis")  # closes apis -> ... -> apis
    graph.add_import(importer="pkg.push", imported="pkg.models")
    graph.add_import(importer="pkg.services", imported="pkg.models")
    assert import_cycles(graph) == [["pkg.apis", "pkg.services", "pkg.push", "pkg.apis"]]
    graph.remove_import(importer="pkg.push", imported="pkg.apis")
    assert import_cycles(graph) == []


def test_the_traced_result_path_in_the_docs_is_what_runs() -> None:
    """docs/architecture.md lists every project file a player's report runs through, as
    scripts/trace_result_path.py traces it now (a fresh process on the embedded defaults)."""
    script = ROOT / "scripts" / "trace_result_path.py"
    run = subprocess.run(
        [sys.executable, str(script), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    assert "the traced result path is current" in run.stdout
