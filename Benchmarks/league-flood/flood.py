#!/usr/bin/env python3
"""Load client for Benchmarks/league-flood/run.sh (issue 28, defects 3 and 4). Standard library only.

  flood.py flood --port P [--probe P2 ...] --connections 120 --seconds 20
      120 threads, each asking GET /api/leagues/crown?asOf=MS with a date no other request used
      (one connection per request, as anonymous clients do), while a probe process asks GET /healthz
      every 200 ms on each --probe port (default: --port) and times it. Prints one JSON object: the flood's
      status counts, how many refusals carried Retry-After, HAProxy's own 503s, and /healthz
      latency p50/p95/max per probe port.

  flood.py results --port P --runs 5
      Creates a room from an inline pack over WebSocket (buzzer.v1), ends it, then times
      GET /api/rooms/CODE/results.csv with the host token. Prints one JSON object.

  flood.py nights --port P --archive DIR --phones 5
      A player's night question by question (GET /api/leagues/crown/me/games/KEY): phones of games
      spread over the year (device ids read from the archive's player_joined lines), each asking
      `…/me` for its night's key, then the night twice: the first replays the game, the second is
      the kept replay. Prints one JSON object.

  flood.py probe --port P --seconds 20
      The flood's health probe (a process of its own, so the flood's threads do not delay it).

Loopback only: every address is 127.0.0.1. Every loop is bounded in time or count.
"""
import argparse
import base64
import http.client
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"
DAY = 86_400_000
# The league bench's first night (2025-01-07 19:00 UTC) and a year after it.
FIRST = 1_736_276_400_000


def get(port, path, headers=None, timeout=30):
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Connection": "close", **(headers or {})})
        response = conn.getresponse()
        body = response.read()
        return response.status, dict(response.getheaders()), body, time.monotonic() - started
    finally:
        conn.close()


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def flood(args):
    stop_at = time.monotonic() + args.seconds
    lock = threading.Lock()
    counter = [0]
    statuses = {}
    retry_after = [0, 0]  # refusals with Retry-After, refusals in all
    proxy_503 = [0]
    errors = [0]

    def next_date():
        with lock:
            counter[0] += 1
            n = counter[0]
        # Distinct instants: a new day for each of the first 365, then a minute further each time round.
        return FIRST + (n % 365) * DAY + (n // 365) * 60_000

    def worker():
        while time.monotonic() < stop_at:
            try:
                status, headers, body, _ = get(args.port, f"/api/leagues/crown?asOf={next_date()}")
            except Exception:
                with lock:
                    errors[0] += 1
                continue
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                if status in (429, 503):
                    retry_after[1] += 1
                    if any(k.lower() == "retry-after" for k in headers):
                        retry_after[0] += 1
                    if b"No server is available" in body:
                        proxy_503[0] += 1

    # Each probe is a process of its own: in this one it would wait for the flood's threads (the GIL)
    # and time the client, not the server.
    probes = args.probe or [args.port]
    probers = [subprocess.Popen([sys.executable, __file__, "probe", "--port", str(p), "--seconds", str(args.seconds)],
                                stdout=subprocess.PIPE, text=True) for p in probes]
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(args.connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=args.seconds + 30)
    health = {}
    for port, prober in zip(probes, probers):
        text, _ = prober.communicate(timeout=args.seconds + 60)
        health[str(port)] = json.loads(text)
    out = {
        "connections": args.connections, "seconds": args.seconds,
        "requests": sum(statuses.values()), "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "refusalsWithRetryAfter": f"{retry_after[0]}/{retry_after[1]}", "haproxy503": proxy_503[0], "errors": errors[0],
        "healthz": health,
    }
    print(json.dumps(out))


def probe(args):
    """GET /healthz every 200 ms for --seconds; prints its latency p50/p95/max and statuses."""
    stop_at = time.monotonic() + args.seconds
    times, statuses = [], {}
    while time.monotonic() < stop_at:
        try:
            status, _, _, seconds = get(args.port, "/healthz", timeout=15)
        except Exception:
            status, seconds = -1, 15.0
        times.append(seconds * 1000)
        statuses[str(status)] = statuses.get(str(status), 0) + 1
        time.sleep(0.2)
    print(json.dumps({"n": len(times), "p50ms": round(statistics.median(times), 1) if times else None,
                      "p95ms": round(percentile(times, 0.95), 1) if times else None,
                      "maxms": round(max(times), 1) if times else None, "statuses": statuses}))


class WebSocket:
    """Just enough of RFC 6455 for a host: masked text frames out, unfragmented frames in."""

    def __init__(self, port):
        self.sock = socket.create_connection((HOST, port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: buzzer.v1\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(head.decode(errors="replace"))

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536
                                  else bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def next(self, kind, limit=200):
        for _ in range(limit):
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            if first & 0x0F != 1:
                continue
            message = json.loads(payload)
            if message.get("type") == kind:
                return message
            if message.get("type") == "error":
                raise RuntimeError(message)
        raise RuntimeError(f"no {kind}")


def results(args):
    pack = {"title": "Results bench", "questions": [
        {"kind": "choice", "category": "General", "text": "Which of these is a fruit?", "options": ["Apple", "Brick"], "answer": 0}]}
    host = WebSocket(args.port)
    host.send({"type": "create", "questions": pack})
    created = host.next("created")
    code, token = created["code"], created["hostToken"]
    host.send({"type": "end"})
    host.next("ended")
    times, statuses, size = [], {}, 0
    for _ in range(args.runs):
        status, _, body, seconds = get(args.port, f"/api/rooms/{code}/results.csv", {"Authorization": f"Bearer {token}"}, timeout=120)
        statuses[status] = statuses.get(status, 0) + 1
        times.append(seconds * 1000)
        size = len(body)
    print(json.dumps({"code": code, "runs": args.runs, "statuses": {str(k): v for k, v in statuses.items()},
                      "medianMs": round(statistics.median(times), 1), "minMs": round(min(times), 1), "maxMs": round(max(times), 1),
                      "bytes": size}))


def nights(args):
    """One phone from each of `phones` games spread over the archive (its files read once for the
    device ids), each asking for its night twice."""
    devices = []
    for name in sorted(os.listdir(args.archive)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(args.archive, name), encoding="utf-8") as f:
            for line in f:
                if '"player_joined"' not in line:
                    continue
                device = json.loads(line).get("device_id")
                if device and (not devices or devices[-1][1] != device.rsplit("-", 1)[0]):
                    devices.append((device, device.rsplit("-", 1)[0]))
    step = max(1, len(devices) // args.phones)
    picked = [device for device, _ in devices[::step]][:args.phones]
    first, again, rows = [], [], []
    for device in picked:
        auth = {"Authorization": f"Bearer {device}"}
        status, _, body, _ = get(args.port, "/api/leagues/crown/me", auth, timeout=120)
        if status != 200:
            raise SystemExit(f"…/me for {device}: {status} {body[:200]!r}")
        key = json.loads(body)["nights"][0]["game"]
        timings = []
        for _ in range(2):
            status, _, body, seconds = get(args.port, f"/api/leagues/crown/me/games/{key}", auth, timeout=300)
            if status != 200:
                raise SystemExit(f"night {key} for {device}: {status} {body[:200]!r}")
            timings.append(seconds * 1000)
        first.append(timings[0])
        again.append(timings[1])
        rows.append({"game": key, "firstMs": round(timings[0], 1), "againMs": round(timings[1], 1),
                     "questions": len(json.loads(body)["questions"]), "bytes": len(body)})
    print(json.dumps({"phones": len(rows), "firstMedianMs": round(statistics.median(first), 1), "firstMaxMs": round(max(first), 1),
                      "againMedianMs": round(statistics.median(again), 1), "nights": rows}))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode", required=True)
    f = sub.add_parser("flood")
    f.add_argument("--port", type=int, required=True)
    f.add_argument("--probe", type=int, action="append")
    f.add_argument("--connections", type=int, default=120)
    f.add_argument("--seconds", type=float, default=20)
    p = sub.add_parser("probe")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--seconds", type=float, default=20)
    r = sub.add_parser("results")
    r.add_argument("--port", type=int, required=True)
    r.add_argument("--runs", type=int, default=5)
    n = sub.add_parser("nights")
    n.add_argument("--port", type=int, required=True)
    n.add_argument("--archive", required=True)
    n.add_argument("--phones", type=int, default=5)
    args = parser.parse_args()
    if args.mode == "flood":
        args.connections = max(1, min(args.connections, 1000))
        args.seconds = max(1.0, min(args.seconds, 600.0))
        flood(args)
    elif args.mode == "probe":
        args.seconds = max(1.0, min(args.seconds, 600.0))
        probe(args)
    elif args.mode == "nights":
        args.phones = max(1, min(args.phones, 50))
        nights(args)
    else:
        args.runs = max(1, min(args.runs, 100))
        results(args)


if __name__ == "__main__":
    main()
