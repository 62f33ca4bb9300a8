"""A scenario run told as a table-side reader wants it: the game, the hands, the top card,
what is done and what follows (``unospec explain``).

The steps of a run (:mod:`unospec.scenarios`) are Gherkin text; this module sorts them
into those parts without running anything: a ``Given`` with the hands table, a hand or
the top card fills those fields, every other ``Given`` is part of the set-up, each
``When`` is an action and each ``Then`` part of the outcome.
"""

from __future__ import annotations

import json
import re
from typing import Any

GAME = re.compile(r"^a (new )?(\d+)-player (game|match)(?: under the (\S+) profile)?$")
TOP = re.compile(r"^the top card is (\S+)(?: and the colour is (\w+))?$")
HOLDS = re.compile(r"^seat (\d+) holds (.+)$")
OPTION = re.compile(r"^the option (\S+)(?: is (.+))?$")


def describe(run: Any) -> dict[str, Any]:
    """The run's ``profile``, ``setup`` and ``options`` (lines), ``hands`` (seat -> cards),
    ``top``, ``colour``, ``actions`` and ``outcome`` (lines), read from its steps."""
    out: dict[str, Any] = {
        "profile": run.profile,
        "setup": [],
        "options": [],
        "hands": {},
        "top": None,
        "colour": None,
        "actions": [],
        "outcome": [],
    }
    for step in run.steps:
        if step.kind == "when":
            out["actions"].append(step.text)
        elif step.kind == "then":
            out["outcome"].append(step.text.removeprefix("the outcome is "))
        else:
            _given(step, out)
    return out


def _given(step: Any, out: dict[str, Any]) -> None:
    text = step.text
    if step.table and text == "the hands are":
        for row in step.table[1:]:
            out["hands"][row[0]] = row[1].split()
    elif m := GAME.match(text):
        kind = "a new match" if m[1] else "a game"
        out["setup"].append(f"{kind} of {m[2]} players")
    elif m := TOP.match(text):
        out["top"], out["colour"] = m[1], m[2]
    elif m := HOLDS.match(text):
        out["hands"][m[1]] = m[2].split()
    elif m := OPTION.match(text):
        out["options"].append(f"{m[1]} = {m[2] or 'true'}")
    elif step.docstring is not None:
        out["setup"].append(f"{text}: {_compact(step.docstring)}")
    else:
        out["setup"].append(text)


def _compact(docstring: str) -> str:
    """A JSON docstring on one line (other text as it is, its lines joined)."""
    try:
        return json.dumps(json.loads(docstring), separators=(", ", ": "))
    except ValueError:
        return " ".join(docstring.split())


def hands_text(hands: dict[str, list[str]]) -> str:
    return "\n".join(f"seat {seat}: {' '.join(cards) or '(none)'}" for seat, cards in hands.items())


def top_text(d: dict[str, Any]) -> str:
    if d["top"] is None:
        return ""
    return d["top"] + (f" (colour {d['colour']})" if d["colour"] else "")


def shared(descriptions: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """What every run of a scenario has in common, and the fields that differ by run."""
    fields = ("setup", "options", "hands", "top", "colour", "actions", "outcome")
    common = {f: descriptions[0][f] for f in fields}
    differ = [f for f in fields if any(d[f] != common[f] for d in descriptions[1:])]
    return {f: v for f, v in common.items() if f not in differ}, differ
