"""Load and validate the rule catalogue (``spec/data``).

>>> cat = load()
>>> cat.rule("DRAW-ONE").kind
'core'
>>> str(cat.rule("DRAW-ONE").citations[0]).startswith("fi-wikipedia › Pelin kulku › ¶")
True
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from unospec.spec.resources import DATA

KINDS = ("core", "policy", "variant")
PARAM_TYPES = ("bool", "int", "enum", "set")
BUILTIN_PROFILES = ("official", "fi-wikipedia", "sv-unoregler", "id-wikipedia")
EXTERNAL = "EXT-MATTEL"


class CatalogueError(ValueError):
    """The catalogue data is inconsistent; ``problems`` lists every finding with its place."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("catalogue is invalid:\n  " + "\n  ".join(problems))


class UnknownIdError(KeyError):
    """An ID that names nothing in the catalogue; ``suggestions`` are the closest IDs."""

    def __init__(self, what: str, ident: str, suggestions: list[str]):
        self.what, self.ident, self.suggestions = what, ident, suggestions
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"unknown {what} {ident!r}{hint}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: int
    items: dict[int, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class Document:
    id: str
    title: str
    language: str
    language_name: str
    kind: str
    sections: tuple[Section, ...]

    def section(self, heading: str) -> Section | None:
        return next((s for s in self.sections if s.heading == heading), None)


@dataclass(frozen=True)
class Citation:
    document: str
    section: str
    paragraph: int
    item: str | None = None

    def __str__(self) -> str:
        tail = f" item {self.item}" if self.item else ""
        return f"{self.document} › {self.section} › ¶{self.paragraph}{tail}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "document": self.document,
            "section": self.section,
            "paragraph": self.paragraph,
        }
        if self.item:
            out["item"] = self.item
        return out


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    default: Any
    doc: str = ""
    minimum: int | None = None
    values: tuple[str, ...] = ()

    def check(self, value: Any) -> str | None:
        """Return a problem with ``value`` for this parameter, or ``None``."""
        if self.type == "bool":
            return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
        if self.type == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return f"expected an integer, got {value!r}"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}, got {value}"
            return None
        if self.type == "enum":
            return (
                None
                if value in self.values
                else f"expected one of {list(self.values)}, got {value!r}"
            )
        if self.type == "set":
            if not isinstance(value, list | tuple) or any(v not in self.values for v in value):
                return f"expected a list drawn from {list(self.values)}, got {value!r}"
            return None
        return f"unknown parameter type {self.type!r}"


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    kind: str
    area: str
    statement: str
    citations: tuple[Citation, ...] = ()
    aliases: tuple[str, ...] = ()
    external: str = ""
    ambiguities: tuple[str, ...] = ()
    why_policy: str = ""
    requires: tuple[str, ...] = ()
    requires_any: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    modifies: tuple[str, ...] = ()  # rules a variant changes without removing them
    derived_from: tuple[str, ...] = ()
    source: str = ""
    params: tuple[Param, ...] = ()
    asks: tuple[str, ...] = ()  # questions as players type them, for `unospec explain`

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"{self.id} has no parameter {name!r}")


@dataclass(frozen=True)
class Position:
    """One source's stance on an ambiguity."""

    document: str
    stance: str
    summary: str
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class Resolution:
    profile: str
    choice: str
    why: str
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ambiguity:
    id: str
    title: str
    question: str
    keywords: tuple[str, ...]
    rules: tuple[str, ...]
    positions: tuple[Position, ...]
    resolutions: dict[str, Resolution]
    aliases: tuple[str, ...] = ()
    asks: tuple[str, ...] = ()  # the question as players type it, for `unospec explain`


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    description: str
    inherits: str | None
    options: dict[str, Any]
    silent: dict[str, str]
    path: str = ""


def _cit(raw: dict[str, Any]) -> Citation:
    item = raw.get("item")
    return Citation(
        raw["document"], raw["section"], raw["paragraph"], None if item is None else str(item)
    )


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def _load_documents(raw: dict[str, Any]) -> dict[str, Document]:
    docs = {}
    for d in raw["document"]:
        sections = tuple(
            Section(
                s["heading"],
                s["paragraphs"],
                {int(k): tuple(v) for k, v in s.get("items", {}).items()},
                s.get("note", ""),
            )
            for s in d["section"]
        )
        docs[d["id"]] = Document(
            d["id"], d["title"], d["language"], d["language_name"], d["kind"], sections
        )
    return docs


def _load_rule(r: dict[str, Any]) -> Rule:
    params = tuple(
        Param(
            p["name"],
            p["type"],
            p["default"] if p["type"] != "set" else tuple(p["default"]),
            p.get("doc", ""),
            p.get("minimum"),
            tuple(p.get("values", ())),
        )
        for p in r.get("param", ())
    )
    return Rule(
        id=r["id"],
        title=r["title"],
        kind=r["kind"],
        area=r["area"],
        statement=" ".join(r["statement"].split()),
        citations=tuple(_cit(c) for c in r.get("citations", ())),
        aliases=tuple(r.get("aliases", ())),
        external=r.get("external", ""),
        ambiguities=tuple(r.get("ambiguities", ())),
        why_policy=r.get("why_policy", ""),
        requires=tuple(r.get("requires", ())),
        requires_any=tuple(r.get("requires_any", ())),
        excludes=tuple(r.get("excludes", ())),
        replaces=tuple(r.get("replaces", ())),
        modifies=tuple(r.get("modifies", ())),
        derived_from=tuple(r.get("derived_from", ())),
        source=r.get("source", ""),
        params=params,
        asks=tuple(r.get("asks", ())),
    )


def _load_ambiguity(a: dict[str, Any]) -> Ambiguity:
    positions = tuple(
        Position(
            p["document"],
            p["stance"],
            " ".join(p["summary"].split()),
            tuple(_cit(c) for c in p.get("citations", ())),
        )
        for p in a.get("position", ())
    )
    resolutions = {
        name: Resolution(
            name,
            " ".join(r["choice"].split()),
            " ".join(r["why"].split()),
            dict(r.get("settings", {})),
        )
        for name, r in a.get("resolution", {}).items()
    }
    return Ambiguity(
        id=a["id"],
        title=a["title"],
        question=" ".join(a["question"].split()),
        keywords=tuple(a.get("keywords", ())),
        rules=tuple(a.get("rules", ())),
        positions=positions,
        resolutions=resolutions,
        aliases=tuple(a.get("aliases", ())),
        asks=tuple(a.get("asks", ())),
    )


def load_profile_file(path: Path | str) -> Profile:
    """Read a profile TOML file (built-in or a user's) without resolving it."""
    path = Path(path)
    raw = _read(path)
    return Profile(
        name=raw.get("name", path.stem),
        title=raw.get("title", raw.get("name", path.stem)),
        description=" ".join(raw.get("description", "").split()),
        inherits=raw.get("inherits"),
        options=dict(raw.get("options", {})),
        silent=dict(raw.get("silent", {})),
        path=str(path),
    )


@dataclass
class Catalogue:
    documents: dict[str, Document]
    rules: dict[str, Rule]
    ambiguities: dict[str, Ambiguity]
    profiles: dict[str, Profile]
    aliases: dict[str, str] = field(default_factory=dict)

    # -- lookup ---------------------------------------------------------------
    def canonical(self, ident: str) -> str | None:
        """The catalogue ID for ``ident`` (an ID or an alias, any case), or ``None``."""
        key = ident.strip().upper()
        if key in self.rules or key in self.ambiguities:
            return key
        return self.aliases.get(key)

    def suggest(self, ident: str, pool: list[str] | None = None, n: int = 3) -> list[str]:
        pool = pool if pool is not None else [*self.rules, *self.ambiguities, *self.aliases]
        return difflib.get_close_matches(ident.strip().upper(), pool, n=n, cutoff=0.4)

    def rule(self, ident: str) -> Rule:
        cid = self.canonical(ident)
        if cid is None or cid not in self.rules:
            raise UnknownIdError("rule", ident, self.suggest(ident, [*self.rules, *self.aliases]))
        return self.rules[cid]

    def ambiguity(self, ident: str) -> Ambiguity:
        cid = self.canonical(ident)
        if cid is None or cid not in self.ambiguities:
            raise UnknownIdError("ambiguity", ident, self.suggest(ident, list(self.ambiguities)))
        return self.ambiguities[cid]

    def profile(self, name: str) -> Profile:
        if name in self.profiles:
            return self.profiles[name]
        path = Path(name)
        if path.suffix == ".toml" and path.is_file():
            return load_profile_file(path)
        raise UnknownIdError(
            "profile", name, difflib.get_close_matches(name, list(self.profiles), n=3, cutoff=0.3)
        )

    @property
    def options(self) -> dict[str, Rule]:
        """Rules that are options: every variant, and every rule with parameters."""
        return {i: r for i, r in self.rules.items() if r.kind == "variant" or r.params}

    # -- profiles ----------------------------------------------------------------
    def effective_options(
        self, profile: str | Profile, overrides: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Resolve a profile (and its ancestors) to a complete, validated option table.

        Keys are variant IDs (value ``False`` or a dict of every parameter) and
        ``RULE-ID.param`` for parameters of core rules and policies.
        """
        prof = profile if isinstance(profile, Profile) else self.profile(profile)
        chain: list[Profile] = []
        seen: set[str] = set()
        p: Profile | None = prof
        while p is not None:
            if p.name in seen:
                raise CatalogueError([f"profile {p.name!r}: inheritance cycle"])
            seen.add(p.name)
            chain.append(p)
            p = self.profile(p.inherits) if p.inherits else None
        table = self.default_options()
        for p in reversed(chain):
            self._apply(table, p.options, f"profile {p.name!r}")
        if overrides:
            self._apply(table, overrides, "options")
        problems = self.option_conflicts(table)
        if problems:
            raise CatalogueError([f"profile {prof.name!r}: {m}" for m in problems])
        return table

    def default_options(self) -> dict[str, Any]:
        table: dict[str, Any] = {}
        for rid, rule in self.options.items():
            if rule.kind == "variant":
                table[rid] = False
            else:
                for prm in rule.params:
                    table[f"{rid}.{prm.name}"] = _plain(prm.default)
        return table

    def _apply(self, table: dict[str, Any], options: dict[str, Any], where: str) -> None:
        problems = []
        for key, value in options.items():
            rid, _, pname = key.partition(".")
            cid = self.canonical(rid)
            rule = self.rules.get(cid) if cid else None
            if rule is None:
                problems.append(
                    f"{where}: unknown option {key!r}"
                    + _hint(self.suggest(rid, list(self.options)))
                )
                continue
            if pname:  # a single parameter
                try:
                    prm = rule.param(pname)
                except KeyError:
                    problems.append(f"{where}: {rule.id} has no parameter {pname!r}")
                    continue
                bad = prm.check(value)
                if bad:
                    problems.append(f"{where}: {key}: {bad}")
                elif rule.kind == "variant":
                    current = table.get(rule.id) or {q.name: _plain(q.default) for q in rule.params}
                    table[rule.id] = {**current, pname: _plain(value)}
                else:
                    table[f"{rule.id}.{pname}"] = _plain(value)
            elif rule.kind != "variant":
                problems.append(
                    f"{where}: {key} is not a variant; set one of its parameters as {key}.NAME"
                )
            elif value is False:
                table[rule.id] = False
            elif value is True or isinstance(value, dict):
                params = {q.name: _plain(q.default) for q in rule.params}
                for n, v in (value if isinstance(value, dict) else {}).items():
                    try:
                        bad = rule.param(n).check(v)
                    except KeyError:
                        bad = "no such parameter"
                    if bad:
                        problems.append(f"{where}: {key}.{n}: {bad}")
                    params[n] = _plain(v)
                table[rule.id] = params
            else:
                problems.append(
                    f"{where}: {key}: expected true, false or a table of parameters, got {value!r}"
                )
        if problems:
            raise CatalogueError(problems)

    def option_conflicts(self, table: dict[str, Any]) -> list[str]:
        problems = []
        for rid, rule in self.rules.items():
            if rule.kind != "variant" or table.get(rid) is False:
                continue
            for other in rule.requires:
                if table.get(other) is False:
                    problems.append(f"{rid} requires {other}")
            if rule.requires_any and all(table.get(o) is False for o in rule.requires_any):
                problems.append(f"{rid} requires one of {', '.join(rule.requires_any)}")
            for other in rule.excludes:
                if table.get(other) not in (False, None):
                    problems.append(f"{rid} cannot be combined with {other}")
        return problems

    def enabled_in(self, rule_id: str) -> list[str]:
        """The built-in profiles in which ``rule_id`` is in force."""
        rule = self.rule(rule_id)
        out = []
        for name in self.profiles:
            table = self.effective_options(name)
            if rule.kind == "variant":
                on = table[rule.id] is not False
            else:
                on = not any(
                    table.get(v.id) not in (False, None)
                    for v in self.rules.values()
                    if rule.id in v.replaces
                )
            if on:
                out.append(name)
        return out

    # -- validation --------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every dangling reference or malformed entry in the catalogue."""
        out: list[str] = []
        known = set(self.rules) | set(self.ambiguities)

        def check_citation(c: Citation, where: str) -> None:
            doc = self.documents.get(c.document)
            if doc is None:
                out.append(f"{where}: citation to unknown document {c.document!r}")
                return
            sec = doc.section(c.section)
            if sec is None:
                out.append(f"{where}: {c.document} has no heading {c.section!r}")
                return
            if not 1 <= c.paragraph <= sec.paragraphs:
                out.append(
                    f"{where}: {c.document} › {c.section} has {sec.paragraphs} paragraph(s), not ¶{c.paragraph}"
                )
                return
            if c.item is not None and c.item not in sec.items.get(c.paragraph, ()):
                out.append(f"{where}: {c} names an item that ¶{c.paragraph} does not have")

        for rid, r in self.rules.items():
            w = f"rule {rid}"
            if r.kind not in KINDS:
                out.append(f"{w}: kind {r.kind!r} is not one of {KINDS}")
            if not r.statement or not r.title:
                out.append(f"{w}: needs a title and a statement")
            for c in r.citations:
                check_citation(c, w)
            if r.kind == "policy":
                if not r.why_policy:
                    out.append(f"{w}: a policy must say why no source settles it (why_policy)")
            elif not r.citations and not (r.kind == "variant" and r.source == EXTERNAL):
                out.append(f"{w}: a {r.kind} rule must cite at least one source paragraph")
            refs = (*r.requires, *r.requires_any, *r.excludes, *r.replaces, *r.modifies)
            for ref in (*refs, *r.derived_from):
                if ref not in self.rules:
                    out.append(f"{w}: refers to unknown rule {ref!r}")
            for ref in r.ambiguities:
                if ref not in self.ambiguities:
                    out.append(f"{w}: refers to unknown ambiguity {ref!r}")
            for p in r.params:
                if p.type not in PARAM_TYPES:
                    out.append(f"{w}: parameter {p.name} has unknown type {p.type!r}")
                elif (
                    bad := p.check(list(p.default) if p.type == "set" else p.default)
                ) is not None:
                    out.append(f"{w}: default of {p.name}: {bad}")
        for aid, a in self.ambiguities.items():
            w = f"ambiguity {aid}"
            for ref in a.rules:
                if ref not in self.rules:
                    out.append(f"{w}: refers to unknown rule {ref!r}")
            docs = [pos.document for pos in a.positions if pos.document != EXTERNAL]
            for d in self.documents:
                if d not in docs:
                    out.append(f"{w}: no position recorded for {d}")
            for pos in a.positions:
                if pos.document not in self.documents and pos.document != EXTERNAL:
                    out.append(f"{w}: position of unknown document {pos.document!r}")
                if pos.stance != "silent" and pos.document != EXTERNAL and not pos.citations:
                    out.append(
                        f"{w}: {pos.document} takes a stance ({pos.stance}) without a citation"
                    )
                for c in pos.citations:
                    check_citation(c, f"{w} ({pos.document})")
            for name in BUILTIN_PROFILES:
                if name not in a.resolutions:
                    out.append(f"{w}: no resolution for profile {name}")
            for name, res in a.resolutions.items():
                if name not in self.profiles:
                    out.append(f"{w}: resolution for unknown profile {name!r}")
                    continue
                try:
                    table = self.effective_options(name)
                except (CatalogueError, UnknownIdError) as e:
                    out.append(f"{w}: profile {name}: {e}")
                    continue
                for key, want in res.settings.items():
                    got = _lookup(table, key)
                    if got is _MISSING:
                        out.append(f"{w}: resolution for {name} sets unknown option {key!r}")
                    elif not _same(got, want):
                        out.append(
                            f"{w}: resolution for {name} needs {key} = {want!r}, profile has {got!r}"
                        )
        for name, prof in self.profiles.items():
            if prof.inherits and prof.inherits not in self.profiles:
                out.append(f"profile {name}: inherits unknown profile {prof.inherits!r}")
            for aid in prof.silent:
                if aid not in known:
                    out.append(f"profile {name}: [silent] names unknown ID {aid!r}")
            try:
                self.effective_options(name)
            except (CatalogueError, UnknownIdError) as e:
                out.append(str(e))
        for alias, target in self.aliases.items():
            if alias in known:
                out.append(f"alias {alias!r} of {target} is also a catalogue ID")
        return out


_MISSING = object()


def _lookup(table: dict[str, Any], key: str) -> Any:
    if key in table:
        return table[key]
    rid, _, pname = key.partition(".")
    if pname and rid in table:
        val = table[rid]
        return _MISSING if val is False or pname not in val else val[pname]
    return _MISSING


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, bool) and isinstance(got, dict):
        return want is True
    if isinstance(want, dict) and isinstance(got, dict):
        return all(_same(got.get(k, _MISSING), v) for k, v in want.items())
    if isinstance(want, list | tuple) and isinstance(got, list | tuple):
        return sorted(want) == sorted(got)
    return bool(got == want)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _hint(s: list[str]) -> str:
    return f" (did you mean {', '.join(s)}?)" if s else ""


@cache
def load(data: Path = DATA) -> Catalogue:
    """Load the built-in catalogue. Raises :class:`CatalogueError` listing every problem."""
    documents = _load_documents(_read(data / "sources.toml"))
    rules: dict[str, Rule] = {}
    problems: list[str] = []
    for fname in ("rules.toml", "variants.toml"):
        path = data / fname
        if not path.exists():
            continue
        for raw in _read(path).get("rule", ()):
            try:
                rule = _load_rule(raw)
            except KeyError as e:
                problems.append(f"{fname}: rule {raw.get('id', '?')} lacks field {e}")
                continue
            if rule.id in rules:
                problems.append(f"{fname}: rule {rule.id} defined twice")
            rules[rule.id] = rule
    ambiguities: dict[str, Ambiguity] = {}
    amb_path = data / "ambiguities.toml"
    if amb_path.exists():
        for raw in _read(amb_path).get("ambiguity", ()):
            try:
                amb = _load_ambiguity(raw)
            except KeyError as e:
                problems.append(f"ambiguities.toml: {raw.get('id', '?')} lacks field {e}")
                continue
            if amb.id in ambiguities:
                problems.append(f"ambiguities.toml: {amb.id} defined twice")
            ambiguities[amb.id] = amb
    profiles = {}
    for name in BUILTIN_PROFILES:
        path = data / "profiles" / f"{name}.toml"
        if path.exists():
            profiles[name] = load_profile_file(path)
    aliases = {}
    items: list[Rule | Ambiguity] = [*rules.values(), *ambiguities.values()]
    for item in items:
        for alias in item.aliases:
            if alias.upper() in aliases:
                problems.append(f"alias {alias} used twice")
            aliases[alias.upper()] = item.id
    if problems:
        raise CatalogueError(problems)
    return Catalogue(documents, rules, ambiguities, profiles, aliases)
