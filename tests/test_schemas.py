"""The protocol's JSON Schemas validate whole messages.

Every line of real sessions with ``unospec serve`` (and of a ``certify -V`` run), every
trace and a real report pass their schemas; each root refuses what is not one of its
messages (garbage, a duplicate legal action, a hello reply with a wrong field, a position
of the wrong shape); the reply kinds are disjoint; the single-file bundle is up to date and
agrees with the files; and Ajv in strict mode (node) compiles every schema without an
error and agrees with jsonschema on every message here.
"""

from __future__ import annotations

import copy
import fcntl
import json
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from unospec.protocol import REPLY_SCHEMAS, schema_errors, validator
from unospec.reference import apply, dump, legal_actions, new_game
from unospec.reference.chance import chance_action
from unospec.reference.trace import play
from unospec.spec import schema_bundle
from unospec.spec.cards import CANONICAL_DECK, KINDS
from unospec.spec.resources import CATALOGUE_SCHEMA, DATA, PROTOCOL

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_TRACES = sorted((ROOT / "examples" / "traces").glob("*.jsonl"))
AJV_DIR = ROOT / "build" / "ajv"
BASE = "https://unospec.example/protocol/v1/"
REPLY_KINDS = [
    "helloReply",
    "newGameReply",
    "legalActionsReply",
    "applyReply",
    "observeReply",
    "errorReply",
]
COMMANDS = {"hello", "new_game", "load", "legal_actions", "apply", "observe", "stop"}
SCHEMA_FILES = [*sorted(PROTOCOL.glob("*.schema.json")), CATALOGUE_SCHEMA]


_ERRORS: dict[tuple[str, str], list[str]] = {}


def errors(name: str, message: Any) -> list[str]:
    """``schema_errors``, remembered: several tests check the same messages."""
    key = (name, json.dumps(message, sort_keys=True))
    if key not in _ERRORS:
        _ERRORS[key] = schema_errors(name, message)
    return _ERRORS[key]


# -- a real session ----------------------------------------------------------------------------

GAMES = [  # players, options, seed: chosen so that the sessions go through every phase below
    (3, {"V-SINGLE-ROUND": True}, 1),
    (2, {"V-SINGLE-ROUND": True, "V-STACK-DRAW": True}, 2),
    (4, {"V-SINGLE-ROUND": True, "V-SEVEN-ZERO": True, "V-MULTI-PLAY": True}, 3),
    (3, {"V-SINGLE-ROUND": True, "V-CHEAT": True}, 4),
]
STEPS = 90  # seat actions per game


class Session:
    """``unospec serve`` driven line by line; every request and its reply kept."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "unospec", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.seq = 0
        self.lines: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        msg = {**msg, "seq": self.seq}
        return self.send(msg, json.dumps(msg))

    def send(self, msg: dict[str, Any], line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        self.lines.append((msg, reply))
        return reply

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write('{"cmd": "stop"}\n')
        self.proc.stdin.close()
        assert self.proc.wait(timeout=30) == 0


def play_game(s: Session, players: int, options: dict[str, Any], seed: int) -> None:
    """A game on the server, its chance and choices made by the reference in step."""
    rng = random.Random(seed)
    s.ask({"cmd": "new_game", "players": players, "profile": "official", "options": options})
    pos = new_game(players, "official", options)
    steps = 0
    while pos.phase != "over" and steps < STEPS:
        s.ask({"cmd": "observe"})
        s.ask({"cmd": "legal_actions"})
        if pos.chance is not None:
            action = chance_action(pos, rng)
        else:
            legal = legal_actions(pos)
            action = rng.choice(legal)
            steps += 1
            wrong = {**action, "seat": (action["seat"] + 1) % players}
            if steps % 7 == 0 and wrong not in legal:  # refused, naming the rule
                s.ask({"cmd": "apply", "action": wrong})
        reply = s.ask({"cmd": "apply", "action": action})
        assert reply.get("accepted") is True, (action, reply)
        pos, _ = apply(pos, action)
        if steps == 20 and pos.chance is None:  # a position loaded mid-game
            s.ask({"cmd": "load", "position": dump(pos)})
    s.ask({"cmd": "observe"})


@pytest.fixture(scope="module")
def session() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    s = Session()
    s.ask({"cmd": "hello", "protocol": 1})
    s.ask({"cmd": "legal_actions"})  # no game yet: an error reply
    for players, options, seed in GAMES:
        play_game(s, players, options, seed)
    s.ask({"cmd": "new_game", "players": 11, "profile": "official", "options": {}, "seed": 5})
    s.ask({"cmd": "sing"})  # an unknown command
    s.send({}, "this is not JSON")  # answered with seq null
    s.close()
    return s.lines


def kind_of(request: dict[str, Any], reply: dict[str, Any]) -> str:
    if reply.get("ok") is False:
        return "errorReply"
    return REPLY_SCHEMAS[request["cmd"]]


def test_the_session_covers_every_request_reply_kind_and_phase(session):
    kinds = {kind_of(q, r) for q, r in session}
    assert kinds == set(REPLY_SCHEMAS.values()) | {"errorReply"}
    refused = [r for _, r in session if r.get("accepted") is False]
    assert refused and all(r["error"]["rule"] for r in refused)
    phases = {r["position"]["phase"] for _, r in session if "position" in r}
    want = {"dealer", "deal", "turn", "drawn", "colour", "challenge", "stack", "multi", "cheat"}
    assert want <= phases, want - phases
    assert None in {r["seq"] for _, r in session if r.get("ok") is False}  # the line not JSON


def test_every_request_and_reply_of_the_session_is_valid(session):
    problems = []
    for request, reply in session:
        if request.get("cmd") in COMMANDS:  # not the unknown command, not the line not JSON
            problems += [f"{request}: {p}" for p in errors("request", request)]
            problems += [f"{request}: {p}" for p in errors("live:", request)]
        elif request:
            assert errors("request", request) and errors("live:", request)
        kind = kind_of(request, reply) if request else "errorReply"
        problems += [f"{kind} {reply}: {p}" for p in errors(kind, reply)]
        problems += [f"{reply}: {p}" for p in errors("live:", reply)]
    assert problems == []


def test_every_reply_of_the_session_matches_exactly_one_kind(session):
    """The reply union is disjoint: a hello reply is a helloReply only, and so on (the
    answer to load has the shape of new_game's: its branch is newGameReply)."""
    for request, reply in session:
        matching = [k for k in REPLY_KINDS if not errors(k, reply)]
        kind = kind_of(request, reply) if request else "errorReply"
        assert matching == ["newGameReply" if kind == "loadReply" else kind], (reply, matching)


def test_a_certify_run_with_message_validation_is_conformant_and_its_report_valid(tmp_path):
    """The harness checks every message of a short certification (-V) against the
    schemas: a program that answers as the reference does passes, and report.json too."""
    run = subprocess.run(
        [
            *(sys.executable, "-m", "unospec", "certify", "-V", "--no-scenarios"),
            *("--games", "1", "--max-steps", "60", "--report", str(tmp_path / "r")),
            *("--", sys.executable, "-m", "unospec", "serve"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["footer"]["verdict"] == "conformant"
    assert errors("report:", report) == []
    assert errors("report:report", report) == []


DUPLICATING = """
import subprocess, sys, json
server = subprocess.Popen([sys.executable, "-m", "unospec", "serve"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    server.stdin.write(line); server.stdin.flush()
    if json.loads(line).get("cmd") == "stop":
        break
    reply = json.loads(server.stdout.readline())
    if reply.get("actions"):
        reply["actions"].append(reply["actions"][0])  # the same action twice
    print(json.dumps(reply), flush=True)
"""


def test_a_duplicate_legal_action_breaks_the_protocol_under_validation(tmp_path):
    program = tmp_path / "duplicating.py"
    program.write_text(DUPLICATING, encoding="utf-8")
    run = subprocess.run(
        [
            *(sys.executable, "-m", "unospec", "certify", "-V", "--no-scenarios"),
            *("--games", "1", "--max-steps", "30", "--report", str(tmp_path / "r")),
            *("--", sys.executable, str(program)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode != 0
    report = (tmp_path / "r" / "report.json").read_text(encoding="utf-8")
    assert "non-unique" in report, report[-3000:]


# -- traces ------------------------------------------------------------------------------------


def trace_lines() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for path in EXAMPLE_TRACES:
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip():
                out.append((path.name, i, json.loads(line)))
    for players, options, seed in GAMES:
        game = play(players, "official", options, seed=seed, max_actions=150)
        for i, line in enumerate(game.lines()):
            out.append((f"played {players} {sorted(options)} {seed}", i, json.loads(line)))
    return out


@pytest.fixture(scope="module")
def traces() -> list[tuple[str, int, dict[str, Any]]]:
    return trace_lines()


def test_every_trace_line_is_valid(traces):
    assert len(EXAMPLE_TRACES) >= 4
    problems = []
    for name, i, line in traces:
        kind = "trace:header" if i == 0 else "trace:line"
        problems += [f"{name}:{i + 1}: {p}" for p in errors(kind, line) + errors("trace:", line)]
    assert problems == []


def test_the_trace_root_tells_a_header_from_a_line(traces):
    header = next(line for _, i, line in traces if i == 0)
    step = next(line for _, i, line in traces if i == 1)
    assert errors("trace:line", header) and errors("trace:header", step)
    assert errors("trace:", {**header, "action": step["action"]})  # neither
    assert errors("trace:", {**step, "players": 3})


# -- what each root refuses --------------------------------------------------------------------

ROOTS = ["live:", "trace:", "report:", "common:"]


@pytest.mark.parametrize("root", ROOTS)
def test_garbage_is_no_message(root):
    assert errors(root, {"garbage": True})
    assert errors(root, [])
    assert errors(root, "hello")


def test_garbage_is_no_catalogue_file():
    schema = json.loads(CATALOGUE_SCHEMA.read_text(encoding="utf-8"))
    assert not Draft202012Validator(schema).is_valid({"garbage": True})


def hello_reply(session) -> dict[str, Any]:
    return next(r for q, r in session if q.get("cmd") == "hello")


def legal_reply(session) -> dict[str, Any]:
    return next(
        r for q, r in session if q.get("cmd") == "legal_actions" and len(r.get("actions", ())) > 1
    )


def test_a_duplicate_legal_action_is_refused(session):
    reply = copy.deepcopy(legal_reply(session))
    assert errors("legalActionsReply", reply) == []
    reply["actions"].append(dict(reply["actions"][-1]))
    for name in ("legalActionsReply", "reply", "live:"):
        assert "non-unique" in errors(name, reply)[0], name


HELLO_BREAKAGES = {
    "a misspelled field": lambda r: r.update(capabilites=r.pop("capabilities")),
    "an unknown capability": lambda r: r.update(capabilities=["load", "teleport"]),
    "a capability twice": lambda r: r.update(capabilities=["load", "load"]),
    "a profile twice": lambda r: r.update(profiles=["official", "official"]),
    "profiles as a string": lambda r: r.update(profiles="official"),
    "no profile": lambda r: r.update(profiles=[]),
    "ok false": lambda r: r.update(ok=False),
    "a branch for a version": lambda r: r["implementation"].update(version="main"),
    "an unknown observed field": lambda r: r.update(observes=["hands", "mood"]),
    "an option that is no rule ID": lambda r: r.update(options=["stacking"]),
}


@pytest.mark.parametrize("name", sorted(HELLO_BREAKAGES))
def test_a_hello_reply_with_a_wrong_field_is_refused(session, name):
    reply = copy.deepcopy(hello_reply(session))
    assert errors("helloReply", reply) == []
    HELLO_BREAKAGES[name](reply)
    assert errors("helloReply", reply)
    assert errors("reply", reply) and errors("live:", reply)


def test_a_hello_reply_of_a_program_that_owns_its_chance_is_valid(session):
    reply = {
        **hello_reply(session),
        "capabilities": ["observe", "own_deal", "own_shuffle", "seeded"],
    }
    reply["observes"] = ["hands", "discard_pile", "draw_pile", "to_act", "phase"]
    assert errors("helloReply", reply) == []
    assert [k for k in REPLY_KINDS if validator(k).is_valid(reply)] == ["helloReply"]


REQUEST_BREAKAGES = [
    {"cmd": "hello", "seq": 1, "protocol": 2},
    {"cmd": "new_game", "seq": 1, "players": 3, "profile": "official", "options": {}, "seed": "7"},
    {
        "cmd": "new_game",
        "seq": 1,
        "players": 3,
        "profile": "official",
        "options": {"stacking": True},
    },
    {"cmd": "apply", "seq": 1, "action": {"type": "play", "seat": 1}},
    {"cmd": "apply", "seq": 1, "action": {"type": "play", "seat": 1, "card": "R10"}},
    {"cmd": "apply", "seq": 1, "action": {"type": "deal", "hands": [[], []], "starter": "R5"}},
    {"cmd": "apply", "seq": 1, "action": {"type": "shuffle"}},
    {"cmd": "observe", "seq": 1, "extra": True},
    {"cmd": "observe"},
    {"cmd": "legal_action", "seq": 1},
]


@pytest.mark.parametrize("request_", REQUEST_BREAKAGES, ids=lambda r: json.dumps(r)[:60])
def test_a_wrong_request_is_refused(request_):
    assert errors("request", request_) and errors("live:", request_)


def test_a_new_game_with_a_seed_is_valid():
    msg = {
        "cmd": "new_game",
        "seq": 3,
        "players": 4,
        "profile": "official",
        "options": {},
        "seed": 7,
    }
    assert errors("new_game", msg) == errors("live:", msg) == []


# -- programs that own their chance ---------------------------------------------------------------

HANDS = [["R1", "R2", "B3", "G4", "YS", "W", "B9"], ["G1", "G2", "Y3", "Y4", "BR", "WD4", "R8"]]
OWN_NEW_GAME = {
    "seq": 2,
    "ok": True,
    "chance": [
        {"type": "dealer_draw", "cards": ["R5", "G9"]},
        {"type": "deal", "dealer": 1, "hands": HANDS, "starter": "WD4"},
        {"type": "shuffle"},
        {"type": "shuffle", "order": ["B1", "Y7"]},
        {"type": "starter", "card": "G3"},
    ],
}
OWN_APPLY = {
    "seq": 9,
    "ok": True,
    "accepted": True,
    "events": [{"type": "card_drawn", "rule": "DRAW-ONE", "seat": 2}],
    "drawn": [{"seat": 2, "cards": ["B3", "G7"]}],
    "chance": [{"type": "shuffle"}, {"type": "deal", "hands": HANDS, "starter": "R5"}],
}


def test_what_a_program_that_owns_its_chance_reports_is_valid():
    assert errors("newGameReply", OWN_NEW_GAME) == errors("live:", OWN_NEW_GAME) == []
    assert errors("applyReply", OWN_APPLY) == errors("live:", OWN_APPLY) == []
    assert [k for k in REPLY_KINDS if validator(k).is_valid(OWN_NEW_GAME)] == ["newGameReply"]
    assert [k for k in REPLY_KINDS if validator(k).is_valid(OWN_APPLY)] == ["applyReply"]


OWN_BREAKAGES = [
    ("newGameReply", lambda r: r["chance"].append({"type": "starter"})),
    ("newGameReply", lambda r: r["chance"].append({"type": "starter", "card": "X9"})),
    ("newGameReply", lambda r: r["chance"][1].pop("starter")),
    ("newGameReply", lambda r: r["chance"][1].update(dealer=10)),
    ("newGameReply", lambda r: r["chance"].append({"type": "cut", "at": 5})),
    ("applyReply", lambda r: r["drawn"].append({"seat": 1, "cards": ["WD5"]})),
    ("applyReply", lambda r: r["drawn"].append({"seat": 1})),
    ("applyReply", lambda r: r["drawn"][0].update(cards=[None])),
    ("applyReply", lambda r: r.update(accepted=False)),  # a refusal has its error, no draws
    ("applyReply", lambda r: r["chance"][0].update(order="B1")),
]


@pytest.mark.parametrize("i", range(len(OWN_BREAKAGES)))
def test_a_wrong_report_of_own_chance_is_refused(i):
    kind, breakage = OWN_BREAKAGES[i]
    reply = copy.deepcopy(OWN_NEW_GAME if kind == "newGameReply" else OWN_APPLY)
    breakage(reply)
    assert errors(kind, reply) and errors("live:", reply)


# -- the position --------------------------------------------------------------------------------


def observed(session, phase: str) -> dict[str, Any]:
    return copy.deepcopy(
        next(r["position"] for _, r in session if r.get("position", {}).get("phase") == phase)
    )


def test_a_position_states_every_field_the_harness_reads():
    from unospec.compare import OBSERVED_FIELDS
    from unospec.reference.position import _FIELDS, PHASES, UNO_STATES

    common = json.loads((PROTOCOL / "common.schema.json").read_text(encoding="utf-8"))
    defs = common["$defs"]
    props = defs["position"]["properties"]
    assert set(OBSERVED_FIELDS) | {"chance", "pending"} <= set(props)
    assert set(props) == {*_FIELDS, "unospec_position"}
    assert defs["phase"]["enum"] == list(PHASES)
    assert defs["unoState"]["enum"] == list(UNO_STATES)
    assert defs["canonicalDeck"]["const"] == list(CANONICAL_DECK)
    assert defs["cards"]["items"]["pattern"] == defs["card"]["pattern"]
    assert all(
        Draft202012Validator({"pattern": defs["card"]["pattern"]}).is_valid(k) for k in KINDS
    )


POSITION_BREAKAGES = {
    "an unknown phase": ("turn", lambda p: p.update(phase="lunch")),
    "no seat to act in a turn": ("turn", lambda p: p.update(to_act=None)),
    "a seat out of range": ("turn", lambda p: p.update(to_act=10)),
    "direction 2": ("turn", lambda p: p.update(direction=2)),
    "an unknown UNO state": ("turn", lambda p: p["uno"].__setitem__(0, "maybe")),
    "a card outside the notation": ("turn", lambda p: p["hands"][0].append("P4")),
    "a pending obligation in a turn": ("turn", lambda p: p.update(pending={"seat": 0})),
    "a winner twice": ("turn", lambda p: p.update(winner=[1, 1])),
    "round 0": ("turn", lambda p: p.update(round=0)),
    "a shuffled deck before the deal": ("dealer", lambda p: p["draw_pile"].reverse()),
    "a short deck before the deal": ("deal", lambda p: p["draw_pile"].pop()),
    "a dealer draw without seats": ("dealer", lambda p: p["chance"].pop("seats")),
    "a deal request in phase dealer": (
        "dealer",
        lambda p: p.update(
            chance={"type": "deal", "dealer": 0, "hand_size": 7, "seats": [1, 2, 0]}
        ),
    ),
    "a deal request with a stray field": ("deal", lambda p: p["chance"].update(order=[])),
    "no chance request in phase dealer": ("dealer", lambda p: p.update(chance=None)),
    "a challenge without its draw total": ("challenge", lambda p: p["pending"].pop("total")),
    "a challenge without its obligation": ("challenge", lambda p: p.update(pending=None)),
    "an unknown pending field": ("challenge", lambda p: p["pending"].update(mood=1)),
    "a colour phase without the wild": ("colour", lambda p: p["pending"].pop("wild")),
}


@pytest.mark.parametrize("name", sorted(POSITION_BREAKAGES))
def test_a_position_of_the_wrong_shape_is_refused(session, name):
    phase, breakage = POSITION_BREAKAGES[name]
    position = observed(session, phase)
    assert errors("common:position", position) == []
    breakage(position)
    assert errors("common:position", position), name
    assert errors("observeReply", {"seq": 1, "ok": True, "position": position})


def test_a_position_may_leave_out_what_a_program_cannot_observe(session):
    position = observed(session, "turn")
    partial = {k: position[k] for k in ("players", "phase", "to_act", "hands", "discard_pile")}
    assert errors("common:position", partial) == []
    assert errors("common:position", {"phase": "dealer"}) == []


# -- the bundle ----------------------------------------------------------------------------------


def test_the_bundle_is_up_to_date():
    assert schema_bundle.BUNDLE.read_text(encoding="utf-8") == schema_bundle.text(), (
        "spec/protocol/unospec.bundle.json is out of date: python -m unospec.spec.schema_bundle"
    )


def test_the_wheel_ships_every_schema_and_the_bundle():
    from fnmatch import fnmatch

    with (ROOT / "pyproject.toml").open("rb") as f:
        package_data = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    for package, directory in (
        ("unospec.spec.protocol", PROTOCOL),
        ("unospec.spec.schema", CATALOGUE_SCHEMA.parent),
    ):
        for path in directory.glob("*.json"):
            assert any(fnmatch(path.name, pattern) for pattern in package_data[package]), path
    assert schema_bundle.BUNDLE.parent == PROTOCOL


def test_the_bundle_is_one_self_contained_file():
    bundle = json.loads(schema_bundle.BUNDLE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(bundle)
    ids = {doc["$id"] for doc in bundle["$defs"].values()}
    assert ids == {f"{BASE}{name}.schema.json" for name in schema_bundle.FILES}
    refs = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.add(node["$ref"].partition("#")[0])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(bundle)
    assert {f"{BASE}{r}" for r in refs if r} <= ids  # nothing outside the file


def test_the_bundle_agrees_with_the_files(session, traces):
    bundle = json.loads(schema_bundle.BUNDLE.read_text(encoding="utf-8"))
    root = Draft202012Validator(bundle)
    registry = Registry().with_resource(bundle["$id"], Resource.from_contents(bundle)).crawl()

    def by_bundle(ref: str, message: Any) -> bool:
        return Draft202012Validator({"$ref": ref}, registry=registry).is_valid(message)

    sample = session[:40] + session[-40:]
    for request, reply in sample:
        assert root.is_valid(reply)
        assert by_bundle(f"{BASE}live.schema.json#/$defs/reply", reply)
        if request.get("cmd") in COMMANDS:
            assert root.is_valid(request)
    for _, _, line in traces[:20]:
        assert root.is_valid(line)
    broken = copy.deepcopy(legal_reply(session))
    broken["actions"].append(broken["actions"][0])
    for message in ({"garbage": True}, broken, {**hello_reply(session), "profiles": []}):
        assert not root.is_valid(message)


# -- the catalogue -------------------------------------------------------------------------------


def catalogue_files() -> list[tuple[str, Any]]:
    out = []
    for path in sorted(DATA.rglob("*.toml")):
        with path.open("rb") as f:
            out.append((path.relative_to(DATA).as_posix(), tomllib.load(f)))
    return out


# -- Ajv in strict mode --------------------------------------------------------------------------

AJV_CHECK = r"""
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const out = {compileErrors: [], disagreements: [], checked: 0, compiled: 0};
function ajv() {
  const a = new Ajv2020({strict: true, allErrors: true});
  addFormats(a);
  return a;
}
function compileAll(a, doc) {
  const refs = [doc.$id, ...Object.keys(doc.$defs || {}).map(k => doc.$id + "#/$defs/" + k)];
  for (const ref of refs) {
    try { a.getSchema(ref); out.compiled++; } catch (e) { out.compileErrors.push(ref + ": " + e.message); }
  }
}
const files = ajv(), catalogue = ajv(), bundle = ajv();
const docs = job.files.map(f => JSON.parse(fs.readFileSync(f, "utf8")));
for (const d of docs) (d.$id.includes("/schema/") ? catalogue : files).addSchema(d);
for (const d of docs) compileAll(d.$id.includes("/schema/") ? catalogue : files, d);
const b = JSON.parse(fs.readFileSync(job.bundle, "utf8"));
bundle.addSchema(b);
compileAll(bundle, b);
for (const d of Object.values(b.$defs)) compileAll(bundle, d);
for (const [ref, instance, valid] of job.cases) {
  const a = ref.includes("/schema/") ? catalogue : files;
  for (const [name, v] of [["files", a.getSchema(ref)], ["bundle", ref.includes("/schema/") ? null : bundle.getSchema(ref)]]) {
    if (!v) continue;
    out.checked++;
    if (v(instance) !== valid) out.disagreements.push(name + " " + ref + " " + JSON.stringify(instance).slice(0, 200) + " " + JSON.stringify(v.errors).slice(0, 300));
  }
}
console.log(JSON.stringify(out));
"""


def ajv_modules() -> Path:
    """``build/ajv/node_modules`` with ajv and ajv-formats, installed from the npm registry
    on first use (a lock keeps parallel runs from installing twice)."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: the Ajv check of the schemas needs node and npm")
    AJV_DIR.mkdir(parents=True, exist_ok=True)
    with (AJV_DIR / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (AJV_DIR / "node_modules" / "ajv-formats" / "package.json").exists():
            run = subprocess.run(
                [
                    *("npm", "install", "--prefix", str(AJV_DIR), "--no-audit", "--no-fund"),
                    *("ajv@8", "ajv-formats@3"),
                ],
                capture_output=True,
                text=True,
                timeout=600,
            )
            if run.returncode != 0:
                pytest.fail(
                    f"npm could not install ajv and ajv-formats into {AJV_DIR} "
                    f"(is the npm registry reachable?):\n{run.stderr[-2000:]}"
                )
    return AJV_DIR / "node_modules"


def test_ajv_in_strict_mode_compiles_every_schema_and_agrees_with_jsonschema(
    session, traces, tmp_path
):
    cases: list[tuple[str, Any, bool]] = []

    def case(ref: str, message: Any, name: str) -> None:
        cases.append((ref, message, not errors(name, message)))

    live = f"{BASE}live.schema.json"
    for request, reply in session:
        if request:  # the unknown command included: not valid
            case(f"{live}#/$defs/request", request, "request")
            case(live, request, "live:")
        case(f"{live}#/$defs/reply", reply, "reply")
        case(live, reply, "live:")
        for kind in REPLY_KINDS:
            case(f"{live}#/$defs/{kind}", reply, kind)
    for _, _, line in traces:
        case(f"{BASE}trace.schema.json", line, "trace:")
    broken = copy.deepcopy(legal_reply(session))
    broken["actions"].append(broken["actions"][0])
    for message in ({"garbage": True}, broken, OWN_NEW_GAME, OWN_APPLY):
        case(live, message, "live:")
    for position in (observed(session, "dealer"), observed(session, "turn")):
        case(f"{BASE}common.schema.json#/$defs/position", position, "common:position")
        shuffled = {**position, "draw_pile": position["draw_pile"][::-1]}  # wrong before the deal
        case(f"{BASE}common.schema.json#/$defs/position", shuffled, "common:position")
    catalogue = json.loads(CATALOGUE_SCHEMA.read_text(encoding="utf-8"))
    for _, data in catalogue_files():
        cases.append((catalogue["$id"], data, True))
    cases.append((catalogue["$id"], {"garbage": True}, False))
    assert {valid for _, _, valid in cases} == {True, False}

    job = tmp_path / "job.json"
    job.write_text(
        json.dumps(
            {
                "files": [str(p) for p in SCHEMA_FILES],
                "bundle": str(schema_bundle.BUNDLE),
                "cases": cases,
            }
        ),
        encoding="utf-8",
    )
    script = tmp_path / "ajv_check.js"
    script.write_text(AJV_CHECK, encoding="utf-8")
    run = subprocess.run(
        ["node", str(script), str(job)],
        capture_output=True,
        text=True,
        timeout=300,
        env={"NODE_PATH": str(ajv_modules()), "PATH": str(Path(shutil.which("node")).parent)},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout)
    assert out["compileErrors"] == []
    defs = sum(len(json.loads(p.read_text(encoding="utf-8"))["$defs"]) + 1 for p in SCHEMA_FILES)
    assert out["compiled"] >= defs
    assert out["disagreements"] == []
    assert out["checked"] >= len(cases)
