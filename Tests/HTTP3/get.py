"""One HTTP/3 GET over QUIC with aioquic (PyPI), as a browser that has seen Alt-Svc makes it.

Usage: get.py ADDRESS PORT HOST PATH ROOT_PEM
Connects to ADDRESS:PORT over UDP naming HOST in TLS (SNI) and :authority, trusts only
ROOT_PEM, and prints the status, the ALPN spoken and the body.
"""

import asyncio
import sys

from aioquic.asyncio import connect
from aioquic.asyncio.protocol import QuicConnectionProtocol
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration


class Client(QuicConnectionProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.http = H3Connection(self._quic)
        self.status = None
        self.body = b""
        self.done = asyncio.Event()
        self.stream = None

    def quic_event_received(self, event):
        for answer in self.http.handle_event(event):
            if getattr(answer, "stream_id", None) != self.stream:
                continue
            if isinstance(answer, HeadersReceived):
                self.status = dict(answer.headers).get(b":status", b"?").decode()
            elif isinstance(answer, DataReceived):
                self.body += answer.data
            if getattr(answer, "stream_ended", False):
                self.done.set()


async def main(address, port, host, path, root):
    configuration = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN, server_name=host)
    configuration.load_verify_locations(root)
    async with connect(address, port, configuration=configuration, create_protocol=Client) as client:
        stream = client.stream = client._quic.get_next_available_stream_id()
        client.http.send_headers(
            stream,
            [(b":method", b"GET"), (b":scheme", b"https"), (b":authority", f"{host}:{port}".encode()), (b":path", path.encode()),
             (b"user-agent", b"unilink-http3-test")],
            end_stream=True,
        )
        client.transmit()
        await asyncio.wait_for(client.done.wait(), 10)
        print(client.status, client._quic.tls.alpn_negotiated)
        print(client.body.decode(errors="replace"))


if __name__ == "__main__":
    address, port, host, path, root = sys.argv[1:6]
    asyncio.run(asyncio.wait_for(main(address, int(port), host, path, root), 20))
