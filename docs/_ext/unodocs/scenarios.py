"""Scenarios rendered from the Gherkin AST, as a person reads them.

The scenario list, stable IDs, hashes, tags and runs come from
:func:`unospec.scenarios.load_scenarios` — exactly what the tests and ``unospec certify``
run. The steps are drawn from the same ``gherkin-official`` AST, so an outline keeps its
``<placeholders>`` and its Examples table: steps read as text, tables as tables, cards as
``R7 (red 7)``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from gherkin.parser import Parser

from unospec.scenarios import FEATURES, PROFILE_TAGS, Scenario, load_scenarios
from unospec.spec.catalogue import load as load_catalogue

from .domain import xref
from .util import code_block, para, table, with_cards


@cache
def feature_ast(file: str) -> dict[str, Any]:
    """The Gherkin document of ``features/FILE``."""
    return Parser().parse((FEATURES / file).read_text(encoding="utf-8"))


@cache
def scenario_nodes() -> dict[tuple[str, int], dict[str, Any]]:
    """(file, line) -> the scenario's AST node, for every scenario of ``features/``."""
    out: dict[tuple[str, int], dict[str, Any]] = {}
    for file in sorted({s.file for s in load_scenarios()}):
        feature = feature_ast(file).get("feature") or {}
        stack = list(feature.get("children", []))
        while stack:
            child = stack.pop()
            if "rule" in child:
                stack.extend(child["rule"].get("children", []))
            elif "scenario" in child:
                sc = child["scenario"]
                out[(file, sc["location"]["line"])] = sc
    return out


def ast_of(sc: Scenario) -> dict[str, Any]:
    return scenario_nodes()[(sc.file, sc.line)]


@cache
def by_home() -> dict[str, list[Scenario]]:
    """Catalogue ID -> the scenarios written in its ``Rule:`` block (their home)."""
    out: dict[str, list[Scenario]] = defaultdict(list)
    for sc in load_scenarios():
        out[home(sc)].append(sc)
    return dict(out)


@cache
def by_tag() -> dict[str, list[Scenario]]:
    """Catalogue ID -> every scenario tagged with it."""
    out: dict[str, list[Scenario]] = defaultdict(list)
    for sc in load_scenarios():
        for ident in sc.ids:
            out[ident].append(sc)
    return dict(out)


def home(sc: Scenario) -> str:
    """The catalogue ID whose section shows the scenario with its anchor: its ``Rule:`` block."""
    block = sc.rule_block or (sc.ids[0] if sc.ids else "UNTAGGED")
    return load_catalogue().canonical(block) or block


def feature_files() -> list[Path]:
    return sorted(FEATURES.glob("*.feature"))


def feature_title(area: str) -> tuple[str, str] | None:
    """(name, description) of ``features/AREA.feature``, if there is one."""
    path = FEATURES / f"{area}.feature"
    if not path.exists():
        return None
    feature = feature_ast(path.name).get("feature") or {}
    return feature.get("name", ""), " ".join(feature.get("description", "").split())


def render(sc: Scenario, docname: str, anchor: bool = True) -> nodes.container:
    """One scenario: heading, ID, tags, citations, steps, and an outline's Examples.

    With ``anchor`` the block carries the scenario's stable ID as its HTML id; otherwise
    (a second rendering, e.g. on the ambiguities page) its heading links to that anchor.
    """
    ast = ast_of(sc)
    classes = ["scenario"]
    if sc.outline:
        classes.append("outline")
    if sc.negative:
        classes.append("negative")
    box = nodes.container(ids=[sc.id] if anchor else [], classes=classes)
    keyword = ast["keyword"].strip()
    head = para(nodes.strong(f"{keyword}: ", f"{keyword}: "), sc.name, classes=["scenario-title"])
    if anchor:
        head += nodes.reference("", "¶", refuri=f"#{sc.id}", classes=["headerlink"])
    else:
        head += nodes.Text(" ")
        head += xref("scenario", sc.id, "→", docname, classes=["scenario-home"])
    box += head

    meta = para(classes=["scenario-meta"])
    meta += nodes.literal(sc.id, sc.id, classes=["scenario-id"])
    meta += nodes.Text(" · ")
    tags = []
    for t in sc.tags:
        if t in PROFILE_TAGS:
            tags.append(xref("profile", t, f"@{t}", docname, classes=["tag", "tag-profile"]))
        elif t == "negative":
            tags.append(nodes.inline("@negative", "@negative", classes=["tag", "tag-negative"]))
        else:
            tags.append(nodes.inline(f"@{t}", f"@{t}", classes=["tag"]))
    for i, t in enumerate(tags):
        if i:
            meta += nodes.Text(" ")
        meta += t
    meta += nodes.Text(" · ")
    where = f"features/{sc.file}:{sc.line}"
    meta += nodes.literal(where, where, classes=["scenario-source"])
    meta += nodes.Text(" · hash ")
    meta += nodes.literal(sc.hash, sc.hash)
    box += meta

    if sc.description:
        box += para(sc.description, classes=["scenario-cites"])

    steps = nodes.container(classes=["steps"])
    for step in ast["steps"]:
        kw = step["keyword"].strip()
        line = para(nodes.strong(kw, kw), " ", with_cards(step["text"]), classes=["step"])
        if step.get("keywordType") == "Context" or kw == "Given":
            line["classes"].append("step-given")
        steps += line
        if "dataTable" in step:
            rows = [[c["value"] for c in r["cells"]] for r in step["dataTable"]["rows"]]
            steps += _gherkin_table(rows, ["step-table"])
        if "docString" in step:
            steps += _docstring(step["docString"]["content"])
    box += steps

    for ex in ast.get("examples", []):
        label = f"{ex['keyword'].strip()}: {ex['name']}".rstrip(": ") + ":"
        box += para(nodes.strong(label, label), classes=["examples-title"])
        rows = [[c["value"] for c in ex["tableHeader"]["cells"]]]
        rows += [[c["value"] for c in r["cells"]] for r in ex.get("tableBody", [])]
        box += _gherkin_table(rows, ["examples"])
    return box


def _gherkin_table(rows: list[list[str]], classes: list[str]) -> nodes.table:
    header, body = rows[0], rows[1:]
    return table(
        [h for h in header],
        [[with_cards(c) for c in r] for r in body],
        classes=["gherkin-table", *classes],
    )


def _docstring(content: str) -> nodes.literal_block:
    try:
        json.loads(content)
        language = "json"
    except ValueError:
        language = "text"
    return code_block(content, language)
