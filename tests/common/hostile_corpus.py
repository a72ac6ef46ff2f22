"""The hostile-input corpus that tests/common/test_hostile_corpus.py sends to every write
endpoint: each input a named case, built for one endpoint from the shape of its request body
(read from the OpenAPI schema), so that "every string field" and "where ints go" mean that
endpoint's fields.

A case says how far it goes (`level`):
- `request`: the body cannot be read at all (nested 100,000 deep, not JSON, over the size
  limit, a number no parser reads): refused by every endpoint of every dialect;
- `path`: a path parameter no object has (2**63, NUL, 5,000 characters, invalid UTF-8):
  refused everywhere;
- `field`: a readable body with a hostile value in the endpoint's fields (a lone surrogate,
  NUL, CR/LF or a bidi override in one-line text, huge, negative, fractional or superscript
  numbers where ints go, wrong types, form and multipart garbage): refused by the native
  API, whose inputs are strict; the lichess dialect ignores the fields an endpoint does not
  read (as lichess does), so there only what it reads must be refused, which the marker
  check holds it to (no hostile `marker` text reaches the database);
- `lenient`: valid for some endpoints (an empty body on an action, odd query parameters).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import quote

from django.utils import timezone

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
BOUNDARY = "corpus-boundary"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"

# Hostile texts a request may not store: each found in a row written by a request is a defect.
MARK_NUL = "Corpus\x00nul"
MARK_CRLF = "Corpus\r\nline"
MARK_BIDI = "Corpus\u202eevil"  # RIGHT-TO-LEFT OVERRIDE: "Corpus" then "live" reversed on screen

HUGE_INT = "9223372036854775808"  # 2**63: one past PostgreSQL's bigint
LONG_INT = "9" * 10_000  # past Python's 4,300-digit limit for int(str)
DEEP = 100_000
OVERSIZED = 3_000_000  # over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)
HOSTILE_QUERY = "nb=%C2%B2&max=9223372036854775808&page=-1"  # nb=², max=2**63


# --- the shape of a request body -------------------------------------------------------


@dataclass(frozen=True)
class Leaf:
    kind: str  # string | integer | number | boolean
    name: str = ""
    one_line: bool = True  # no line breaks allowed (common.api: max_length up to 200)
    minimum: float | None = None
    enum: tuple[Any, ...] = ()
    format: str = ""
    max_length: int | None = None


@dataclass(frozen=True)
class Obj:
    fields: dict[str, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Arr:
    item: Node


Node = Leaf | Obj | Arr

ONE_LINE_MAX_LENGTH = 200  # arbiter.common.api.ONE_LINE_MAX_LENGTH

# A body the schema leaves open (`type: object` with any property): the lichess forms. They
# get the fields lichess's forms read (docs/lichess-api.md); an endpoint ignores the others.
LICHESS_FORM = Obj(
    {
        "name": Leaf("string", "name"),
        "description": Leaf("string", "description", one_line=False),
        "password": Leaf("string", "password"),
        "message": Leaf("string", "message", one_line=False),
        "forbiddenPairings": Leaf("string", "forbiddenPairings", one_line=False),
        "nbRounds": Leaf("integer", "nbRounds", minimum=1),
        "clock.limit": Leaf("integer", "clock.limit", minimum=0),
        "clock.increment": Leaf("integer", "clock.increment", minimum=0),
        "startsAt": Leaf("integer", "startsAt", minimum=0),
        "roundInterval": Leaf("integer", "roundInterval", minimum=-1),
        "date": Leaf("integer", "date", minimum=0),
        "rated": Leaf("boolean", "rated"),
    }
)
# A native endpoint without a request body still reads one (to refuse it): a field of each kind.
NO_BODY = Obj({"corpus": Leaf("string", "corpus"), "corpus_count": Leaf("integer", minimum=0)})


def body_shape(operation: Mapping[str, Any] | None, components: Mapping[str, Any]) -> Obj | None:
    """The operation's request body as a tree of fields (JSON's, else the first media type's);
    None when it declares no body or an open one."""
    content = (operation or {}).get("requestBody", {}).get("content", {})
    if not content:
        return None
    media = content.get(JSON) or next(iter(content.values()))
    node = _node(media.get("schema", {}), components, "", 0)
    return node if isinstance(node, Obj) and node.fields else None


def _resolved(schema: Mapping[str, Any], components: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(schema)
    while "$ref" in merged:
        ref = merged.pop("$ref")
        merged = {**components[ref.rsplit("/", 1)[-1]], **merged}
    for part in merged.pop("allOf", []):
        merged = {**_resolved(part, components), **merged}
    if "oneOf" in merged:
        merged = {**_resolved(merged.pop("oneOf")[0], components), **merged}
    return merged


def _node(schema: Mapping[str, Any], components: Mapping[str, Any], name: str, depth: int) -> Node:
    s = _resolved(schema, components)
    if depth > 6:
        return Leaf("string", name)
    if "enum" in s:
        choices = tuple(v for v in s["enum"] if v not in (None, ""))
        kind = "integer" if choices and isinstance(choices[0], int) else "string"
        return Leaf(kind, name, enum=choices)
    kind = s.get("type")
    if kind == "object" or "properties" in s:
        props = {
            key: _node(value, components, key, depth + 1)
            for key, value in s.get("properties", {}).items()
            if not _resolved(value, components).get("readOnly")
        }
        return Obj(props)
    if kind == "array":
        return Arr(_node(s.get("items", {}), components, name, depth + 1))
    if kind in ("integer", "number", "boolean"):
        return Leaf(kind, name, minimum=s.get("minimum"))
    length = s.get("maxLength")
    one_line = bool(s.get("format")) or (length is not None and length <= ONE_LINE_MAX_LENGTH)
    return Leaf("string", name, one_line, format=s.get("format", ""), max_length=length)


def leaves(node: Node) -> list[Leaf]:
    if isinstance(node, Leaf):
        return [node]
    if isinstance(node, Arr):
        return leaves(node.item)
    return [leaf for child in node.fields.values() for leaf in leaves(child)]


# --- bodies ------------------------------------------------------------------------------


class Raw(str):
    """JSON text written into the body as it is (a number no float or int can hold)."""


KEEP = object()  # a leaf keeps its plausible value


def plausible(leaf: Leaf, known: Mapping[str, Any]) -> Any:
    """A value the field could take: the world's object for a name that names one (a team, a
    player), else one of its kind within its range."""
    if leaf.name in known:
        return known[leaf.name]
    if leaf.enum:
        return leaf.enum[0]
    if leaf.kind == "integer":
        return max(1, int(leaf.minimum or 0))
    if leaf.kind == "number":
        return 1
    if leaf.kind == "boolean":
        return False
    if leaf.format == "date-time":
        return (timezone.now() + timedelta(days=2)).isoformat()
    if leaf.format == "date":
        return (timezone.now() + timedelta(days=2)).date().isoformat()
    if leaf.format == "email":
        return "corpus@example.org"
    if leaf.format == "decimal":
        return "1"
    return "Corpus"[: leaf.max_length or None]


def render(node: Node, known: Mapping[str, Any], swap: Callable[[Leaf], Any]) -> Any:
    """The body of `node` with each leaf's value from `swap` (KEEP: its plausible value)."""
    if isinstance(node, Leaf):
        value = swap(node)
        return plausible(node, known) if value is KEEP else value
    if isinstance(node, Arr):
        return [render(node.item, known, swap)]
    return {name: render(child, known, swap) for name, child in node.fields.items()}


def dumps(value: Any) -> bytes:
    raws: list[str] = []

    def marked(v: Any) -> Any:
        if isinstance(v, Raw):
            raws.append(str(v))
            return f"@@raw{len(raws) - 1}@@"
        if isinstance(v, dict):
            return {k: marked(item) for k, item in v.items()}
        if isinstance(v, list):
            return [marked(item) for item in v]
        return v

    text = json.dumps(marked(value))
    for index, raw in enumerate(raws):
        text = text.replace(f'"@@raw{index}@@"', raw)
    return text.encode()


def _objects_as_lists(value: Any) -> Any:
    if isinstance(value, dict):
        return [{k: _objects_as_lists(v) for k, v in value.items()}]
    if isinstance(value, list):
        return [_objects_as_lists(v) for v in value]
    return value


# --- the cases ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    body: bytes
    content_type: str = JSON
    query: str = ""
    path: Mapping[str, str] = field(default_factory=dict)  # path parameters replaced


@dataclass(frozen=True)
class Target:
    """What a case is built for: one endpoint's body shape and path parameters. `declared`:
    the schema declares the body (else the shape is NO_BODY or LICHESS_FORM)."""

    shape: Obj
    known: Mapping[str, Any]
    params: Mapping[str, str]  # name -> converter (int, str, slug, path)
    declared: bool = True

    def base(self) -> Any:
        return render(self.shape, self.known, lambda leaf: KEEP)

    def plausible(self) -> bytes:
        """A body the endpoint could accept: its fields' plausible values, or none."""
        return dumps(self.base()) if self.declared else b""


@dataclass(frozen=True)
class Case:
    name: str
    level: str  # request | path | field | lenient (the module docstring)
    build: Callable[[Target], Sent | None]  # None: nothing of the case's kind to fill
    marker: str | None = None  # hostile text that no request may store
    # Field cases some endpoints may accept: refused only when this holds for the target.
    refused_when: Callable[[Target], bool] | None = None


def _free_text(leaf: Leaf, known: Mapping[str, Any]) -> bool:
    """Text a user writes (a name, a reason), not a choice, a date or an object's name."""
    return not (leaf.enum or leaf.format or leaf.name in known)


def _fields(
    kinds: tuple[str, ...], value: Any, *, one_line_text: bool = False
) -> Callable[[Target], Sent | None]:
    """`value` in every leaf of these kinds; with `one_line_text`, only in the one-line free
    text, where the value is hostile and every other field keeps a value it may take."""

    def build(target: Target) -> Sent | None:
        chosen = {
            id(leaf)
            for leaf in leaves(target.shape)
            if leaf.kind in kinds
            and (not one_line_text or (leaf.one_line and _free_text(leaf, target.known)))
        }
        if not chosen:
            return None
        body = render(target.shape, target.known, lambda f: value if id(f) in chosen else KEEP)
        return Sent(dumps(body))

    return build


def _ints_all_non_negative(target: Target) -> bool:
    return all(
        leaf.minimum is not None and leaf.minimum >= 0
        for leaf in leaves(target.shape)
        if leaf.kind == "integer"
    )


def _form_garbage(target: Target) -> Sent:
    names = [quote(name) for name in target.shape.fields]
    pairs = [f"{name}=Corpus%00nul%ZZ%ff%" for name in names]
    return Sent("&".join([*pairs, "%%%=&=&&corpus=%E2%80%AE"]).encode(), FORM)


def _multipart_garbage(target: Target) -> Sent:
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{MARK_NUL}\r\n'
        for name in target.shape.fields
    ]
    # A file part whose headers break off and no closing boundary.
    tail = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="\x00.trf'
    return Sent(("".join(parts) + tail).encode(), MULTIPART)


def _path(kinds: tuple[str, ...], value: str) -> Callable[[Target], Sent | None]:
    def build(target: Target) -> Sent | None:
        replaced = {name: value for name, kind in target.params.items() if kind in kinds}
        return Sent(dumps(target.base()), path=replaced) if replaced else None

    return build


def _constant(body: bytes, content_type: str = JSON, query: str = "") -> Callable[[Target], Sent]:
    return lambda target: Sent(body, content_type, query)


_OVERSIZED_BODY = dumps({"name": "x" * OVERSIZED})
_DEEP_ARRAY = b"[" * DEEP + b"]" * DEEP
_DEEP_OBJECT = b'{"a":' * DEEP + b"1" + b"}" * DEEP

CASES: tuple[Case, ...] = (
    Case("deep_array", "request", _constant(_DEEP_ARRAY)),
    Case("deep_object", "request", _constant(_DEEP_OBJECT)),
    Case("not_json", "request", _constant(b'{"name": "Corpus", tru')),
    Case("oversized_body", "request", _constant(_OVERSIZED_BODY)),
    Case("int_10000_digits", "request", _fields(("integer",), Raw(LONG_INT))),
    Case("lone_surrogate", "field", _fields(("string",), Raw('"\\ud800"'))),
    Case("nul_in_strings", "field", _fields(("string",), MARK_NUL), marker=MARK_NUL),
    Case(
        "crlf_in_one_line_strings",
        "field",
        _fields(("string",), MARK_CRLF, one_line_text=True),
        marker=MARK_CRLF,
    ),
    Case(
        "bidi_override_in_one_line_strings",
        "field",
        _fields(("string",), MARK_BIDI, one_line_text=True),
        marker=MARK_BIDI,
    ),
    Case("object_for_string", "field", _fields(("string",), {"corpus": "x"})),
    Case(
        "list_for_object",
        "field",
        lambda target: Sent(dumps(_objects_as_lists(target.base()))),
    ),
    Case("int_2_63", "field", _fields(("integer",), Raw(HUGE_INT))),
    Case("number_1e309", "field", _fields(("integer", "number"), Raw("1e309"))),
    Case("superscript_two_for_int", "field", _fields(("integer",), "²")),
    Case(
        "negative_int",
        "field",
        _fields(("integer",), -1),
        refused_when=_ints_all_non_negative,
    ),
    Case("float_for_int", "field", _fields(("integer",), 1.5)),
    Case("form_garbage", "field", _form_garbage, marker=MARK_NUL),
    Case("multipart_garbage", "field", _multipart_garbage, marker=MARK_NUL),
    Case("empty_body", "lenient", _constant(b"")),
    Case("hostile_query", "lenient", _constant(b"", query=HOSTILE_QUERY)),
    Case("path_int_2_63", "path", _path(("int",), HUGE_INT)),
    Case("path_int_10000_digits", "path", _path(("int",), LONG_INT)),
    Case("path_str_nul", "path", _path(("str", "slug", "path"), "Corpus%00nul")),
    Case("path_str_overlong", "path", _path(("str", "slug", "path"), "x" * 5000)),
    Case("path_str_invalid_utf8", "path", _path(("str", "slug", "path"), "%ED%A0%80")),
)
