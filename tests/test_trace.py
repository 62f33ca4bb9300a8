"""Traces: a game written as JSON Lines replays to the same final position, and a trace that
does not fit fails at its first bad line with the field and the rule."""

from __future__ import annotations

import json

import pytest

from unospec.reference import dump
from unospec.reference.trace import TraceError, play, replay


@pytest.fixture(scope="module")
def game():
    return play(3, "official", {"V-SINGLE-ROUND": True}, seed=11)


def test_a_trace_has_a_header_with_the_chance_inputs_and_one_line_per_action(game):
    lines = list(game.lines())
    header = json.loads(lines[0])
    assert header["unospec_trace"] == 1
    assert header["profile"] == "official" and header["players"] == 3
    assert header["chance"][0]["type"] == "dealer_draw"
    assert any(c["type"] == "deal" for c in header["chance"])
    assert len(lines) == 1 + len(game.steps)
    first = json.loads(lines[1])
    assert first["step"] == 1 and "action" in first and isinstance(first["events"], list)


def test_replay_reproduces_the_final_position(game):
    again = replay(game.lines())
    assert dump(again.final) == dump(game.final)


def test_an_illegal_line_is_reported_with_line_field_and_rule(game):
    lines = list(game.lines())
    rec = json.loads(lines[3])
    rec["action"] = {"type": "play", "seat": rec["action"]["seat"], "card": "XX"}
    lines[3] = json.dumps(rec)
    with pytest.raises(TraceError) as e:
        replay(lines)
    assert e.value.line == 4
    assert e.value.field.startswith("/action")


def test_changed_events_are_a_divergence(game):
    lines = list(game.lines())
    rec = json.loads(lines[2])
    rec["events"] = []
    lines[2] = json.dumps(rec)
    with pytest.raises(TraceError) as e:
        replay(lines)
    assert e.value.field == "/events"


def test_unused_chance_inputs_fail_the_trace(game):
    lines = list(game.lines())
    header = json.loads(lines[0])
    header["chance"].append({"type": "shuffle", "order": []})
    lines[0] = json.dumps(header)
    with pytest.raises(TraceError) as e:
        replay(lines)
    assert "never used" in e.value.reason


def test_a_truncated_trace_runs_out_of_chance_or_ends_unfinished(game):
    lines = list(game.lines())
    header = json.loads(lines[0])
    header["chance"] = header["chance"][:1]
    lines[0] = json.dumps(header)
    with pytest.raises(TraceError) as e:
        replay(lines)
    assert e.value.field == "/chance"


def test_garbage_is_reported_as_not_json():
    with pytest.raises(TraceError) as e:
        replay(["{not json"])
    assert e.value.line == 1 and "not JSON" in e.value.reason
