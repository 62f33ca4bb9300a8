"""perft, the corpus dump and explain."""

from __future__ import annotations

import json
import sys

from unospec.cli import main
from unospec.perft import CORPUS, build_corpus, divide, load_position, perft, perft_port
from unospec.protocol import Program, ProgramPort


def test_the_perft_corpus_matches_the_reference():
    cases = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    assert len(cases) >= 30
    for c in cases:
        assert perft(load_position(c["position"]), c["depth"]) == c["nodes"], c["id"]


def test_the_corpus_file_is_what_the_reference_computes_now():
    stored = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    assert [(c["id"], c["nodes"]) for c in build_corpus()] == [
        (c["id"], c["nodes"]) for c in stored
    ]


def test_divide_sums_to_perft():
    c = json.loads(CORPUS.read_text().splitlines()[3])
    pos = load_position(c["position"])
    parts = divide(pos, c["depth"])
    assert sum(n for _, n in parts) == c["nodes"] and len(parts) > 1


def test_perft_through_a_program_matches(tmp_path):
    program = Program([sys.executable, "-m", "unospec", "serve"])
    program.start()
    try:
        port = ProgramPort(program)
        for line in CORPUS.read_text().splitlines()[:12]:
            c = json.loads(line)
            if c["depth"] <= 3:
                assert perft_port(port, c["position"], c["depth"]) == c["nodes"], c["id"]
    finally:
        program.close()


def test_perft_command_checks_the_corpus(capsys):
    assert main(["perft", "--corpus", "--max-depth", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["ok"] for r in rows)


def test_dump_writes_a_corpus_usable_without_unospec(tmp_path, capsys):
    assert main(["dump", str(tmp_path)]) == 0
    scenarios = json.loads((tmp_path / "scenarios.json").read_text())["scenarios"]
    assert scenarios and all({"id", "hash", "rules", "runs"} <= s.keys() for s in scenarios)
    assert (tmp_path / "perft.jsonl").exists() and (
        tmp_path / "schemas" / "live.schema.json"
    ).exists()
    rules = json.loads((tmp_path / "rules.json").read_text())
    assert any(r["id"] == "PLAY-MATCH" and r["scenarios"] for r in rules)


def test_explain_shows_positions_resolutions_and_live_scenarios(capsys):
    assert main(["explain", "stacking", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"][0] == "AMB-21"
    assert {p["document"] for p in data["entry"]["positions"]} >= {
        "fi-wikipedia",
        "sv-unoregler",
        "id-wikipedia",
    }
    assert data["live"] and all(row["passes_on_reference"] for row in data["live"])
    assert {row["profile"] for row in data["live"]} >= {"official", "sv-unoregler"}


def test_explain_accepts_a_rule_id_and_rejects_nonsense(capsys):
    assert main(["explain", "WD4-RESTRICTION"]) == 0
    assert "WD4-RESTRICTION" in capsys.readouterr().out
    assert main(["explain", "zzzz qqqq"]) == 2
