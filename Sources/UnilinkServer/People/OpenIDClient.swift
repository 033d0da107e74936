import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import UnilinkCore

/// The server's side of OpenID Connect with the organisation's provider: its discovery
/// document, its signing keys (jwt-kit's `JWTKeyCollection` over the JWKS, fetched again
/// when a token names a key it does not have: the provider rotated), the authorization
/// code exchange with PKCE, and the ID token's signature. What the claims must say is
/// `IDTokenCheck`'s, in Core.
actor OpenIDClient {
    let settings: SingleSignOnSettings
    private let http: HTTPClient
    private var discovered: (document: Discovery, at: Date)?
    private var keys: (collection: JWTKeyCollection, kids: Set<String>, at: Date)?

    /// Signatures accepted: what the issue and most providers use. Never `none`, never an
    /// HMAC (whose key would be the client secret, or worse, the provider's public key).
    static let algorithms: Set<String> = ["RS256", "ES256"]

    init(settings: SingleSignOnSettings, http: HTTPClient = .shared) {
        self.settings = settings
        self.http = http
    }

    struct Discovery: Decodable {
        let issuer: String
        let authorizationEndpoint: String
        let tokenEndpoint: String
        let jwksURI: String

        enum CodingKeys: String, CodingKey {
            case issuer, authorizationEndpoint = "authorization_endpoint", tokenEndpoint = "token_endpoint", jwksURI = "jwks_uri"
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case provider(String)
        case token(String)

        var description: String {
            switch self {
            case .provider(let text), .token(let text): text
            }
        }
    }

    /// Where to send the browser: the provider's authorization endpoint with the client,
    /// the callback, `openid email profile`, the state, the nonce and PKCE's S256 challenge.
    func authorizationURL(state: String, nonce: String, verifier: String, redirectURI: String) async throws -> String {
        var url = URLComponents(string: try await discovery().authorizationEndpoint)
        let existing = url?.queryItems ?? []
        url?.queryItems =
            existing + [
                URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: settings.clientID),
                URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "scope", value: "openid email profile"),
                URLQueryItem(name: "state", value: state), URLQueryItem(name: "nonce", value: nonce),
                URLQueryItem(name: "code_challenge", value: Self.challenge(for: verifier)),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
        guard let text = url?.string else { throw Failure.provider("the provider's authorization endpoint is not a URL") }
        return text
    }

    /// The ID token the provider gives for `code`, its signature verified; nothing about
    /// its claims is decided here.
    func claims(forCode code: String, verifier: String, redirectURI: String) async throws -> (IDTokenClaims, [String: JSONValue]) {
        let token = try await exchange(code: code, verifier: verifier, redirectURI: redirectURI)
        let header = try Self.header(of: token)
        guard let algorithm = header["alg"], Self.algorithms.contains(algorithm) else {
            throw Failure.token("the ID token is signed with '\(header["alg"] ?? "nothing")', not RS256 or ES256")
        }
        var collection = try await signingKeys(refreshing: false)
        if let kid = header["kid"], !(keys?.kids.contains(kid) ?? false) { collection = try await signingKeys(refreshing: true) }
        let verified: RawClaims
        do {
            verified = try await collection.verify(token, as: RawClaims.self)
        } catch {
            throw Failure.token("the ID token's signature is not the provider's")
        }
        return (try Self.claims(verified.values, groupsClaim: settings.groupsClaim), verified.values)
    }

    static func challenge(for verifier: String) -> String {
        Base64URL.string(SHA256.hash(data: Data(verifier.utf8)))
    }

    private func discovery() async throws -> Discovery {
        if let discovered, Date.now.timeIntervalSince(discovered.at) < 3600 { return discovered.document }
        let base = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        let document = try JSONDecoder().decode(Discovery.self, from: try await get(base + "/.well-known/openid-configuration"))
        // OpenID Connect Discovery 4.3: the document's issuer is the one it was asked of.
        guard document.issuer == settings.issuer else {
            throw Failure.provider("the provider's discovery document names the issuer '\(document.issuer)', not '\(settings.issuer)'")
        }
        discovered = (document, .now)
        return document
    }

    /// The provider's keys, kept an hour; fetched again at once for a token that names a key
    /// not among them (the provider rotated). Tokens come only from the provider's own token
    /// endpoint, one per sign-in (which is rate limited), so a forged key id cannot make
    /// this fetch in a loop.
    private func signingKeys(refreshing: Bool) async throws -> JWTKeyCollection {
        if let keys, !refreshing, Date.now.timeIntervalSince(keys.at) < 3600 { return keys.collection }
        let json = try await get(try await discovery().jwksURI)
        let set = try JSONDecoder().decode(JWKS.self, from: json)
        let usable = set.keys.filter { key in key.algorithm.map { Self.algorithms.contains($0.rawValue) } ?? true }
        let collection = try await JWTKeyCollection().add(jwks: JWKS(keys: usable))
        keys = (collection, Set(usable.compactMap { $0.keyIdentifier?.string }), .now)
        return collection
    }

    private func exchange(code: String, verifier: String, redirectURI: String) async throws -> String {
        var request = HTTPClientRequest(url: try await discovery().tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        // RFC 6749 2.3.1: the client's id and secret form-encoded, then Basic.
        let credentials = "\(Self.formEncoded(settings.clientID)):\(Self.formEncoded(settings.clientSecret))"
        request.headers.add(name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier),
        ].map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: form))
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else {
            throw Failure.provider("the provider refused the sign-in's code (\(response.status.code) at its token endpoint)")
        }
        struct Answer: Decodable {
            let idToken: String?
            enum CodingKeys: String, CodingKey { case idToken = "id_token" }
        }
        guard let token = try? JSONDecoder().decode(Answer.self, from: Data(buffer: body)).idToken else {
            throw Failure.provider("the provider's token endpoint gave no ID token")
        }
        return token
    }

    private func get(_ url: String) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(10))
        } catch {
            throw Failure.provider("the provider at \(url) cannot be reached")
        }
        guard response.status == .ok else { throw Failure.provider("the provider answered \(response.status.code) for \(url)") }
        return Data(buffer: try await response.body.collect(upTo: 1 << 20))
    }

    private static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The token's header as strings, read before any key is chosen.
    private static func header(of token: String) throws -> [String: String] {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first,
            let data = Base64URL.data(String(first)),
            let object = try? JSONDecoder().decode([String: JSONValue].self, from: data)
        else { throw Failure.token("the ID token is not a JWT") }
        return object.compactMapValues { value in
            if case .string(let text) = value { return text }
            return nil
        }
    }

    static func claims(_ values: [String: JSONValue], groupsClaim: String?) throws -> IDTokenClaims {
        func text(_ key: String) -> String? {
            if case .string(let value) = values[key] { return value }
            return nil
        }
        func time(_ key: String) -> Date? {
            if case .number(let value) = values[key] { return Date(timeIntervalSince1970: value) }
            return nil
        }
        let audiences: [String]
        switch values["aud"] {
        case .string(let one): audiences = [one]
        case .array(let many): audiences = many.compactMap { if case .string(let text) = $0 { text } else { nil } }
        default: audiences = []
        }
        guard let issuer = text("iss"), let subject = text("sub"), let expires = time("exp"), let issuedAt = time("iat") else {
            throw Failure.token("the ID token lacks iss, sub, exp or iat")
        }
        let verified: Bool? =
            switch values["email_verified"] {
            case .bool(let flag): flag
            // Some providers send it as a string.
            case .string(let text): text == "true"
            default: nil
            }
        var groups: [String] = []
        if let groupsClaim, case .array(let list) = values[groupsClaim] {
            groups = list.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        return IDTokenClaims(
            issuer: issuer, audiences: audiences, authorizedParty: text("azp"), expires: expires, issuedAt: issuedAt, nonce: text("nonce"),
            subject: subject, email: text("email"), emailVerified: verified, name: text("name"), groups: groups)
    }
}

/// An ID token's claims as they are, for `IDTokenCheck` to judge after the signature.
struct RawClaims: JWTPayload {
    let values: [String: JSONValue]

    init(from decoder: any Decoder) throws {
        values = try [String: JSONValue](from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    /// The claims are checked by `IDTokenCheck`, all in one place.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
