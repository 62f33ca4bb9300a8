"""``unospec prove``: the table, ``--json``, the exit codes."""

from __future__ import annotations

import json

import pytest

from unospec.cli import main
from unospec.spec import arithmetic


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["prove", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lists_every_goal_with_scope_result_and_time(capsys):
    code, out, _ = run(capsys, "--players", "2,3", "--group", "official", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert 20 < data["peak_mb"] < 4096  # the largest process that proved: Z3 and the model
    goals = {g["goal"]: g for g in data["goals"]}
    assert {"card conservation", "turn order", "deadlock freedom", "seat symmetry"} <= set(goals)
    for g in goals.values():
        assert g["result"] == "proved" and g["players"] == [2, 3]
        assert isinstance(g["seconds"], float)
    assert goals["card conservation"]["groups"] == ["official"]
    assert {f["name"] for f in data["findings"]} >= {"deadlock freedom"}


def test_the_table(capsys):
    code, out, _ = run(capsys, "--players", "3", "--group", "sv-unoregler", "--step", "catch")
    assert code == 0
    assert "card conservation" in out and "proved" in out
    assert "Without the policies, Z3 finds:" in out


def test_a_failing_proof_exits_1_with_a_readable_counterexample(capsys, monkeypatch):
    def no_skips(seat, direction, players, skips, flips, draws, ite=arithmetic.py_ite):
        return arithmetic.next_seat(seat, direction, players), direction, arithmetic.NO_VICTIM

    monkeypatch.setattr(arithmetic, "advance_after", no_skips)
    # in this process (--jobs 1): a process of the pool starts from a clean server, without
    # the patch
    args = ("--players", "3", "--group", "official", "--step", "play skip", "--jobs", "1")
    code, out, _ = run(capsys, *args)
    assert code == 1
    assert "card effects failed" in out and "step: play skip by seat 0" in out
    code, out, _ = run(capsys, *args, "--json")
    assert code == 1
    bad = [g for g in json.loads(out)["goals"] if g["result"] != "proved"]
    assert bad and bad[0]["counterexample"]["before"]["hands"]


@pytest.mark.parametrize(
    "argv",
    [("--players", "1-4"), ("--players", "x"), ("--group", "nope"), ("--step", "fly")],
)
def test_usage_errors_exit_2(capsys, argv):
    assert run(capsys, *argv)[0] == 2


def test_list(capsys):
    code, out, _ = run(capsys, "--list", "--json")
    assert code == 0
    data = json.loads(out)
    assert "sv-unoregler" in {g["name"] for g in data["groups"]}
    assert "play skip" in data["steps"]


def test_the_variant_scopes_and_what_is_not_modelled(capsys):
    code, out, _ = run(capsys, "--players", "3", "--group", "0-7", "--group", "draw until stop")
    assert code == 0
    assert "play number, swap" in out and "Not modelled: no variant is refused" in out
    code, out, _ = run(capsys, "--players", "2", "--group", "jump-in", "--json")
    data = json.loads(out)
    assert code == 0 and "who has called UNO" in data["not_modelled"]
    for gone in ("together", "reshuffle"):  # once refused: every combination is modelled
        assert gone not in data["not_modelled"]
    effects = next(g for g in data["goals"] if g["goal"] == "card effects")
    assert {"jump in number", "jump in reverse"} <= set(effects["steps"])
    assert effects["groups"] == ["jump-in"]
