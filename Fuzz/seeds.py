#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/seeds/: the RFC 6455 and RFC 7692 example vectors for the codec targets,
the client messages of docs/protocol.md, and real archive lines of both formats.

A codec seed is `[flags] [4 chunk sizes] payload` (see FuzzInput.swift). Client frames are masked with the
key from RFC 6455 §5.7, because a server must reject unmasked ones (§5.1).
Run from anywhere: python3 Fuzz/seeds.py
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = bytes([0x37, 0xFA, 0x21, 0x3D])  # RFC 6455 §5.7


def frame(first, payload, length=None):
    """A masked client frame: `first` is FIN/RSV/opcode, `length` overrides the declared length."""
    n = len(payload) if length is None else length
    if n < 126:
        head = bytes([first, 0x80 | n])
    elif n < 65536:
        head = bytes([first, 0x80 | 126]) + struct.pack(">H", n)
    else:
        head = bytes([first, 0x80 | 127]) + struct.pack(">Q", n)
    return head + KEY + bytes(b ^ KEY[i % 4] for i, b in enumerate(payload))


def write(target, name, flags, chunks, payload):
    """`flags` and `chunks` are the FuzzInput header of the codec targets; None for targets without one."""
    folder = os.path.join(HERE, "seeds", target)
    os.makedirs(folder, exist_ok=True)
    header = b"" if flags is None else bytes([flags]) + bytes(chunks)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(header + payload)


WHOLE = [255, 255, 255, 255]
BYTES = [0, 0, 0, 0]
MIXED = [2, 0, 6, 1]
DEFLATE = 0x01 | (7 << 3)  # negotiated, client_max_window_bits=15
close_normal = frame(0x88, struct.pack(">H", 1000))

# RFC 6455 §5.7.
connection = {
    "text-hello": (0, frame(0x81, b"Hello")),
    "text-fragmented": (0, frame(0x01, b"Hel") + frame(0x80, b"lo")),
    "ping-hello": (0, frame(0x89, b"Hello")),
    "pong-hello": (0, frame(0x8A, b"Hello")),
    "binary-256": (0, frame(0x82, bytes(range(256)))),
    "binary-64k-header": (0, frame(0x82, b"", length=65536)[:14] + b"\x00" * 32),
    "ping-between-fragments": (0, frame(0x01, b"Hel") + frame(0x89, b"") + frame(0x80, b"lo")),
    "close-1000": (0, frame(0x81, b"bye") + close_normal),
    "close-reason-utf8": (0, frame(0x88, struct.pack(">H", 1001) + "κόσμε".encode())),
    # RFC 7692 §7.2.3.1-§7.2.3.5.
    "deflate-hello": (DEFLATE, frame(0xC1, bytes.fromhex("f248cdc9c90700"))),
    "deflate-context-takeover": (DEFLATE, frame(0xC1, bytes.fromhex("f248cdc9c90700")) + frame(0xC1, bytes.fromhex("f200110000"))),
    "deflate-no-compression-block": (DEFLATE, frame(0xC1, bytes.fromhex("000500faff48656c6c6f00"))),
    "deflate-bfinal": (DEFLATE, frame(0xC1, bytes.fromhex("f348cdc9c907000000"))),
    "deflate-fragmented": (DEFLATE, frame(0x41, bytes.fromhex("f248cd")) + frame(0x80, bytes.fromhex("c9c90700"))),
    "deflate-two-blocks": (DEFLATE, frame(0xC1, bytes.fromhex("f24805000000ffffcac9c90700"))),
    "deflate-no-context-takeover": (DEFLATE | 0x02, frame(0xC1, bytes.fromhex("f248cdc9c90700")) * 2 + close_normal),
}
for name, (flags, payload) in connection.items():
    write("connection", name, flags, WHOLE, payload)
    write("connection", name + "-split", flags, MIXED, payload)
write("connection", "text-hello-bytewise", 0, BYTES, connection["text-hello"][1])
write("connection", "tight-limits", 0x40, MIXED, frame(0x82, bytes(100)) + frame(0x02, b"a") + frame(0x00, b"b") * 5)

# RFC 6455 §1.3 / §4.1 and RFC 7692 §5 offers.
def upgrade(extra=b"", target=b"/chat"):
    return (b"GET " + target + b" HTTP/1.1\r\nHost: server.example.com\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Origin: http://example.com\r\nSec-WebSocket-Protocol: chat, superchat\r\n"
            b"Sec-WebSocket-Version: 13\r\n" + extra + b"\r\n")

handshake = {
    "rfc6455-request": (0, upgrade()),
    "deflate-offer": (0, upgrade(b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n")),
    "deflate-offers-rfc7692": (2, upgrade(b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits; "
                                          b"server_max_window_bits=10, permessage-deflate; client_max_window_bits\r\n")),
    "deflate-no-context": (0, upgrade(b"Sec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; "
                                      b"client_no_context_takeover; client_max_window_bits=\"8\"\r\n")),
    "restricted-policy": (0x38, upgrade(b"Sec-WebSocket-Protocol: buzzer.v1\r\n", target=b"/ws?room=ABCD")),
    "plain-get-http10": (0, b"GET / HTTP/1.0\r\n\r\n"),
    "bare-lf-pipelined": (0, b"\nGET /a HTTP/1.1\nHost: x\n\n" + upgrade() + frame(0x81, b"Hello")),
    "version-8": (0, upgrade().replace(b"Version: 13", b"Version: 8")),
    "post-with-body": (0, upgrade(b"Content-Length: 5\r\n").replace(b"GET", b"POST") + b"hello"),
    "tight-limits": (1, upgrade()),
}
for name, (flags, payload) in handshake.items():
    write("handshake", name, flags, WHOLE, payload)
    write("handshake", name + "-split", flags, MIXED, payload)

# Client messages (docs/protocol.md): the message bytes alone, no header.
def client_json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()

def answer(kind, **fields):
    return {"type": "answer", "question": 4, "answer": {"kind": kind, **fields}}

with open(os.path.join(HERE, "..", "questions", "pub-classics.json"), "rb") as f:
    pub_classics = json.load(f)
client = {
    "create-library": {"type": "create", "pack": "pub-classics", "settings": {"scoring": "flat", "timeLimitSeconds": 30}},
    "create-inline": {"type": "create", "questions": {"title": "My Night", "questions": [
        {"kind": "truefalse", "category": "Fun", "text": "Water is wet.", "answer": True}]}},
    "create-pub-classics": {"type": "create", "questions": pub_classics, "settings": {"readingTimeMs": 0}},
    "host": {"type": "host", "code": "K7QM2X", "token": "9f0c3e7a5b1d4c2e8f6a0b9c7d5e3f1a"},
    "join": {"type": "join", "code": "k7qm2x", "nickname": "Quizzy McQuizface", "team": "The Owls", "device": "d-1"},
    "join-unicode": {"type": "join", "code": "K7QM2X", "nickname": "Zoë \u0410da 🦉"},
    "resume": {"type": "resume", "code": "K7QM2X", "token": "b1946ac92492d2347c6235b4d2611184"},
    "watch": {"type": "watch", "code": "K7QM2X"},
    "kick": {"type": "kick", "player": 7, "ban": True},
    "adjust-player": {"type": "adjust", "player": 7, "delta": -100, "reason": "phone out"},
    "adjust-team": {"type": "adjust", "team": 2, "delta": 50},
    "accept": {"type": "accept", "question": 3, "text": "Beatles"},
    "answer-choice": answer("choice", option=2),
    "answer-multi": answer("multi", options=[0, 2, 3]),
    "answer-truefalse": answer("truefalse", value=False),
    "answer-text": answer("text", text="the beatles"),
    "answer-number": answer("number", value=1969.5),
    "answer-poll": answer("poll", option=0),
    "answer-order": answer("order", order=[2, 0, 3, 1]),
    "wager": {"type": "wager", "question": 4, "amount": 3},
}
for simple in ["start", "next", "close", "reveal", "leaderboard", "end", "lock", "unlock", "leave"]:
    client[simple] = {"type": simple}
for name, message in client.items():
    write("client", name, None, None, client_json(message))
# Rejections: not JSON, not an object, escapes, a duplicate key, an unknown type.
write("client", "escaped", None, None, rb'{"type":"join","code":"A\u0042","nickname":"\ud83e\udd89 \"Owl\"\n"}')
write("client", "duplicate-key", None, None, b'{"type":"watch","code":"A","code":"B"}')
write("client", "unknown-type", None, None, b'{"type":"dance","code":"A"}')
write("client", "array", None, None, b'[{"type":"start"}]')
write("client", "truncated", None, None, b'{"type":"answer","question":4,"answer":{"kind":"cho')

# Archive log files (docs/archive-format.md): `[chunk] file bytes`, the reader's small buffer is 16 + chunk.
# Format 1 is the replay test fixture; format 2 lines are from `buzzer replay generate` plus hand-written
# lines of the event types it does not write (Fuzz/archive-v2-sample.jsonl).
fixture = os.path.join(HERE, "..", "Tests", "BuzzerReplayTests", "Fixtures", "archive-v1")
v1_lines = []
for name in sorted(os.listdir(fixture)):
    with open(os.path.join(fixture, name), "rb") as f:
        v1_lines += f.read().splitlines(keepends=True)
with open(os.path.join(HERE, "archive-v2-sample.jsonl"), "rb") as f:
    v2_lines = f.read().splitlines(keepends=True)

def archive(name, chunk, data):
    write("archive", name, None, None, bytes([chunk]) + data)

for version, lines in (("v1", v1_lines), ("v2", v2_lines)):
    for i, line in enumerate(lines):
        kind = json.loads(line)["type"]
        archive(f"{version}-{i:02d}-{kind}", 40, line)
    archive(f"{version}-first-lines", 0, b"".join(lines[1:8]))
    archive(f"{version}-torn-tail", 7, b"".join(lines[1:4]) + lines[4][:30])
    archive(f"{version}-nul-tail", 200, b"".join(lines[1:3]) + b"\0" * 64)
    archive(f"{version}-gap-and-repeat", 3, lines[1] + lines[3] + lines[3])
archive("escaped-room", 16, rb'{"v":2,"seq":9,"time":1,"room":"K\u0044LT","type":"answers_opened","sequence":0}' + b"\n")
archive("corrupt-middle", 16, v2_lines[1] + b'{"v":2,"seq":2,"time"\n' + v2_lines[2])
