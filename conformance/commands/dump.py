"""``unospec dump DIR``: the corpus as plain JSON, usable without unospec: every scenario
(as text, and compiled to protocol requests with the checks on their answers), the perft
cases, the catalogue and the schemas."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

README = """# unospec corpus

- `scenarios.json`: every scenario with its ID, content hash, rules, profiles and runs (steps in
  the vocabulary of features/README.md).
- `corpus.json`: every scenario run compiled to data (`schemas/corpus.schema.json`), one run a
  line: its start (a position to `load`, or a `new_game` and the chance inputs after it), then
  the live-protocol requests, each with the checks its answer must pass. Run it against any
  program with `node corpus-runner.js corpus.json -- PROGRAM` (unospec's
  `docs/examples/corpus-runner.js`) or with a runner of your own.
- `perft.jsonl`: positions with a depth and the expected number of action sequences (chance
  resolved canonically: cards in canonical order).
- `rules.json`, `ambiguities.json`, `profiles.json`: the catalogue.
- `schemas/`: the protocol's JSON Schemas.
"""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "dump",
        help="write every scenario (as text and compiled to protocol requests), perft case, "
        "rule and schema as plain JSON",
    )
    p.add_argument("directory", type=Path)
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.cli import err
    from unospec.compiled import CompileError, compile_corpus

    out: Path = args.directory
    if out.exists() and not out.is_dir():
        err.print(f"[red]error:[/red] {out} is a file; dump writes a directory (new or existing)")
        return 2
    try:
        corpus = compile_corpus()
    except CompileError as e:
        err.print(f"[red]internal error:[/red] a scenario could not be compiled: {e}")
        return 3
    try:
        scenarios = write(out, cat, corpus)
    except OSError as e:
        err.print(f"[red]error:[/red] cannot write into {out}: {e.strerror or e}")
        return 2
    runs = sum(len(s["runs"]) for s in scenarios)
    print(
        f"wrote {len(scenarios)} scenarios ({runs} runs, each also compiled to protocol "
        f"requests), the perft corpus, the catalogue and the schemas to {out}"
    )
    return 0


def write(out: Path, cat: Any, corpus: dict[str, Any]) -> list[dict[str, Any]]:
    """Write the corpus files into ``out``; returns the scenarios written."""
    from unospec import __version__
    from unospec.cli import ambiguity_json, rule_json
    from unospec.perft import CORPUS
    from unospec.protocol import SCHEMAS
    from unospec.scenarios import load_scenarios

    out.mkdir(parents=True, exist_ok=True)
    scenarios = [sc.to_json() for sc in load_scenarios()]

    def put(name: str, data: Any) -> None:
        (out / name).write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )

    put(
        "scenarios.json",
        {"suite": {"name": "unospec", "version": __version__}, "scenarios": scenarios},
    )
    (out / "corpus.json").write_text(corpus_text(corpus), encoding="utf-8")
    put("rules.json", [rule_json(cat, r) for r in cat.rules.values()])
    put("ambiguities.json", [ambiguity_json(a) for a in cat.ambiguities.values()])
    put("profiles.json", {name: cat.effective_options(name) for name in cat.profiles})
    shutil.copy(CORPUS, out / "perft.jsonl")
    schemas = out / "schemas"
    schemas.mkdir(exist_ok=True)
    for path in SCHEMAS.glob("*.json"):
        shutil.copy(path, schemas / path.name)
    (out / "README.md").write_text(README, encoding="utf-8")
    return scenarios


def corpus_text(corpus: dict[str, Any]) -> str:
    """The compiled corpus as JSON, one run a line."""
    head = {k: v for k, v in corpus.items() if k != "runs"}
    runs = ",\n".join(
        json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in corpus["runs"]
    )
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "runs": [\n' + runs + "\n]}\n"
