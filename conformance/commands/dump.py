"""``unospec dump DIR``: the corpus as plain JSON, usable without unospec."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser(
        "dump", help="write every scenario, perft case, rule and schema as plain JSON"
    )
    p.add_argument("directory", type=Path)
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec import __version__
    from unospec.cli import ambiguity_json, rule_json
    from unospec.perft import CORPUS
    from unospec.protocol import SCHEMAS
    from unospec.scenarios import load_scenarios

    out: Path = args.directory
    out.mkdir(parents=True, exist_ok=True)
    scenarios = [sc.to_json() for sc in load_scenarios()]

    def write(name: str, data: Any) -> None:
        (out / name).write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )

    write(
        "scenarios.json",
        {"suite": {"name": "unospec", "version": __version__}, "scenarios": scenarios},
    )
    write("rules.json", [rule_json(cat, r) for r in cat.rules.values()])
    write("ambiguities.json", [ambiguity_json(a) for a in cat.ambiguities.values()])
    write("profiles.json", {name: cat.effective_options(name) for name in cat.profiles})
    shutil.copy(CORPUS, out / "perft.jsonl")
    schemas = out / "schemas"
    schemas.mkdir(exist_ok=True)
    for path in SCHEMAS.glob("*.json"):
        shutil.copy(path, schemas / path.name)
    (out / "README.md").write_text(
        "# unospec corpus\n\n"
        "- `scenarios.json`: every scenario with its ID, content hash, rules, profiles and runs (steps in the "
        "vocabulary of features/README.md).\n"
        "- `perft.jsonl`: positions with a depth and the expected number of action sequences (chance resolved "
        "canonically: cards in canonical order).\n"
        "- `rules.json`, `ambiguities.json`, `profiles.json`: the catalogue.\n"
        "- `schemas/`: the protocol's JSON Schemas.\n",
        encoding="utf-8",
    )
    runs = sum(len(s["runs"]) for s in scenarios)
    print(
        f"wrote {len(scenarios)} scenarios ({runs} runs), the perft corpus, the catalogue and the schemas to {out}"
    )
    return 0
