#!/usr/bin/env python3
"""A small OpenID Connect provider for Unilink's single sign-on tests, on joserfc (PyPI).

Real enough to be the other side of the authorization code flow with PKCE: a discovery
document, /authorize (no login form: it signs in the person set through /control and sends
the browser back with a code), /token (client secret, code once, PKCE S256 checked),
/jwks with RS256 and ES256 keys. /control lets a test set the person and the claims, and
make the next ID token wrong in one way (an audience, an expiry, a nonce, an issuer, a
signature algorithm) or rotate the signing key. Loopback only; prints "listening on PORT",
and exits when its standard input closes (the test that started it ended, however it ended).

Usage: provider.py CLIENT_ID CLIENT_SECRET [PORT=0]
"""
import base64, hashlib, hmac, json, os, secrets, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlparse

from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey

CLIENT_ID, CLIENT_SECRET = sys.argv[1], sys.argv[2]
PORT = int(sys.argv[3]) if len(sys.argv) > 3 else 0
lock = threading.Lock()
state = {
    "keys": [RSAKey.generate_key(2048, parameters={"kid": "rsa-1", "alg": "RS256", "use": "sig"}),
             ECKey.generate_key("P-256", parameters={"kid": "ec-1", "alg": "ES256", "use": "sig"})],
    "alg": "RS256",
    "person": {"sub": "person-1", "email": "ana@example.com", "email_verified": True, "name": "Ana"},
    "mode": "normal",
    "codes": {},
    "rotations": 0,
}


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def id_token(issuer, code):
    now = int(time.time())
    claims = dict(code["person"])
    claims.update({"iss": issuer, "aud": CLIENT_ID, "iat": now, "exp": now + 300, "nonce": code["nonce"]})
    mode = code["mode"]
    if mode == "wrong_audience":
        claims["aud"] = "someone-else"
    elif mode == "expired":
        claims["iat"], claims["exp"] = now - 3600, now - 1800
    elif mode == "wrong_nonce":
        claims["nonce"] = "not-the-nonce"
    elif mode == "wrong_issuer":
        claims["iss"] = "https://evil.example"
    rsa = next(k for k in state["keys"] if k.key_type == "RSA")
    if mode == "alg_none":
        return b64(json.dumps({"alg": "none", "kid": rsa.kid}).encode()) + "." + b64(json.dumps(claims).encode()) + "."
    if mode == "hs256_public_key":
        # The classic confusion: HMAC keyed with the provider's public key, which anyone has.
        signing = b64(json.dumps({"alg": "HS256", "kid": rsa.kid}).encode()) + "." + b64(json.dumps(claims).encode())
        mac = hmac.new(rsa.as_pem(private=False), signing.encode(), hashlib.sha256).digest()
        return signing + "." + b64(mac)
    key = next(k for k in state["keys"] if k.alg == code["alg"])
    return jwt.encode({"alg": key.alg, "kid": key.kid, "typ": "JWT"}, claims, key)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    @property
    def issuer(self):
        return "http://%s" % self.headers.get("Host")

    def answer(self, status, body=None, headers=()):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/.well-known/openid-configuration":
            return self.answer(200, {
                "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize", "token_endpoint": self.issuer + "/token",
                "jwks_uri": self.issuer + "/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256", "ES256"], "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
                "scopes_supported": ["openid", "email", "profile"]})
        if url.path == "/jwks":
            with lock:
                return self.answer(200, KeySet(state["keys"]).as_dict(private=False))
        if url.path == "/authorize":
            if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code" or "openid" not in query.get("scope", "").split():
                return self.answer(400, {"error": "invalid_request"})
            if query.get("code_challenge_method") != "S256" or not query.get("code_challenge") or not query.get("nonce"):
                return self.answer(400, {"error": "invalid_request", "error_description": "PKCE S256 and a nonce are required"})
            code = secrets.token_urlsafe(24)
            with lock:
                state["codes"][code] = {"challenge": query["code_challenge"], "redirect_uri": query["redirect_uri"], "nonce": query["nonce"],
                                        "person": dict(state["person"]), "mode": state["mode"], "alg": state["alg"]}
            target = query["redirect_uri"] + "?" + urlencode({"code": code, "state": query.get("state", "")})
            return self.answer(302, headers=[("Location", target)])
        if url.path == "/state":
            with lock:
                return self.answer(200, {"codes": len(state["codes"]), "rotations": state["rotations"]})
        self.answer(404, {"error": "not_found"})

    def do_POST(self):
        url = urlparse(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode()
        if url.path == "/control":
            change = json.loads(raw or "{}")
            with lock:
                if "person" in change:
                    state["person"] = change["person"]
                if "mode" in change:
                    state["mode"] = change["mode"]
                if "alg" in change:
                    state["alg"] = change["alg"]
                if change.get("rotate"):
                    state["rotations"] += 1
                    kid = "rsa-%d" % (state["rotations"] + 1)
                    state["keys"] = [k for k in state["keys"] if k.key_type != "RSA"] + [
                        RSAKey.generate_key(2048, parameters={"kid": kid, "alg": "RS256", "use": "sig"})]
            return self.answer(204)
        if url.path == "/token":
            form = {k: v[0] for k, v in parse_qs(raw).items()}
            client, secret = form.get("client_id"), form.get("client_secret")
            auth = self.headers.get("Authorization", "")
            if auth.startswith("Basic "):
                from urllib.parse import unquote
                client, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
                client, secret = unquote(client), unquote(secret)
            if client != CLIENT_ID or secret != CLIENT_SECRET:
                return self.answer(401, {"error": "invalid_client"})
            with lock:
                code = state["codes"].pop(form.get("code", ""), None)
            if code is None or form.get("grant_type") != "authorization_code" or form.get("redirect_uri") != code["redirect_uri"]:
                return self.answer(400, {"error": "invalid_grant"})
            challenge = b64(hashlib.sha256(form.get("code_verifier", "").encode()).digest())
            if challenge != code["challenge"]:
                return self.answer(400, {"error": "invalid_grant", "error_description": "PKCE verifier does not match"})
            with lock:
                token = id_token(self.issuer, code)
            return self.answer(200, {"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 300, "id_token": token})
        self.answer(404, {"error": "not_found"})


def exit_with_parent():
    sys.stdin.read()
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
threading.Thread(target=exit_with_parent, daemon=True).start()
print("listening on %d" % server.server_address[1], flush=True)
server.serve_forever()
