"""Interoperability check with an independent client: the Python `websockets` library.

Connects to a running `buzzer echo`, negotiates permessage-deflate, echoes text and binary
messages of many sizes (compressible and not), checks a shootout broadcast, and closes cleanly.
Prints one JSON line with what it saw; exits non-zero on any mismatch.
"""
import asyncio
import json
import os
import sys

import websockets


async def main(url: str) -> int:
    report = {"extensions": None, "echoed": 0, "close_code": None}
    async with websockets.connect(url, compression="deflate", max_size=None, ping_interval=None) as ws:
        report["extensions"] = ws.response.headers.get("Sec-WebSocket-Extensions")
        if not report["extensions"] or "permessage-deflate" not in report["extensions"]:
            print(json.dumps(report))
            print("server did not negotiate permessage-deflate", file=sys.stderr)
            return 1
        for size in (0, 1, 125, 126, 127, 1000, 65535, 65536, 65537, 1 << 20):
            text = ("Buzzer ∫ x² dx " * (size // 16 + 1))[:size]
            await ws.send(text)
            if await ws.recv() != text:
                print(f"text echo mismatch at {size}", file=sys.stderr)
                return 1
            noise = os.urandom(size)
            await ws.send(noise)
            if await ws.recv() != noise:
                print(f"binary echo mismatch at {size}", file=sys.stderr)
                return 1
            report["echoed"] += 2
        # A fragmented message from the client side.
        await ws.send(["frag", "mented ", "message"])
        if await ws.recv() != "fragmented message":
            print("fragmented echo mismatch", file=sys.stderr)
            return 1
        report["echoed"] += 1
        await ws.send(json.dumps({"type": "broadcast", "payload": {"n": 7}}))
        first = json.loads(await ws.recv())
        second = json.loads(await ws.recv())
        if first != {"type": "broadcast", "payload": {"n": 7}} or second.get("type") != "broadcastResult" or second.get("listenerCount") != 1:
            print(f"broadcast mismatch: {first} {second}", file=sys.stderr)
            return 1
        pong = await ws.ping(b"are you there")
        await asyncio.wait_for(pong, 5)
        await ws.close(1000, "done")
        report["close_code"] = ws.close_code
    print(json.dumps(report))
    return 0 if report["close_code"] == 1000 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
