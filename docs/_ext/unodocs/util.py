"""Small docutils helpers shared by the directives: paragraphs, tables, fields, cards."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from docutils import nodes

from unospec.spec.cards import long_name

#: a card code standing on its own (``R7``, ``GS``, ``YD2``, ``W``, ``WD4``), never part of an
#: ID such as ``WD4-RESTRICTION``
CARD = re.compile(r"(?<![\w-])(?:[RYGB](?:[0-9]|S|R|D2)|WD4|W)(?![\w-])")
PLACEHOLDER = re.compile(r"<[^<>\s]+>")

Content = str | nodes.Node | Sequence[nodes.Node] | None


def inline_nodes(content: Content) -> list[nodes.Node]:
    if content is None:
        return []
    if isinstance(content, str):
        return [nodes.Text(content)]
    if isinstance(content, nodes.Node):
        return [content]
    return list(content)


def para(*parts: Content, classes: Iterable[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for part in parts:
        p.extend(inline_nodes(part))
    return p


def literal(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def strong(text: str) -> nodes.strong:
    return nodes.strong(text, text)


def code_block(text: str, language: str = "text") -> nodes.literal_block:
    node = nodes.literal_block(text, text)
    node["language"] = language
    return node


def json_block(data: Any, indent: int | None = 2) -> nodes.literal_block:
    return code_block(json.dumps(data, indent=indent, ensure_ascii=False), "json")


def _cell(content: Content | nodes.Element) -> nodes.entry:
    entry = nodes.entry()
    if isinstance(content, nodes.Body):  # paragraphs, tables, lists, blocks
        entry += content
    elif isinstance(content, list) and content and all(isinstance(c, nodes.Body) for c in content):
        entry.extend(content)
    else:
        entry += para(content)
    return entry


def table(
    header: Sequence[Content],
    rows: Iterable[Sequence[Content]],
    classes: Iterable[str] = (),
    widths: Sequence[int] | None = None,
    title: str | None = None,
) -> nodes.table:
    """A table with one header row; each cell is a string, a node or a list of nodes."""
    t = nodes.table(classes=["uno-table", *classes])
    if title:
        t += nodes.title(title, title)
    group = nodes.tgroup(cols=len(header))
    t += group
    for w in widths or [1] * len(header):
        group += nodes.colspec(colwidth=w)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for h in header:
        row += _cell(h)
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for c in cells:
            row += _cell(c)
        body += row
    return t


def field_list(fields: Iterable[tuple[str, Content | nodes.Element]]) -> nodes.field_list:
    fl = nodes.field_list(classes=["uno-fields"])
    for name, value in fields:
        if value is None or value == [] or value == "":
            continue
        f = nodes.field()
        f += nodes.field_name(name, name)
        body = nodes.field_body()
        if isinstance(value, nodes.Body):
            body += value
        else:
            body += para(value)
        f += body
        fl += f
    return fl


def bullets(items: Iterable[Content | nodes.Element]) -> nodes.bullet_list:
    bl = nodes.bullet_list()
    for item in items:
        li = nodes.list_item()
        li += item if isinstance(item, nodes.Body) else para(item)
        bl += li
    return bl


def section(ident: str, title: str, classes: Iterable[str] = ()) -> nodes.section:
    s = nodes.section(ids=[ident], classes=list(classes))
    s += nodes.title(title, title)
    return s


def joined(parts: Iterable[Content], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, part in enumerate(parts):
        if i:
            out.append(nodes.Text(sep))
        out.extend(inline_nodes(part))
    return out


def card(code: str) -> list[nodes.Node]:
    """``R7`` as a coloured code followed by its long name: ``R7 (red 7)``."""
    colour = "w" if code in ("W", "WD4") else code[0].lower()
    return [
        nodes.inline(code, code, classes=["card", f"card-{colour}"]),
        nodes.inline("", f" ({long_name(code)})", classes=["card-name"]),
    ]


def with_cards(text: str) -> list[nodes.Node]:
    """Text with every card code glossed and every outline ``<placeholder>`` marked."""
    out: list[nodes.Node] = []
    pos = 0
    pattern = re.compile(f"{CARD.pattern}|{PLACEHOLDER.pattern}")
    for m in pattern.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos : m.start()]))
        token = m.group(0)
        if token.startswith("<"):
            out.append(nodes.inline(token, token, classes=["placeholder"]))
        else:
            out.extend(card(token))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def value_text(value: Any) -> str:
    """An option value as a person reads it: ``off``, ``on``, ``on: cap=3``, ``"engine"``."""
    if value is False:
        return "off"
    if value is True:
        return "on"
    if isinstance(value, dict):
        if not value:
            return "on"
        return "on: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)
