#!/usr/bin/env python3
"""A complete unospec adapter in Python: the live protocol over stdin/stdout.

The lines marked ENGINE are the only ones that know which engine plays: here it is the
reference engine, so this file runs as it is and certifies conformant::

    unospec certify -- python docs/examples/adapter.py

For your own engine, replace those lines with calls into it and translate between its
cards and actions and the protocol's (``R7``, ``{"type": "play", "seat": 1, "card": "R7"}``).
"""

import json
import sys
import traceback

from unospec.reference import (  # ENGINE
    IllegalAction,
    PositionError,
    apply,
    dump,
    legal_actions,
    load,
    new_game,
)
from unospec.spec.catalogue import load as catalogue  # ENGINE: only to list every option

PROFILES = ["official"]  # the profiles you implement; the harness asks for no other
# The options you implement (variant IDs, and rules with parameters). A scenario that needs
# another one is not applicable: certification is per profile and declared options. The
# reference engine implements them all.
OPTIONS = sorted(catalogue().options)  # ENGINE


def answer(msg, game):
    """The reply to one request (without ``seq``), and the game after it."""
    cmd = msg.get("cmd")
    if cmd == "hello":
        return {
            "ok": True,
            "protocol": 1,
            "implementation": {"name": "my-uno", "version": "1.0.0", "language": "python"},
            "profiles": PROFILES,
            "options": OPTIONS,
            "capabilities": ["load", "observe", "events"],  # leave out what you cannot do
        }, game
    if cmd == "new_game":
        if msg["profile"] not in PROFILES:
            return failure("unsupported", f"profile {msg['profile']}"), game
        return {"ok": True}, new_game(msg["players"], msg["profile"], msg["options"])  # ENGINE
    if cmd == "load":
        try:
            return {"ok": True}, load(msg["position"])  # ENGINE
        except PositionError as e:  # ENGINE: a position that cannot exist, and its field
            return failure("bad_request", str(e)), game
    if cmd not in ("legal_actions", "apply", "observe"):
        return failure("unsupported", f"unknown cmd {cmd!r}"), game
    if game is None:
        return failure("bad_request", "no game yet: send new_game or load"), game
    if cmd == "legal_actions":
        return {"ok": True, "actions": legal_actions(game)}, game  # ENGINE
    if cmd == "apply":
        try:
            after, events = apply(game, msg["action"])  # ENGINE
        except IllegalAction as refusal:  # ENGINE: the rule the action breaks, and why
            error = {"rule": refusal.rule, "reason": refusal.reason}
            return {"ok": True, "accepted": False, "error": error}, game  # game unchanged
        return {"ok": True, "accepted": True, "events": events}, after
    return {"ok": True, "position": dump(game)}, game  # observe  # ENGINE


def failure(code, message):
    return {"ok": False, "error": {"code": code, "message": message}}


def main():
    game = None
    for line in sys.stdin.buffer:  # bytes: a line that is not UTF-8 is answered, not fatal
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError) as e:  # not JSON: the error form, seq null; go on
            send({"seq": None, **failure("bad_request", f"not JSON: {e}")})
            continue
        if not isinstance(msg, dict):
            send({"seq": None, **failure("bad_request", "not a JSON object")})
            continue
        if msg.get("cmd") == "stop":
            break
        try:
            reply, game = answer(msg, game)
        except IllegalAction as e:  # a refused request, e.g. new_game with 11 players
            reply = failure("bad_request", e.reason)
            reply["error"]["rule"] = e.rule  # the rule it breaks: PLAYER-COUNT
        except Exception as e:  # never die on a request: say so, keep serving
            traceback.print_exc(file=sys.stderr)  # stderr is free for diagnostics
            reply = failure("internal", f"{type(e).__name__}: {e}")
        # exactly one line per request, carrying the request's seq
        send({"seq": msg.get("seq"), **reply})


def send(reply):
    """One answer line; stdout carries nothing else, and is flushed after every line."""
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
