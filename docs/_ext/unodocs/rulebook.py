"""Directives that render the catalogue: rule areas, the rule index, sources, ambiguities,
profiles and the option x profile matrix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from unospec.scenarios import FEATURES, load_scenarios
from unospec.spec.catalogue import DATA, CatalogueError, Rule, UnknownIdError, load_profile_file
from unospec.spec.catalogue import load as load_catalogue

from . import scenarios as sc_render
from .domain import domain, xref
from .util import (
    bullets,
    code_block,
    field_list,
    joined,
    literal,
    para,
    section,
    strong,
    table,
    value_text,
)

logger = logging.getLogger(__name__)


def areas() -> list[str]:
    """Rule areas in catalogue order (core areas first, then the variants')."""
    out: list[str] = []
    for r in load_catalogue().rules.values():
        if r.area not in out:
            out.append(r.area)
    return out


def area_title(area: str) -> str:
    """The page title of a rule area: its feature's name, e.g. "Matching a card to the
    discard pile" for ``features/matching.feature``."""
    feature = sc_render.feature_title(area)
    if feature and feature[0]:
        return feature[0]
    words = area.replace("-", " ")
    if words.startswith("variant "):
        return "Variants: " + words.removeprefix("variant ")
    if area == "policies":
        return "Engine policies"
    return words[0].upper() + words[1:]


class CatalogueDirective(SphinxDirective):
    """Base: records the data files as dependencies so a change re-reads the page."""

    def depend_on_data(self) -> None:
        for path in sorted(DATA.rglob("*.toml")) + sorted(FEATURES.glob("*.feature")):
            self.env.note_dependency(str(path))


def citation_nodes(c: Any, docname: str) -> list[nodes.Node]:
    tail = f" › {c.section} › ¶{c.paragraph}" + (f" item {c.item}" if c.item else "")
    return [xref("source", c.document, c.document, docname), nodes.Text(tail)]


def doc_link(target: str, text: str, docname: str) -> addnodes.pending_xref:
    """A link to a page (``:doc:``), relative to ``docname``."""
    node = addnodes.pending_xref(
        "", refdomain="std", reftype="doc", reftarget=target, refexplicit=True, refwarn=True
    )
    node["refdoc"] = docname
    node += nodes.inline(text, text, classes=["xref", "std-doc"])
    return node


def in_profiles(names: list[str], docname: str) -> list[nodes.Node]:
    """The word "all" when a rule is in force in every built-in profile, else the profiles."""
    if names == list(load_catalogue().profiles):
        return [nodes.Text("all")]
    return profile_links(names, docname)


def profile_links(names: list[str], docname: str) -> list[nodes.Node]:
    return joined([xref("profile", n, n, docname) for n in names]) or [nodes.Text("none")]


class AreaDirective(CatalogueDirective):
    """``.. uno:area:: matching`` — every rule of one area with its scenarios."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        area = self.arguments[0]
        rules = [r for r in cat.rules.values() if r.area == area]
        if not rules:
            logger.warning("uno:area %s has no rules", area, location=self.get_location())
            return []
        out: list[nodes.Node] = []
        feature = sc_render.feature_title(area)
        if feature and feature[1]:
            out.append(para(feature[1], classes=["area-intro"]))
        files = sorted(
            {s.file for r in rules for s in sc_render.by_home().get(r.id, [])},
            key=lambda f: (f != f"{area}.feature", f),
        )
        out.append(
            para(
                f"{len(rules)} rule(s): ",
                joined(xref("rule", r.id, r.id, self.env.docname) for r in rules),
                ". Their scenarios are rendered from ",
                joined(literal(f"features/{f}") for f in files),
                "; each runs on the reference engine in ",
                literal("make test"),
                " and against your program in ",
                literal("unospec certify"),
                ".",
            )
        )
        for rule in rules:
            out.append(self.rule_section(rule))
        return out

    def rule_section(self, rule: Rule) -> nodes.section:
        cat = load_catalogue()
        doc = self.env.docname
        dom = domain(self.env)
        sec = section(rule.id, f"{rule.id} — {rule.title}", ["rule", f"rule-{rule.kind}"])
        dom.note("rule", rule.id, doc, rule.id, f"{rule.id} — {rule.title}")
        for alias in rule.aliases:
            dom.note("rule", alias, doc, rule.id, f"{rule.id} — {rule.title}")
        sec += para(rule.statement, classes=["statement"])
        enabled = cat.enabled_in(rule.id)
        disabled = [p for p in cat.profiles if p not in enabled]
        in_force: list[nodes.Node] = profile_links(enabled, doc)
        if disabled:
            in_force += [nodes.Text("; not in "), *profile_links(disabled, doc)]
        relations = []
        for label, ids in (
            ("requires", rule.requires),
            ("requires one of", rule.requires_any),
            ("cannot be combined with", rule.excludes),
            ("replaces", rule.replaces),
            ("follows from", rule.derived_from),
        ):
            if ids:
                relations.append(f"{label} {', '.join(ids)}")
        replaced_by = [v.id for v in cat.rules.values() if rule.id in v.replaces]
        if replaced_by:
            relations.append(f"replaced by {', '.join(replaced_by)} when on")
        sec += field_list(
            [
                ("Kind", f"{rule.kind} · area {rule.area}"),
                ("Aliases", ", ".join(rule.aliases)),
                (
                    "Cites",
                    bullets([citation_nodes(c, doc) for c in rule.citations])
                    if rule.citations
                    else ("the Mattel sheet only" if rule.source else None),
                ),
                ("Mattel sheet", rule.external),
                ("Why a policy", rule.why_policy),
                ("In force in", in_force),
                ("Relations", "; ".join(relations)),
                (
                    "Ambiguities",
                    joined(f"{a} ({cat.ambiguities[a].title})" for a in rule.ambiguities),
                ),
            ]
        )
        if rule.params:
            sec += para(strong("Options"), classes=["rule-sub"])
            sec += self.params_table(rule)
        elif rule.kind == "variant":
            sec += para(
                "Option ",
                literal(f'"{rule.id}" = true'),
                " in a profile's ",
                literal("[options]"),
                " turns it on; it takes no parameters.",
            )
        self.scenarios(sec, rule.id)
        return sec

    def params_table(self, rule: Rule) -> nodes.table:
        cat = load_catalogue()
        tables = {p: cat.effective_options(p) for p in cat.profiles}
        rows = []
        for prm in rule.params:
            key = f"{rule.id}.{prm.name}"
            values = []
            for name, t in tables.items():
                if rule.kind == "variant":
                    v = t[rule.id]
                    shown = "off" if v is False else value_text(v.get(prm.name))
                else:
                    shown = value_text(t[key])
                values.append(f"{name}: {shown}")
            kind = prm.type
            if prm.values:
                kind += " of " + ", ".join(prm.values)
            if prm.minimum is not None:
                kind += f", at least {prm.minimum}"
            rows.append(
                [literal(key), kind, value_text(prm.default), prm.doc, para("; ".join(values))]
            )
        return table(
            ["option", "type", "default", "meaning", "in the profiles"],
            rows,
            classes=["params"],
            widths=[3, 3, 2, 5, 4],
        )

    def scenarios(self, sec: nodes.section, ident: str) -> None:
        doc = self.env.docname
        homes = sc_render.by_home().get(ident, [])
        elsewhere = [s for s in sc_render.by_tag().get(ident, []) if s not in homes]
        runs = sum(len(s.runs) for s in homes)
        sec += para(
            strong(f"Scenarios ({len(homes)})"),
            f" — {runs} run(s) over the profiles" if homes else "",
            classes=["rule-sub"],
        )
        for s in homes:
            domain(self.env).note("scenario", s.id, doc, s.id, s.name)
            sec += sc_render.render(s, doc)
        if elsewhere:
            sec += para(
                strong("Also checked by"),
                ": ",
                joined(xref("scenario", s.id, s.id, doc) for s in elsewhere),
                classes=["also-checked"],
            )


class RuleIndexDirective(CatalogueDirective):
    """``.. uno:rule-index::`` — the areas, then every rule in one table."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        doc = self.env.docname
        homes = sc_render.by_home()
        area_rows = []
        for area in areas():
            rules = [r for r in cat.rules.values() if r.area == area]
            kinds = ", ".join(
                f"{sum(r.kind == k for r in rules)} {k}"
                for k in ("core", "policy", "variant")
                if any(r.kind == k for r in rules)
            )
            area_rows.append(
                [
                    para(doc_link(area, area_title(area), doc)),
                    kinds,
                    str(sum(len(homes.get(r.id, [])) for r in rules)),
                ]
            )
        rule_rows = [
            [
                para(xref("rule", r.id, r.id, doc)),
                r.title,
                r.kind,
                r.area,
                str(len(r.citations)),
                str(len(homes.get(r.id, []))),
                para(in_profiles(cat.enabled_in(r.id), doc)),
            ]
            for r in cat.rules.values()
        ]
        return [
            table(["area", "rules", "scenarios"], area_rows, classes=["areas"]),
            para(strong("Every rule"), classes=["rule-sub"]),
            table(
                ["ID", "title", "kind", "area", "cites", "scenarios", "in force in"],
                rule_rows,
                classes=["rule-index"],
                widths=[4, 6, 2, 3, 1, 1, 4],
            ),
        ]


class SourcesDirective(CatalogueDirective):
    """``.. uno:sources::`` — the three documents and their headings."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        out: list[nodes.Node] = []
        counts = {d: 0 for d in cat.documents}
        for r in cat.rules.values():
            for c in r.citations:
                counts[c.document] += 1
        for d in cat.documents.values():
            sec = section(f"source-{d.id}", f"{d.id} — {d.title}", ["source"])
            domain(self.env).note("source", d.id, self.env.docname, f"source-{d.id}", d.title)
            sec += para(f"{d.kind} ({d.language_name}). Rules cite it {counts[d.id]} times.")
            sec += table(
                ["heading (as written)", "paragraphs", "note"],
                [[s.heading, str(s.paragraphs), s.note] for s in d.sections],
                classes=["headings"],
                widths=[5, 1, 6],
            )
            out.append(sec)
        return out


class AmbiguitiesDirective(CatalogueDirective):
    """``.. uno:ambiguities::`` — every ambiguity: positions, resolutions, the settling outline."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        doc = self.env.docname
        dom = domain(self.env)
        profiles = list(cat.profiles)
        out: list[nodes.Node] = [
            table(
                ["ID", "question", *profiles],
                [
                    [
                        para(xref("amb", a.id, a.id, doc)),
                        a.question,
                        *(a.resolutions[p].choice if p in a.resolutions else "—" for p in profiles),
                    ]
                    for a in cat.ambiguities.values()
                ],
                classes=["amb-index"],
                widths=[2, 5, *([4] * len(profiles))],
            )
        ]
        for a in cat.ambiguities.values():
            sec = section(a.id, f"{a.id} — {a.title}", ["ambiguity"])
            dom.note("amb", a.id, doc, a.id, f"{a.id} — {a.title}")
            for alias in a.aliases:
                dom.note("amb", alias, doc, a.id, f"{a.id} — {a.title}")
            sec += para(a.question, classes=["question"])
            sec += field_list(
                [
                    ("Concerns", ", ".join(a.rules)),
                    ("Keywords", ", ".join(a.keywords)),
                ]
            )
            sec += para(strong("What each source says"), classes=["rule-sub"])
            sec += table(
                ["source", "stance", "what it says", "cites"],
                [
                    [
                        para(
                            xref("source", p.document, p.document, doc)
                            if p.document in cat.documents
                            else p.document
                        ),
                        p.stance,
                        p.summary,
                        bullets([citation_nodes(c, doc) for c in p.citations])
                        if p.citations
                        else "—",
                    ]
                    for p in a.positions
                ],
                classes=["positions"],
                widths=[2, 2, 7, 4],
            )
            sec += para(strong("Resolution per profile"), classes=["rule-sub"])
            sec += table(
                ["profile", "choice", "why", "settings"],
                [
                    [
                        para(xref("profile", name, name, doc)),
                        r.choice,
                        r.why,
                        "; ".join(f"{k} = {value_text(v)}" for k, v in r.settings.items())
                        or "(no option needed)",
                    ]
                    for name, r in a.resolutions.items()
                ],
                classes=["resolutions"],
                widths=[2, 5, 6, 4],
            )
            tagged = sc_render.by_tag().get(a.id, [])
            homed = sc_render.by_home().get(a.id, [])  # written under "Rule: AMB-…"
            outlines = [s for s in tagged if s.outline or s in homed] or tagged[:1]
            others = [s for s in tagged if s not in outlines]
            sec += para(
                strong("Settled by" if len(outlines) == 1 else f"Settled by ({len(outlines)})"),
                classes=["rule-sub"],
            )
            for s in outlines:
                anchor = sc_render.home(s) == a.id
                if anchor:
                    dom.note("scenario", s.id, doc, s.id, s.name)
                sec += sc_render.render(s, doc, anchor=anchor)
            if others:
                sec += para(
                    strong("Also tagged"),
                    ": ",
                    joined(xref("scenario", s.id, s.id, doc) for s in others),
                    classes=["also-checked"],
                )
            out.append(sec)
        return out


class ProfilesDirective(CatalogueDirective):
    """``.. uno:profiles::`` — each built-in profile: what it sets and where it is silent."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        doc = self.env.docname
        out: list[nodes.Node] = []
        for p in cat.profiles.values():
            sec = section(f"profile-{p.name}", f"{p.name} — {p.title}", ["profile"])
            domain(self.env).note("profile", p.name, doc, f"profile-{p.name}", p.title)
            sec += para(p.description)
            on = [
                k
                for k, v in cat.effective_options(p.name).items()
                if v is not False and "." not in k
            ]
            sec += field_list(
                [
                    (
                        "Inherits",
                        xref("profile", p.inherits, p.inherits, doc)
                        if p.inherits
                        else "nothing (the root profile)",
                    ),
                    ("File", literal(f"spec/data/profiles/{p.name}.toml")),
                    ("Variants on", ", ".join(on) or "none"),
                ]
            )
            if p.options and p.inherits:
                sec += table(
                    ["option", "value in the file"],
                    [[k, value_text(v)] for k, v in p.options.items()],
                    classes=["profile-options"],
                )
            if p.silent:
                sec += para(
                    strong(f"Where {p.name} is silent"),
                    f" — {len(p.silent)} place(s) inherited from {p.inherits}:",
                    classes=["rule-sub"],
                )
                sec += table(
                    ["ID", "why the document does not settle it"],
                    [[k, v] for k, v in p.silent.items()],
                    classes=["silent"],
                    widths=[1, 5],
                )
            out.append(sec)
        return out


class MatrixDirective(CatalogueDirective):
    """``.. uno:profile-matrix::`` — every option x every profile, effective values."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        cat = load_catalogue()
        doc = self.env.docname
        names = list(cat.profiles)
        tables = {n: cat.effective_options(n) for n in names}
        base = tables[names[0]]
        rows = []
        for key in base:
            rid = key.partition(".")[0]
            rule = cat.rules[rid]
            cells: list[Any] = [para(key), rule.kind]
            for n in names:
                text = value_text(tables[n][key])
                differs = tables[n][key] != base[key]
                cells.append(para(strong(text) if differs else text))
            rows.append(cells)
        return [
            para(
                f"{len(base)} options × {len(names)} profiles. Bold: differs from ",
                xref("profile", names[0], names[0], doc),
                ". A variant reads off, or on with its parameters; a parameter of a core rule "
                "or policy is written RULE-ID.parameter.",
            ),
            table(
                ["option", "kind", *names],
                rows,
                classes=["matrix"],
                widths=[5, 2, *([3] * len(names))],
            ),
        ]


class ProfileExampleDirective(CatalogueDirective):
    """``.. uno:profile-example:: examples/our-table.toml`` — a user profile file, shown and
    resolved through the catalogue at build time (a broken example fails the build)."""

    required_arguments = 1
    option_spec = {"name": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        self.depend_on_data()
        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        cat = load_catalogue()
        text = path.read_text(encoding="utf-8")
        try:
            prof = load_profile_file(path)
            table_ = cat.effective_options(prof)
            parent = cat.effective_options(prof.inherits or "official")
        except (CatalogueError, UnknownIdError, OSError) as e:
            logger.warning("profile example %s: %s", path, e, location=self.get_location())
            return [code_block(text, "toml")]
        changed = [(k, parent[k], v) for k, v in table_.items() if v != parent[k]]
        return [
            code_block(text, "toml"),
            para(
                "Resolved at build time through the catalogue (",
                literal(f"unospec profiles {self.arguments[0]}"),
                f" shows the same): {len(changed)} option(s) differ from {prof.inherits}.",
            ),
            table(
                ["option", f"in {prof.inherits}", f"in {prof.name}"],
                [[k, value_text(a), value_text(b)] for k, a, b in changed],
                classes=["profile-example"],
            ),
        ]


def scenario_counts() -> dict[str, int]:
    scs = load_scenarios()
    return {
        "scenarios": len(scs),
        "outlines": sum(s.outline for s in scs),
        "runs": sum(len(s.runs) for s in scs),
    }
