"""The documentation (``docs/``): it builds with warnings as errors, every rule and ambiguity
has its anchor and a rendered scenario, and every internal link resolves. The adapters it
shows are run by ``tests/test_adapters.py``."""

from __future__ import annotations

import re
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from unospec.scenarios import load_scenarios
from unospec.spec.catalogue import load as load_catalogue

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FIXED_PAGES = (
    "index",
    "quickstart",
    "ambiguities",
    "profiles",
    "protocol",
    "formal-model",
    "api",
    "rulebook/index",
)
#: elements without an end tag
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}
#: elements whose text is not running text: links, code, headings, scripts
NOT_RUNNING_TEXT = {"a", "code", "pre", "script", "style", "title", "h1", "h2", "h3", "h4"}


class Page(HTMLParser):
    """The ids, links, rendered scenarios per section, and unlinked running text of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.scenarios_in: dict[str, int] = {}  # section id -> rendered scenarios inside it
        self.text: list[str] = []  # running text: outside links, code, headings and scripts
        self.stack: list[tuple[str, str | None, set[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        ident = a.get("id")
        if ident:
            self.ids.append(ident)
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
        if tag == "div" and "scenario" in classes:
            for t, sid, _ in self.stack:
                if t == "section" and sid:
                    self.scenarios_in[sid] = self.scenarios_in.get(sid, 0) + 1
        if tag == "section" and ident:
            self.scenarios_in.setdefault(ident, 0)
        if tag not in VOID:
            self.stack.append((tag, ident, classes))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not any(t in NOT_RUNNING_TEXT for t, _, _ in self.stack):
            self.text.append(data)


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML documentation, built once for this module exactly as ``make docs`` builds it."""
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("docs")
    t0 = time.perf_counter()
    code = build_main(
        [
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "-d",
            str(out / "doctrees"),
            str(DOCS),
            str(out / "html"),
        ]
    )
    seconds = time.perf_counter() - t0
    assert code == 0, "the docs build failed or warned: see the captured stderr"
    (out / "html" / ".build-seconds").write_text(f"{seconds:.1f}\n")
    return out / "html"


@pytest.fixture(scope="module")
def pages(html: Path) -> dict[str, Page]:
    out = {}
    for path in sorted(html.rglob("*.html")):
        rel = path.relative_to(html).as_posix()
        if rel.startswith("_"):
            continue
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        out[rel] = page
    return out


def areas() -> list[str]:
    out: list[str] = []
    for r in load_catalogue().rules.values():
        if r.area not in out:
            out.append(r.area)
    return out


def test_page_count(pages: dict[str, Page]) -> None:
    """One page per rule area, the fixed pages, and Sphinx's index and search pages."""
    expected = {f"{p}.html" for p in FIXED_PAGES} | {f"rulebook/{a}.html" for a in areas()}
    # Sphinx's own pages: the general index, search, and the module index of the API page
    content = {p for p in pages if p not in ("genindex.html", "search.html", "py-modindex.html")}
    assert content == expected
    assert len(content) == len(FIXED_PAGES) + len(areas())


def test_every_rule_has_its_anchor_and_a_rendered_scenario(pages: dict[str, Page]) -> None:
    missing, bare = [], []
    for rule in load_catalogue().rules.values():
        page = pages[f"rulebook/{rule.area}.html"]
        if rule.id not in page.ids:
            missing.append(rule.id)
        elif page.scenarios_in.get(rule.id, 0) < 1:
            bare.append(rule.id)
    assert not missing, f"rules without an anchor: {missing}"
    assert not bare, f"rules without a rendered scenario: {bare}"


def test_every_ambiguity_has_its_anchor_and_its_outline(pages: dict[str, Page]) -> None:
    page = pages["ambiguities.html"]
    for amb in load_catalogue().ambiguities.values():
        assert amb.id in page.ids, f"{amb.id} has no anchor"
        assert page.scenarios_in.get(amb.id, 0) >= 1, f"{amb.id} shows no scenario"


def test_every_scenario_is_anchored_exactly_once(pages: dict[str, Page]) -> None:
    counts = Counter(i for p in pages.values() for i in p.ids)
    wrong = [s.id for s in load_scenarios() if counts.get(s.id) != 1]
    assert not wrong, f"scenarios anchored not exactly once: {wrong[:10]}"


def test_ids_are_unique_on_each_page(pages: dict[str, Page]) -> None:
    for name, page in pages.items():
        dupes = sorted(i for i, n in Counter(page.ids).items() if n > 1)
        assert not dupes, f"{name}: duplicate ids {dupes[:5]}"


def test_no_internal_link_is_broken(html: Path, pages: dict[str, Page]) -> None:
    ids = {name: set(page.ids) for name, page in pages.items()}
    broken = []
    checked = 0
    for name, page in pages.items():
        base = Path(name).parent
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue  # an external link
            target = name if not parts.path else (base / unquote(parts.path)).as_posix()
            target = str(Path(target).as_posix())
            target = _normalise(target)
            checked += 1
            if not (html / target).exists():
                broken.append(f"{name}: {href} (no file {target})")
                continue
            frag = unquote(parts.fragment)
            if frag and target.endswith(".html") and frag not in ids.get(target, set()):
                broken.append(f"{name}: {href} (no id {frag!r} in {target})")
    assert checked > 1000
    assert not broken, "\n".join(broken[:20])


def _normalise(path: str) -> str:
    out: list[str] = []
    for part in path.split("/"):
        if part == "..":
            out.pop()
        elif part not in (".", ""):
            out.append(part)
    return "/".join(out)


def test_every_catalogue_id_in_running_text_is_a_link(pages: dict[str, Page]) -> None:
    """Statements, ambiguity texts, step texts, tags: an ID outside a link is a miss."""
    cat = load_catalogue()
    names = sorted({*cat.rules, *cat.ambiguities}, key=len, reverse=True)
    pattern = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, names))})(?![\w]|-[\w])")
    misses = []
    for name, page in pages.items():
        if name in ("search.html", "genindex.html"):
            continue
        for text in page.text:
            for m in pattern.finditer(text):
                misses.append(f"{name}: {m.group(0)} in {text.strip()[:80]!r}")
    assert not misses, "\n".join(misses[:20])


def test_cards_read_with_their_long_names(html: Path) -> None:
    text = (html / "rulebook" / "wild-draw-four.html").read_text(encoding="utf-8")
    assert (
        '<span class="card card-w">WD4</span><span class="card-name"> (wild draw four)</span>'
        in text
    )
    assert re.search(r'card card-r">R7</span><span class="card-name"> \(red 7\)', text)
