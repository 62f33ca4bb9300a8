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
ok            answers like the reference throughout
hang_hello    never answers, not even the handshake
protocol99    claims protocol version 99 in the handshake
fork          forks a child (it stays in the process group) that sleeps for ever, then answers
setsid        starts a child that leaves the session (setsid) and forks a grandchild,
              both sleeping for ever, then answers
bad_utf8      answers with a line that is not valid UTF-8
crash_stderr  writes "crash of process PID" on stderr and exits (status 5) at once

With FAKE_PIDS set to a file name, the program appends its own pid and those of the
processes it starts to that file (one per line), so a test can check none survives.
"""

from __future__ import annotations

import json
import os
import sys
import time


def record(pid: int) -> None:
    if path := os.environ.get("FAKE_PIDS"):
        with open(path, "a") as f:
            f.write(f"{pid}\n")


def sleep_for_ever() -> None:
    os.closerange(0, 3)  # hold none of the harness's pipes
    while True:
        time.sleep(60)


def start_children(mode: str) -> None:
    if mode == "fork":
        if (pid := os.fork()) == 0:
            sleep_for_ever()
        record(pid)
    elif mode == "setsid":
        read, write = os.pipe()
        if os.fork() == 0:
            os.setsid()
            record(os.getpid())
            if (grandchild := os.fork()) == 0:
                sleep_for_ever()
            record(grandchild)
            os.write(write, b"x")
            sleep_for_ever()
        os.read(read, 1)  # the pids are on file before the handshake


def main() -> None:
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    record(os.getpid())
    if mode == "hang_hello":
        while True:  # holds its pipes open, answers nothing
            time.sleep(60)
    if mode == "crash_stderr":
        sys.stderr.write(f"crash of process {os.getpid()}\n")
        sys.exit(5)
    start_children(mode)
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
        if mode in ("old_protocol", "protocol99") and msg.get("cmd") == "hello":
            data = json.loads(reply)
            data["protocol"] = 0 if mode == "old_protocol" else 99
            reply = json.dumps(data) + "\n"
        elif count > after:
            if mode == "hang":
                sys.stdin.read()  # never answer again
                return
            if mode == "crash":
                sys.exit(3)
            if mode == "garbage":
                reply = "this is not json\n"
            elif mode == "bad_utf8":
                sys.stdout.buffer.write(
                    b'{"seq": ' + str(msg.get("seq")).encode() + b', "x": "\xff"}\n'
                )
                sys.stdout.flush()
                continue
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
            elif mode == "cite_other" and answer.get("accepted") is False:
                # right to refuse, but under a rule that has nothing to do with it
                reply = json.dumps({**answer, "error": {**answer["error"], "rule": "DRAW-ONE"}})
                reply += "\n"
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
