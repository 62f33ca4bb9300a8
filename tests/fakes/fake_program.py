"""A program under test that misbehaves on purpose (to test the harness itself).

Usage: python fake_program.py MODE [AFTER]

It answers like the reference (``unospec serve``) for the first AFTER requests (default
6: past the handshake and into the first game), then:

hang          stops answering
crash         exits with status 3
garbage       prints a line that is not JSON
long          prints a 10 MB line
wrong_seq     answers with the wrong sequence number
old_protocol  claims protocol version 0 in the handshake (at once)
stderr_flood  writes 20 MB to stderr, then goes on answering correctly
accept_all    accepts every action (legal or not) without changing anything
refuse_all    refuses every action
refuse_crash  refuses every action, and exits (status 4) at an apply five requests later
              (with pipelined requests, while the harness still reads the replies in flight)
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    from unospec.serve import Server

    server = Server()
    count = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        count += 1
        answer = server.handle(msg)
        if answer is None:
            return
        reply = json.dumps(answer) + "\n"
        if mode == "old_protocol" and msg.get("cmd") == "hello":
            data = json.loads(reply)
            data["protocol"] = 0
            reply = json.dumps(data) + "\n"
        elif count > after:
            if mode == "hang":
                sys.stdin.read()  # never answer again
                return
            if mode == "crash":
                sys.exit(3)
            if mode == "garbage":
                reply = "this is not json\n"
            elif mode == "long":
                reply = '{"seq": ' + str(msg.get("seq")) + ', "pad": "' + "x" * 10_000_000 + '"}\n'
            elif mode == "wrong_seq":
                data = json.loads(reply)
                data["seq"] = (data.get("seq") or 0) + 1000
                reply = json.dumps(data) + "\n"
            elif mode == "stderr_flood" and count == after + 1:
                sys.stderr.write("noise " * 3_500_000)
                sys.stderr.flush()
            elif mode == "accept_all" and msg.get("cmd") == "apply":
                reply = (
                    json.dumps({"seq": msg["seq"], "ok": True, "accepted": True, "events": []})
                    + "\n"
                )
            elif mode == "refuse_crash" and msg.get("cmd") == "apply" and count > after + 5:
                sys.exit(4)
            elif mode in ("refuse_all", "refuse_crash") and msg.get("cmd") == "apply":
                reply = (
                    json.dumps(
                        {
                            "seq": msg["seq"],
                            "ok": True,
                            "accepted": False,
                            "error": {
                                "rule": "P-ILLEGAL-PLAY-REJECTED",
                                "reason": "I refuse everything",
                            },
                        }
                    )
                    + "\n"
                )
        sys.stdout.write(reply)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
