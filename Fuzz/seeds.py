#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/seeds/ from the RFC 6455 and RFC 7692 example vectors.

Each seed is `[flags] [4 chunk sizes] payload` (see FuzzInput.swift). Client frames are masked with the
key from RFC 6455 §5.7, because a server must reject unmasked ones (§5.1).
Run from anywhere: python3 Fuzz/seeds.py
"""
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
    folder = os.path.join(HERE, "seeds", target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(bytes([flags]) + bytes(chunks) + payload)


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
