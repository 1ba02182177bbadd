#!/usr/bin/env python3
"""Reference "websocket-shootout" server, only for checking the shootout client.

Uses the Python `websockets` library (asyncio API). Same protocol and start-up line as
`buzzer echo --port N`:
  {"type":"echo","payload":P}      -> sent back unchanged
  {"type":"broadcast","payload":P} -> {"type":"broadcast","payload":P} to every client, then
                                      {"type":"broadcastResult","payload":P,"listenerCount":N} to the sender
  anything else                    -> echoed as-is
Prints "listening on 127.0.0.1:PORT" once ready. Slow (pure Python): use small client counts.
"""
import argparse
import asyncio
import json
import signal

from websockets.asyncio.server import broadcast, serve

clients = set()
fragment_size = 0


async def reply(ws, message):
    """Sends one message, as continuation frames of fragment_size bytes when set (RFC 6455 section 5.4)."""
    if fragment_size and len(message) > fragment_size:
        await ws.send([message[i:i + fragment_size] for i in range(0, len(message), fragment_size)])
    else:
        await ws.send(message)


async def handler(ws):
    clients.add(ws)
    try:
        async for message in ws:
            try:
                obj = json.loads(message)
            except (ValueError, TypeError):
                obj = None
            if isinstance(obj, dict) and obj.get("type") == "broadcast":
                payload = obj.get("payload")
                # Re-serialised on purpose (spaces after ':' and ','): the client must not
                # depend on the server's exact JSON formatting.
                broadcast(clients, json.dumps({"type": "broadcast", "payload": payload}))
                await reply(ws, json.dumps({"type": "broadcastResult", "payload": payload,
                                           "listenerCount": len(clients)}))
            else:
                await reply(ws, message)
    finally:
        clients.discard(ws)


async def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--backlog", type=int, default=100)
    ap.add_argument("--ping-interval", type=float, default=None,
                    help="send keepalive pings every N seconds (exercises the client's pong)")
    ap.add_argument("--fragment-size", type=int, default=0,
                    help="send echoes and broadcastResults as fragments of N characters (exercises reassembly)")
    args = ap.parse_args()
    global fragment_size
    fragment_size = args.fragment_size
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    async with serve(handler, args.host, args.port, compression=None, max_size=2**24,
                     ping_interval=args.ping_interval, backlog=args.backlog) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening on {args.host}:{port}", flush=True)
        await stop


if __name__ == "__main__":
    asyncio.run(main())
