"""A byte relay from plain TCP to a TLS server, for running Autobahn's cases (kosoku speaks ws only)
over Buzzer's own TLS: every frame kosoku sends crosses the server's TLS layer unchanged.

    python tls_relay.py TARGET_PORT   -> prints "relay on PORT", then relays until killed
"""
import asyncio
import ssl
import sys


async def main(target_port: int) -> None:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, ssl.SSLError):
            pass
        finally:
            try:
                writer.write_eof() if writer.can_write_eof() else writer.close()
            except (OSError, RuntimeError):
                writer.close()

    async def serve(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port, ssl=context)
        except (OSError, ssl.SSLError):
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))
        for writer in (client_writer, server_writer):
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    print(f"relay on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
