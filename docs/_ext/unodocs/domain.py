"""The ``uno`` domain: rules, ambiguities, scenarios, profiles, sources and protocol messages as
link targets, and a transform that links every catalogue ID written in running text.

A directive that renders an object records it with :func:`note`; a reference is a
``pending_xref`` (:func:`xref`, the ``:uno:rule:`` … roles, or an ID the transform found)
that the domain resolves once every page has been read. A reference to nothing is a
warning, so ``-W`` turns it into a failed build.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from unospec.spec.catalogue import load as load_catalogue

logger = logging.getLogger(__name__)

TYPES = {
    "rule": "rule",
    "amb": "ambiguity",
    "scenario": "scenario",
    "profile": "profile",
    "source": "source document",
    "message": "protocol message",
}


class UnoDomain(Domain):
    name = "uno"
    label = "unospec"
    object_types = {t: ObjType(label, t) for t, label in TYPES.items()}
    roles = {t: XRefRole() for t in (*TYPES, "id")}
    # objects: (type, name) -> (docname, anchor, title); live: pages that show what code
    # printed at build time, read again on every build
    initial_data: dict[str, Any] = {"objects": {}, "live": set()}
    dangling_warnings = {t: f"unknown {label}: %(target)s" for t, label in TYPES.items()} | {
        "id": "unknown catalogue ID: %(target)s"
    }

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str]]:
        return self.data.setdefault("objects", {})

    def note(self, typ: str, name: str, docname: str, anchor: str, title: str = "") -> None:
        key = (typ, name)
        if key in self.objects and self.objects[key][0] != docname:
            other = self.objects[key][0]
            logger.warning(
                "uno:%s %s is rendered on two pages (%s and %s)", typ, name, other, docname
            )
        self.objects[key] = (docname, anchor, title or name)

    @property
    def live(self) -> set[str]:
        return self.data.setdefault("live", set())

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _, _) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]
        self.live.discard(docname)

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        for key, value in otherdata["objects"].items():
            if value[0] in docnames:
                self.objects[key] = value
        self.live.update(d for d in otherdata.get("live", ()) if d in docnames)

    def find(self, typ: str, target: str) -> tuple[str, str, str] | None:
        types = ("rule", "amb") if typ == "id" else (typ,)
        for t in types:
            hit = self.objects.get((t, target))
            if hit is None and t in ("rule", "amb"):
                canonical = load_catalogue().canonical(target)
                hit = self.objects.get((t, canonical)) if canonical else None
            if hit:
                return hit
        return None

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):  # noqa: ANN001
        hit = self.find(typ, target)
        if hit is None:
            return None
        docname, anchor, title = hit
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):  # noqa: ANN001
        out = []
        for typ in TYPES:
            hit = self.objects.get((typ, target))
            if hit:
                ref = make_refnode(builder, fromdocname, hit[0], hit[1], contnode, hit[2])
                out.append((f"uno:{typ}", ref))
        return out

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for (typ, name), (docname, anchor, title) in self.objects.items():
            # scenarios are many: searchable, but below rules and ambiguities
            yield name, title, typ, docname, anchor, 2 if typ == "scenario" else 1


def domain(env: Any) -> UnoDomain:
    return env.get_domain("uno")


def xref(
    typ: str, target: str, text: str | None = None, docname: str = "", classes: Iterable[str] = ()
) -> addnodes.pending_xref:
    """A reference to a ``uno`` object, resolved (or reported as broken) at write time."""
    label = text if text is not None else target
    node = addnodes.pending_xref(
        "",
        refdomain="uno",
        reftype=typ,
        reftarget=target,
        refexplicit=text is not None,
        refwarn=True,
    )
    if docname:
        node["refdoc"] = docname
    node += nodes.inline(label, label, classes=["xref", f"uno-{typ}", *classes])
    return node


@cache
def id_pattern() -> re.Pattern[str]:
    """Every catalogue ID and alias, longest first, standing on its own."""
    cat = load_catalogue()
    names = sorted({*cat.rules, *cat.ambiguities, *cat.aliases}, key=len, reverse=True)
    alternatives = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w]|-[\w])")


SKIP = (
    nodes.title,
    nodes.reference,
    nodes.literal,
    nodes.FixedTextElement,
    nodes.raw,
    nodes.comment,
    nodes.target,
    nodes.field_name,
    addnodes.pending_xref,
    addnodes.toctree,
    addnodes.desc_signature,
)


class LinkCatalogueIds(SphinxTransform):
    """Turn every catalogue ID in running text into a link to its rule or ambiguity."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        pattern = id_pattern()
        docname = self.env.docname
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or not pattern.search(text.astext()):
                continue
            if _skipped(parent):
                continue
            value = text.astext()
            new: list[nodes.Node] = []
            pos = 0
            for m in pattern.finditer(value):
                if m.start() > pos:
                    new.append(nodes.Text(value[pos : m.start()]))
                new.append(xref("id", m.group(0), docname=docname))
                pos = m.end()
            if pos < len(value):
                new.append(nodes.Text(value[pos:]))
            parent.replace(text, new)


def _skipped(node: nodes.Node) -> bool:
    while node is not None:
        if isinstance(node, SKIP) or "no-autolink" in getattr(node, "get", lambda *_: [])(
            "classes", []
        ):
            return True
        node = node.parent
    return False
