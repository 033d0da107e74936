"""A webhook receiver for the end-to-end tests: a real HTTP server on loopback that keeps
every delivery it gets, answers as it is told (to play an outage), and checks signatures
with PyPI's `standardwebhooks`, the specification's reference verifier.

    python3 receiver.py            prints "listening PORT", stops when stdin closes

    POST /hook                     a delivery: kept, answered per the mode
    PUT  /mode?answer=ok|500|hang|redirect|big   how to answer from now on
    PUT  /mode?answer=ok&first=500 a message's first attempt (by webhook-id) gets the
                                   first answer, its retries the other: each meets an
                                   outage whose end never depends on how soon a test
                                   asks for it (a retry comes 5 s later)
    PUT  /secret?value=whsec_...   a secret deliveries are verified with (on arrival: the
                                   verifier also refuses a timestamp 5 minutes off)
    GET  /deliveries               {"raw": n, "unverified": n, "unique": [{id, type, data, ...}]}
                                   (accepted and verified, unique by webhook-id, in order)
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

lock = threading.Lock()
deliveries = []  # (headers dict, body bytes)
mode = {"answer": "ok", "first": None}
attempted = set()  # webhook-ids
secrets = []


def verified(headers, body):
    for secret in list(secrets):
        try:
            return Webhook(secret).verify(body, headers)
        except WebhookVerificationError:
            continue
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        headers = {k.lower(): v for k, v in self.headers.items()}
        payload = verified(headers, body)
        with lock:
            message = headers.get("webhook-id")
            answer = mode["first"] if mode["first"] and message not in attempted else mode["answer"]
            attempted.add(message)
            deliveries.append((headers, payload, answer in ("ok", "big")))
        if answer == "hang":
            # Kept (as not answered) first, so a test sees the delivery is in flight.
            time.sleep(30)
            return
        if answer == "500":
            self.reply(500, b"down for maintenance")
        elif answer == "redirect":
            self.reply(302, headers=[("Location", "http://127.0.0.1:9/elsewhere")])
        elif answer == "big":
            self.reply(200, b"x" * (10 * 1024 * 1024))
        else:
            self.reply(204)

    def do_PUT(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/secret":
            secrets.append(query["value"][0])
        else:
            with lock:
                mode.update(answer=query.get("answer", ["ok"])[0], first=query.get("first", [None])[0])
        self.reply(204)

    def do_GET(self):
        with lock:
            kept = list(deliveries)
        unique, seen = [], set()
        for headers, payload, accepted in kept:
            if payload is None or not accepted or headers["webhook-id"] in seen:
                continue
            seen.add(headers["webhook-id"])
            unique.append({"id": headers["webhook-id"], "timestamp": int(headers["webhook-timestamp"]), "type": payload["type"],
                           "data": payload["data"]})
        answer = {"raw": len(kept), "unverified": sum(1 for k in kept if k[1] is None), "unique": unique}
        self.reply(200, json.dumps(answer).encode(), [("Content-Type", "application/json")])


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print("listening", server.server_address[1], flush=True)
sys.stdin.read()
