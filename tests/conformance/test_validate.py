"""``unospec validate``: exit 0 valid, 1 a violation (line, field, rule, reproducer), 2 unusable."""

from __future__ import annotations

import json

import pytest

from unospec.cli import main
from unospec.reference.trace import play
from unospec.validate import validate_lines


@pytest.fixture(scope="module")
def lines():
    return list(play(3, "official", {"V-SINGLE-ROUND": True}, seed=21).lines())


def with_line(lines, i, rec):
    out = list(lines)
    out[i] = json.dumps(rec)
    return out


def test_a_trace_written_by_the_reference_is_valid(lines, tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["validate", str(path)]) == 0
    assert "valid" in capsys.readouterr().out


def test_an_illegal_action_is_a_violation_with_line_field_rule_and_reproducer(lines):
    rec = json.loads(lines[4])
    seat = rec["action"]["seat"]
    rec["action"] = {"type": "pass", "seat": seat}
    v = validate_lines(with_line(lines, 4, rec))
    assert v.status == 1 and v.line == 5
    assert v.rule and v.reproducer["action"] == rec["action"]
    assert "position" in v.reproducer


def test_a_truncated_trace_is_unusable_at_its_last_line(lines):
    cut = lines[:10] + [lines[10][: len(lines[10]) // 2]]
    v = validate_lines(cut)
    assert v.status == 2 and v.line == 11 and "truncated" in v.message


def test_wrong_types_are_unusable_with_the_json_pointer(lines):
    rec = json.loads(lines[3])
    rec["action"]["seat"] = "two"
    v = validate_lines(with_line(lines, 3, rec))
    assert v.status == 2 and v.line == 4 and v.field == "/action/seat"


def test_an_unknown_card_is_unusable_with_the_json_pointer(lines):
    rec = json.loads(lines[3])
    rec["action"] = {"type": "play", "seat": 0, "card": "Q7"}
    v = validate_lines(with_line(lines, 3, rec))
    assert v.status == 2 and v.field.startswith("/action")


def test_a_fifth_wild_draw_four_breaks_the_deck_composition(lines):
    header = json.loads(lines[0])
    deal = next(c for c in header["chance"] if c["type"] == "deal")
    victim = next(i for i, c in enumerate(deal["draw_pile"]) if c != "WD4")
    deal["draw_pile"][victim] = "WD4"
    v = validate_lines(with_line(lines, 0, header))
    assert v.status == 1 and v.rule == "DECK-COMPOSITION" and v.field.startswith("/chance/")


def test_actions_after_the_match_ended_are_a_violation(lines):
    extra = json.dumps({"step": len(lines), "action": {"type": "draw", "seat": 0}})
    v = validate_lines(lines + [extra])
    assert v.status == 1 and v.line == len(lines) + 1 and v.rule == "MATCH-TARGET-500"


def test_unused_chance_inputs_are_a_violation(lines):
    header = json.loads(lines[0])
    header["chance"].append({"type": "shuffle", "order": ["R1"]})
    v = validate_lines(with_line(lines, 0, header))
    assert v.status == 1 and "never used" in v.message


def test_a_missing_header_field_is_unusable(lines):
    header = json.loads(lines[0])
    del header["players"]
    v = validate_lines(with_line(lines, 0, header))
    assert v.status == 2 and v.line == 1


def test_the_command_returns_the_worst_status_and_prints_json(lines, tmp_path, capsys):
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(lines) + "\n")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert main(["validate", str(good), str(bad), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert [t["status"] for t in data["traces"]] == ["valid", "unusable"]
