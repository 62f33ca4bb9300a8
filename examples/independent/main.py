"""The independent UNO engine behind the unospec live protocol (JSON Lines on stdin/stdout).

Run:  python examples/independent/main.py
Then write requests such as {"cmd":"hello","seq":1,"protocol":1}, one per line.
Standard library only; stdout carries nothing but answers, diagnostics go to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from uno_engine import Game, Refusal, TableRules, Unsupported  # noqa: E402

PROTOCOL = 1
OBSERVES = ["players", "phase", "to_act", "direction", "dealer", "colour", "hands", "draw_pile",
            "discard_pile", "uno", "scores", "round", "winner", "chance"]


class NoGame(Exception):
    """A request that needs a game before any new_game or load."""


class Session:
    """One connection: holds the current game and answers requests."""

    def __init__(self, out):
        self.out = out
        self.game: Game | None = None

    def send(self, message: dict) -> None:
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    @staticmethod
    def failure(seq, code: str, message: str) -> dict:
        return {"seq": seq, "ok": False, "error": {"code": code, "message": message}}

    # Each cmd_* method returns the answer (without seq) or raises.
    def cmd_hello(self, msg: dict) -> dict:
        return {"ok": True, "protocol": PROTOCOL,
                "implementation": {"name": "unospec-independent", "version": "1.0.0", "language": "python"},
                "profiles": ["official"], "options": TableRules.DECLARED,
                "capabilities": ["load", "observe", "events"],
                "observes": OBSERVES}

    def cmd_new_game(self, msg: dict) -> dict:
        if msg.get("profile") != "official":
            raise Unsupported(f"profile {msg.get('profile')!r} (only official)")
        try:
            self.game = Game(msg.get("players"), msg.get("options"))
        except Refusal as r:
            return {"ok": False, "error": {"code": "bad_request", "message": f"{r.rule}: {r.reason}", "rule": r.rule}}
        return {"ok": True}

    def cmd_load(self, msg: dict) -> dict:
        try:
            self.game = Game.restore(msg.get("position"))
        except (ValueError, TypeError, KeyError) as e:
            return {"ok": False, "error": {"code": "bad_request", "message": f"invalid position: {e}"}}
        return {"ok": True}

    def cmd_legal_actions(self, msg: dict) -> dict:
        return {"ok": True, "actions": self.current().legal_moves()}

    def cmd_apply(self, msg: dict) -> dict:
        game = self.current()
        try:
            events = game.perform(msg.get("action"))
        except Refusal as r:
            return {"ok": True, "accepted": False, "error": r.as_error()}
        return {"ok": True, "accepted": True, "events": events}

    def cmd_observe(self, msg: dict) -> dict:
        return {"ok": True, "position": self.current().snapshot()}

    def current(self) -> Game:
        if self.game is None:
            raise NoGame("no game: send new_game or load first")
        return self.game

    def handle(self, line: str) -> bool:
        """Answer one request line; False when the session should end."""
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as e:
            self.send(self.failure(None, "bad_request", f"not JSON: {e.msg}"))
            return True
        if not isinstance(msg, dict):
            self.send(self.failure(None, "bad_request", "a request is a JSON object"))
            return True
        seq, cmd = msg.get("seq"), msg.get("cmd")
        if cmd == "stop":
            return False
        method = getattr(self, f"cmd_{cmd}", None) if isinstance(cmd, str) else None
        if method is None:
            self.send(self.failure(seq, "bad_request", f"unknown cmd {cmd!r}"))
            return True
        try:
            answer = method(msg)
        except Unsupported as e:
            answer = {"ok": False, "error": {"code": "unsupported", "message": str(e)}}
        except NoGame as e:
            answer = {"ok": False, "error": {"code": "bad_request", "message": str(e)}}
        except Exception as e:  # never die on a request
            traceback.print_exc(file=sys.stderr)
            answer = {"ok": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}
        self.send({"seq": seq, **answer})
        return True


def main() -> int:
    session = Session(sys.stdout)
    for line in sys.stdin:
        if line.strip() and not session.handle(line):
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
