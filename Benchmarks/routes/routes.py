#!/usr/bin/env python3
"""Client for Benchmarks/routes/run.sh (issue 39, findings 3 and 4). Standard library only.

  routes.py ends --port P --pairs 20 --after 5
      /healthz timed every 50 ms (its own thread) while PAIRS anonymous rooms are created with an
      inline pack and ended at once over WebSocket (buzzer.v1), one connection each, then for AFTER
      seconds more (the work a room's end starts runs off the loops, after the end). Prints one JSON
      object: the pairs' time and /healthz latency p50/p95/max.

  routes.py corrections --port P --runs 200
      GET /api/games/CODE/corrections with a wrong key, alternating a code that names a game (a room
      created for it) and codes that name none, one connection each. Prints each one's p50 and mean
      and the difference of the p50s, in ms.

Loopback only. Every loop is bounded in time or count.
"""
import argparse
import json
import os
import random
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "league-flood"))
from flood import WebSocket, get, percentile  # noqa: E402

PACK = {"title": "Anonymous", "questions": [
    {"kind": "choice", "category": "General", "text": "Which of these is a fruit?", "options": ["Apple", "Brick"], "answer": 0}]}


def ends(args):
    times, stop = [], threading.Event()

    def probe():
        while not stop.is_set():
            try:
                _, _, _, seconds = get(args.port, "/healthz", timeout=15)
            except Exception:
                seconds = 15.0
            times.append(seconds * 1000)
            time.sleep(0.05)

    thread = threading.Thread(target=probe)
    thread.start()
    started = time.monotonic()
    for _ in range(args.pairs):
        host = WebSocket(args.port)
        host.send({"type": "create", "questions": PACK})
        host.next("created")
        host.send({"type": "end"})
        host.next("ended")
        host.sock.close()
    pairs_s = time.monotonic() - started
    time.sleep(args.after)
    stop.set()
    thread.join()
    print(json.dumps({"pairs": args.pairs, "pairsSeconds": round(pairs_s, 2), "healthz": {
        "n": len(times), "p50ms": round(statistics.median(times), 2), "p95ms": round(percentile(times, 0.95), 2),
        "maxms": round(max(times), 2)}}))


def corrections(args):
    host = WebSocket(args.port)
    host.send({"type": "create", "questions": PACK})
    known = host.next("created")["code"]
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    timings = {"known": [], "unknown": []}
    statuses = {}
    for n in range(2 * args.runs):
        kind = "known" if n % 2 == 0 else "unknown"
        code = known if kind == "known" else "".join(random.choice(alphabet) for _ in range(len(known)))
        status, _, _, seconds = get(args.port, f"/api/games/{code}/corrections", {"Authorization": "Bearer not-the-key"})
        statuses[f"{kind} {status}"] = statuses.get(f"{kind} {status}", 0) + 1
        timings[kind].append(seconds * 1000)
    host.sock.close()
    out = {k: {"p50ms": round(statistics.median(v), 3), "meanms": round(statistics.mean(v), 3)} for k, v in timings.items()}
    out["p50DifferenceMs"] = round(abs(out["known"]["p50ms"] - out["unknown"]["p50ms"]), 3)
    out["statuses"] = statuses
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode", required=True)
    e = sub.add_parser("ends")
    e.add_argument("--port", type=int, required=True)
    e.add_argument("--pairs", type=int, default=20)
    e.add_argument("--after", type=float, default=5)
    c = sub.add_parser("corrections")
    c.add_argument("--port", type=int, required=True)
    c.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    {"ends": ends, "corrections": corrections}[args.mode](args)


if __name__ == "__main__":
    main()
