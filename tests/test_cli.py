"""The ``unospec`` command (conformance.cli): rules, ambiguities, profiles, play, certify."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from unospec.cli import main
from unospec.spec.catalogue import BUILTIN_PROFILES, load

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ("fi-wikipedia", "sv-unoregler", "id-wikipedia")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def flat(text: str) -> str:
    """Rich wraps long lines; compare text with all whitespace runs made single spaces."""
    return " ".join(text.split())


# -- rules ----------------------------------------------------------------------------------------


def test_rules_json_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    cat = load()
    data = run_json(capsys, "rules")
    assert isinstance(data, list)
    assert [r["id"] for r in data] == list(cat.rules)
    for r in data:
        for key in ("id", "title", "statement", "kind", "area", "citations", "profiles"):
            assert key in r, (r["id"], key)
        assert r["kind"] in ("core", "policy", "variant")
        assert r["title"] and r["statement"]
        for c in r["citations"]:
            assert c["document"] in DOCUMENTS
            assert isinstance(c["section"], str) and c["section"]
            assert isinstance(c["paragraph"], int) and c["paragraph"] >= 1
        assert set(r["profiles"]) <= set(BUILTIN_PROFILES)
        if r["kind"] == "policy":
            assert r["why_policy"]
            assert r["citations"] == []
    by_id = {r["id"]: r for r in data}
    assert by_id["V-SINGLE-ROUND"]["profiles"] == ["sv-unoregler"]
    assert by_id["V-TEAM"]["profiles"] == []
    assert by_id["DRAW-ONE"]["profiles"] == list(BUILTIN_PROFILES)


def test_rules_kind_filter(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "--kind", "policy")
    policies = [r.id for r in load().rules.values() if r.kind == "policy"]
    assert len(policies) >= 8
    assert [r["id"] for r in data] == policies
    assert all(r["kind"] == "policy" for r in data)


def test_one_rule_json_is_an_object(capsys: pytest.CaptureFixture[str]) -> None:
    r = run_json(capsys, "rules", "DRAW-ONE")
    assert isinstance(r, dict)
    assert r["id"] == "DRAW-ONE"
    assert r["kind"] == "core"
    assert r["citations"][0] == {
        "document": "fi-wikipedia",
        "section": "Pelin kulku",
        "paragraph": 4,
    }
    assert any(c.get("item") == "3" for c in r["citations"])
    assert r["profiles"] == list(BUILTIN_PROFILES)


def test_rule_lookup_ignores_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "rules", "draw-one")["id"] == "DRAW-ONE"


def test_rule_with_parameters_json(capsys: pytest.CaptureFixture[str]) -> None:
    r = run_json(capsys, "rules", "V-DRAW-FIXED")
    assert r["kind"] == "variant"
    params = {p["name"]: p for p in r["params"]}
    assert params["mode"]["values"] == ["at_most", "exactly"]
    assert params["n"]["default"] == 3 and params["n"]["minimum"] == 1
    assert set(r["excludes"]) == {"V-DRAW-UNTIL-PLAYABLE", "V-DRAW-UNTIL-STOP"}


def test_one_rule_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "DRAW-ONE")
    assert code == 0
    text = flat(out)
    assert "DRAW-ONE" in text
    assert "A turn draw is one card" in text
    assert "cites fi-wikipedia › Pelin kulku › ¶4" in text
    assert "in profiles: official, fi-wikipedia, sv-unoregler, id-wikipedia" in text


def test_policy_as_text_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "P-STALEMATE")
    assert code == 0
    assert "why a policy:" in out
    assert "P-STALEMATE.stalemate" in out


def test_rules_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert f"{len(load().rules)} rules" in out


@pytest.mark.parametrize("json_flag", [(), ("--json",)], ids=["text", "json"])
def test_unknown_rule_suggests_the_closest(
    capsys: pytest.CaptureFixture[str], json_flag: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, "rules", "DRAW-ON", *json_flag)
    assert code == 2
    assert out == ""
    text = flat(err)
    assert "unknown rule 'DRAW-ON'" in text
    assert "did you mean DRAW-ONE" in text


# -- ambiguities ----------------------------------------------------------------------------------


def test_ambiguities_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "ambiguities")
    assert len(data) == 43
    assert [a["id"] for a in data] == [f"AMB-{n:02d}" for n in range(1, 44)]
    for a in data:
        assert a["question"] and a["title"]
        docs = [p["document"] for p in a["positions"]]
        assert [d for d in docs if d != "EXT-MATTEL"] == list(DOCUMENTS), a["id"]
        for p in a["positions"]:
            assert p["stance"] and p["summary"]
            if p["stance"] != "silent" and p["document"] != "EXT-MATTEL":
                assert p["citations"], (a["id"], p["document"])
        assert set(a["resolutions"]) == set(BUILTIN_PROFILES), a["id"]
        for res in a["resolutions"].values():
            assert res["choice"] and res["why"]
            assert isinstance(res["settings"], dict)


def test_one_ambiguity_json(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "ambiguities", "AMB-01")
    assert isinstance(a, dict)
    assert a["id"] == "AMB-01"
    assert a["resolutions"]["sv-unoregler"]["settings"] == {
        "V-NO-ACTION-FINISH": {"forbidden_last": "special"}
    }


def test_one_ambiguity_prints_the_question(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ambiguities", "AMB-01")
    assert code == 0
    text = flat(out)
    assert flat(load().ambiguity("AMB-01").question) in text
    for name in (*DOCUMENTS, *BUILTIN_PROFILES):
        assert name in text


def test_ambiguities_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ambiguities")
    assert code == 0
    assert "43 ambiguities" in out


def test_unknown_ambiguity(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ambiguities", "AMB-99")
    assert code == 2
    assert "unknown ambiguity 'AMB-99'" in flat(err)
    assert "did you mean AMB-" in flat(err)


# -- profiles -------------------------------------------------------------------------------------


def test_profiles_json(capsys: pytest.CaptureFixture[str]) -> None:
    cat = load()
    data = run_json(capsys, "profiles")
    assert [p["name"] for p in data] == list(BUILTIN_PROFILES)
    for p in data:
        assert p["title"] and p["description"]
        assert p["effective_options"] == cat.effective_options(p["name"])
    official = data[0]
    assert official["inherits"] is None
    assert all(v is False for k, v in official["effective_options"].items() if "." not in k)


def test_one_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "sv-unoregler")
    assert code == 0
    text = flat(out)
    assert "sv-unoregler" in text and "inherits official" in text
    assert "V-SINGLE-ROUND" in text
    assert "AMB-04" in text  # its [silent] entries are listed
    p = run_json(capsys, "profiles", "sv-unoregler")
    assert isinstance(p, dict)
    assert p["name"] == "sv-unoregler"
    assert p["effective_options"]["V-SINGLE-ROUND"] == {}
    assert p["effective_options"]["WD4-BLUFF.wd4_enforcement"] == "engine"


def test_user_profile_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'name = "house"\ntitle = "House rules"\ninherits = "official"\n'
        'description = "Official, plus stacking."\n[options]\n"V-STACK-DRAW" = true\n',
        encoding="utf-8",
    )
    p = run_json(capsys, "profiles", str(path))
    assert p["name"] == "house"
    assert p["inherits"] == "official"
    assert p["options"] == {"V-STACK-DRAW": True}
    assert p["effective_options"]["V-STACK-DRAW"] == {"stackable": ["D2-on-D2", "WD4-on-WD4"]}
    code, out, _ = run(capsys, "profiles", str(path))
    assert code == 0
    assert "V-STACK-DRAW" in out


def test_user_profile_file_with_a_bad_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'name = "bad"\ninherits = "official"\n[options]\n"V-STAK-DRAW" = true\n', encoding="utf-8"
    )
    code, out, err = run(capsys, "profiles", str(path), "--json")
    assert code == 2
    assert out == ""
    assert "V-STAK-DRAW" in flat(err)
    assert "V-STACK-DRAW" in flat(err)  # suggested


def test_unknown_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "profiles", "oficial")
    assert code == 2
    assert "did you mean official" in flat(err)


# -- play -----------------------------------------------------------------------------------------


def test_play_json_reports_a_finished_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "1", "--json")
    assert code == 0, err
    s = json.loads(out)
    assert s["players"] == 4 and s["seed"] == 1 and s["profile"] == "official"
    assert s["finished"] is True
    assert s["winner"] and all(0 <= w < 4 for w in s["winner"])
    assert len(s["scores"]) == 4
    assert max(s["scores"]) >= 500
    assert s["actions"] > 0 and s["rounds"] >= 1
    assert s["trace"] is None


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "play", "--players", "3", "--seed", "7")
    b = run_json(capsys, "play", "--players", "3", "--seed", "7")
    a.pop("seconds")
    b.pop("seconds")
    assert a == b


def test_play_with_a_profile_and_option(capsys: pytest.CaptureFixture[str]) -> None:
    s = run_json(capsys, "play", "--players", "2", "--seed", "3", "--profile", "sv-unoregler")
    assert s["finished"] is True
    assert s["rounds"] == 1  # V-SINGLE-ROUND
    s = run_json(capsys, "play", "--players", "3", "--seed", "2", "--option", "UNO-PENALTY.cards=4")
    assert s["options"] == {"UNO-PENALTY.cards": 4}
    assert s["finished"] is True


def test_play_rejects_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--seed", "1", "--option", "UNO-PENALTY.cards=0")
    assert code == 2
    assert "UNO-PENALTY.cards" in flat(err)
    code, _, err = run(capsys, "play", "--profile", "nobody")
    assert code == 2


def test_play_writes_a_trace(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    trace = tmp_path / "game.jsonl"
    code, out, err = run(
        capsys, "play", "--players", "4", "--seed", "1", "--trace", str(trace), "--json"
    )
    assert code == 0, err
    s = json.loads(out)
    assert s["trace"] == str(trace)
    lines = trace.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= s["actions"]
    records = [json.loads(line) for line in lines]
    assert all(isinstance(r, dict) for r in records)
    assert records[0]["profile"] == "official"
    assert records[0]["players"] == 4
    # the same game as text mentions the trace
    code, out, _ = run(capsys, "play", "--players", "4", "--seed", "1", "--trace", str(trace))
    assert code == 0
    assert "trace written to" in flat(out)
    assert "won by seat" in flat(out)


# -- certify --------------------------------------------------------------------------------------


def test_summary_prints_the_catalogue_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "summary")
    assert code == 0
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("│┃ ").split("│")]
        if len(cells) == 2 and cells[1].isdigit():
            rows[cells[0]] = int(cells[1])
    kinds = [r.kind for r in load().rules.values()]
    assert rows["rules (core)"] == kinds.count("core") >= 59
    assert rows["rules (policy)"] == kinds.count("policy") >= 8
    assert rows["rules (variant)"] == kinds.count("variant") >= 29
    assert rows["ambiguities"] == 43
    assert rows["profiles"] == 4
    for d in DOCUMENTS:
        assert rows[f"rule citations of {d}"] > 0
    assert rows["scenarios"] > 0


def test_certify_without_a_program_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "certify")
    assert code == 2
    assert "--" in err


# -- usage ----------------------------------------------------------------------------------------


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main([])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["rules", "--kind", "house"])
    assert e.value.code == 2
    capsys.readouterr()


def _console_script() -> str:
    here = Path(sys.executable).parent / "unospec"
    if here.exists():
        return str(here)
    found = shutil.which("unospec")
    if found is None:
        pytest.skip("the unospec console script is not installed")
    return found


def test_installed_console_script() -> None:
    exe = _console_script()
    done = subprocess.run(
        [exe, "rules", "DRAW-ONE"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert "DRAW-ONE" in done.stdout
    assert "A turn draw is one card" in done.stdout
    done = subprocess.run(
        [exe, "rules", "DRAW-ON"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 2
    assert "DRAW-ONE" in done.stderr
