"""A structural diff of two OpenAPI schemas: the operations (method, path, operation id,
parameters, request and answer bodies by status) and every component's fields (type, format,
nullable, required, enum). What a client can observe, not the schema's text: reordered keys,
descriptions and examples do not count.

    .venv/bin/python scripts/openapi_diff.py BEFORE.yaml AFTER.yaml

Prints what was removed, added and changed, then a summary line; exits 1 if anything was
removed or changed (an addition alone is not a break), 2 on a file it cannot read."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

FIELD_KEYS = ("type", "format", "nullable", "enum", "$ref", "items", "readOnly", "writeOnly")


def _shape(schema: Any) -> Any:
    """A schema without its prose: what a client's code depends on."""
    if isinstance(schema, dict):
        kept = {k: _shape(v) for k, v in schema.items() if k not in ("description", "example")}
        return kept
    if isinstance(schema, list):
        return [_shape(item) for item in schema]
    return schema


def operations(doc: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for path, methods in (doc.get("paths") or {}).items():
        for method, op in methods.items():
            if not isinstance(op, dict):
                continue
            key = f"{method.upper()} {path}"
            found[key] = {
                "operationId": op.get("operationId"),
                "parameters": sorted(
                    (p.get("in", ""), p.get("name", ""), bool(p.get("required")))
                    for p in op.get("parameters", [])
                ),
                "request": _shape(op.get("requestBody")),
                "responses": {
                    status: _shape((answer or {}).get("content"))
                    for status, answer in (op.get("responses") or {}).items()
                },
            }
    return found


def fields(doc: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, schema in ((doc.get("components") or {}).get("schemas") or {}).items():
        required = set(schema.get("required", []))
        if "properties" not in schema:
            found[name] = _shape(schema)
            continue
        for field, spec in schema["properties"].items():
            found[f"{name}.{field}"] = {
                "required": field in required,
                **{k: _shape(spec[k]) for k in FIELD_KEYS if k in spec},
                **{k: _shape(spec[k]) for k in ("allOf", "oneOf", "anyOf") if k in spec},
            }
    return found


def compare(label: str, before: dict[str, Any], after: dict[str, Any]) -> tuple[int, int, int]:
    removed = sorted(set(before) - set(after))
    added = sorted(set(after) - set(before))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    for key in removed:
        print(f"removed {label}: {key}")
    for key in added:
        print(f"added {label}: {key}")
    for key in changed:
        print(f"changed {label}: {key}\n  before: {before[key]}\n  after:  {after[key]}")
    return len(removed), len(added), len(changed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    try:
        docs = [yaml.safe_load(path.read_text()) for path in (args.before, args.after)]
    except (OSError, yaml.YAMLError) as exc:
        print(f"openapi_diff: {exc}", file=sys.stderr)
        return 2
    ops = [operations(doc) for doc in docs]
    props = [fields(doc) for doc in docs]
    o = compare("operation", *ops)
    f = compare("field", *props)
    print(
        f"operations: {len(ops[0])} before, {len(ops[1])} after; {o[0]} removed, {o[1]} added, "
        f"{o[2]} changed. fields: {len(props[0])} before, {len(props[1])} after; {f[0]} removed, "
        f"{f[1]} added, {f[2]} changed."
    )
    return 1 if o[0] or o[2] or f[0] or f[2] else 0


if __name__ == "__main__":
    sys.exit(main())
