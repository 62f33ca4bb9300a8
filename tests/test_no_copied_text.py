"""No file of the project copies a sentence from the source documents.

The three source documents live outside the project, and nothing here may read them at
test time. What the project keeps instead is ``spec/data/source-shingles.txt``: a hash
of every run of 8 consecutive words of each document (its "shingles"), except runs that
lie wholly inside a section heading listed in ``spec/data/sources.toml`` (headings are
cited verbatim on purpose). This test hashes every 8-word run of every text file of the
project and fails on any run that also occurs in a source document, naming the file and
the phrase.

Words are ``re.findall(r"\\w+", text)`` after Unicode NFKC normalisation and lowercasing,
so punctuation, line breaks and case make no difference. The hash is the first 16 hex
digits of the SHA-256 of the words joined by single spaces.

To regenerate the hash file after the documents change, run this module as a script
with the folder that holds the documents::

    .venv/bin/python tests/test_no_copied_text.py /path/to/sources
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tomllib
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHINGLES = ROOT / "spec" / "data" / "source-shingles.txt"
SOURCES_TOML = ROOT / "spec" / "data" / "sources.toml"
WIDTH = 8
DIGEST_CHARS = 16
# Never scanned: tooling and generated folders, and the hash file itself.
SKIP_DIRS = {
    ".git",
    ".venv",
    "venv",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "build",
    "dist",
    "_build",
    "reports",
    "node_modules",
}
SKIP_SUFFIXES = (".egg-info",)
WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """The words of ``text``: NFKC-normalised, lowercased runs of word characters."""
    return WORD.findall(unicodedata.normalize("NFKC", text).lower())


def digest(shingle: str) -> str:
    return hashlib.sha256(shingle.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def shingles(ws: list[str], width: int = WIDTH) -> Iterator[str]:
    """Every run of ``width`` consecutive words, joined by single spaces."""
    for i in range(len(ws) - width + 1):
        yield " ".join(ws[i : i + width])


def heading_shingles() -> set[str]:
    """Shingles lying wholly inside one heading of ``sources.toml`` (citable verbatim)."""
    with SOURCES_TOML.open("rb") as f:
        raw = tomllib.load(f)
    out: set[str] = set()
    for doc in raw["document"]:
        for sec in doc["section"]:
            out.update(shingles(words(sec["heading"])))
    return out


def load_digests() -> set[str]:
    lines = SHINGLES.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def project_files() -> list[Path]:
    """Files of the project: ``git ls-files`` (tracked, plus untracked files git does not
    ignore), or, without git, a walk of the tree that leaves out tooling folders."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout.decode("utf-8", "surrogateescape")
        paths = [ROOT / p for p in out.split("\0") if p]
    except (OSError, subprocess.SubprocessError):
        paths = []
        for dirpath, dirnames, filenames in os.walk(ROOT):
            dirnames[:] = [
                d for d in dirnames if d not in SKIP_DIRS and not d.endswith(SKIP_SUFFIXES)
            ]
            paths.extend(Path(dirpath) / name for name in filenames)
    keep = []
    for p in paths:
        rel = p.relative_to(ROOT)
        if any(part in SKIP_DIRS or part.endswith(SKIP_SUFFIXES) for part in rel.parts[:-1]):
            continue
        if p.resolve() == SHINGLES.resolve() or not p.is_file():
            continue
        keep.append(p)
    return sorted(keep)


def read_text(path: Path) -> str | None:
    """The file as text, or ``None`` for a binary file."""
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def copied_phrases(text: str, known: set[str]) -> list[str]:
    """Maximal copied passages: overlapping hit shingles merged into one phrase."""
    ws = words(text)
    hits = [i for i in range(len(ws) - WIDTH + 1) if digest(" ".join(ws[i : i + WIDTH])) in known]
    phrases: list[str] = []
    start = end = None
    for i in hits:
        if end is not None and i <= end:
            end = i + WIDTH
            continue
        if start is not None:
            phrases.append(" ".join(ws[start:end]))
        start, end = i, i + WIDTH
    if start is not None:
        phrases.append(" ".join(ws[start:end]))
    return phrases


# -- tests ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def known() -> set[str]:
    return load_digests()


def test_shingle_file_is_well_formed(known: set[str]) -> None:
    lines = SHINGLES.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#"), "the file starts with a comment header"
    body = [line for line in lines if not line.startswith("#")]
    assert body == sorted(set(body)), "digests are sorted and unique"
    assert all(re.fullmatch(f"[0-9a-f]{{{DIGEST_CHARS}}}", line) for line in body)
    # Three documents of some 3,000 words give about as many shingles.
    assert len(known) > 2000


def test_headings_are_exempt(known: set[str]) -> None:
    exempt = heading_shingles()
    assert exempt, "at least one heading is 8 words or longer"
    assert not {digest(s) for s in exempt} & known


def test_detector_finds_a_planted_copy(known: set[str]) -> None:
    """The check works: text whose shingles are in the file is reported, other text is not."""
    plain = "our own words about drawing one card when no card in the hand can be played"
    assert copied_phrases(plain, known) == []
    # A shingle is found by its hash alone; simulate a copy by adding a phrase's digest.
    planted = "the quick brown fox jumps over the lazy dog"
    fake = known | {digest(" ".join(words(planted)[:WIDTH]))}
    text = f"Some text. {planted.upper()}!\nMore text."
    assert copied_phrases(text, fake) == ["the quick brown fox jumps over the lazy"]


def test_project_files_are_found() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in project_files()}
    assert "spec/catalogue.py" in files
    assert "spec/data/rules.toml" in files
    assert not any(f.startswith(".venv/") for f in files)
    assert "spec/data/source-shingles.txt" not in files


def test_no_file_copies_source_text(known: set[str]) -> None:
    findings = []
    for path in project_files():
        text = read_text(path)
        if text is None:
            continue
        for phrase in copied_phrases(text, known):
            findings.append(f"{path.relative_to(ROOT)}: «{phrase}»")
    assert not findings, "text copied from a source document:\n  " + "\n  ".join(findings)


# -- regeneration ---------------------------------------------------------------------------------


def generate(sources: Path) -> str:
    """The contents of ``source-shingles.txt`` for the documents in ``sources``."""
    exempt = heading_shingles()
    digests = set()
    names = sorted(p.name for p in sources.glob("*.txt"))
    for name in names:
        ws = words((sources / name).read_text(encoding="utf-8"))
        digests.update(digest(s) for s in shingles(ws) if s not in exempt)
    header = [
        "# source-shingles.txt: hashes of every 8-word run (shingle) of the source documents"
        f" {', '.join(names)},",
        "# used by tests/test_no_copied_text.py to prove that no project file copies their text.",
        "# Made by `python tests/test_no_copied_text.py SOURCES_DIR`: words = re.findall(r'\\w+',"
        " NFKC(text).lower()); shingle = 8 consecutive words joined by one space; line ="
        " sha256(shingle).hexdigest()[:16].",
        "# Shingles lying wholly inside a section heading of spec/data/sources.toml are left out"
        " (headings are cited verbatim). Sorted, one per line, no duplicates.",
    ]
    return "\n".join(header + sorted(digests)) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} SOURCES_DIR")
    SHINGLES.write_text(generate(Path(sys.argv[1])), encoding="utf-8")
    print(f"wrote {SHINGLES}")
