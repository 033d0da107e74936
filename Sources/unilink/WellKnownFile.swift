import ArgumentParser
import Foundation
import NIOHTTP1
import UnilinkCore

/// An association file fetched from a live host, and what in the way it was served keeps
/// Apple's CDN or Android's verifier from using it.
enum WellKnownFile {
    struct Fetched {
        var body: Data
        var issues: [AASAIssue]
    }

    /// What a command was given: a file, or an `https://` URL of one (a bare host means its
    /// `/.well-known/<name>`), fetched as `fetcher` would.
    struct Loaded {
        var data: Data
        /// The host the file was served for, when fetched.
        var host: String?
        /// What the fetch itself got wrong.
        var issues: [AASAIssue]
        /// The file's path or URL.
        var origin: String
    }

    static func load(_ source: String, wellKnown name: String, with fetch: HostFetch, as fetcher: String) async throws -> Loaded {
        guard source.hasPrefix("https://") || source.hasPrefix("http://"), var components = URLComponents(string: source),
            let host = components.host
        else {
            do {
                return Loaded(data: try Data(contentsOf: URL(fileURLWithPath: source)), host: nil, issues: [], origin: source)
            } catch {
                throw ValidationError("cannot read \(source): \(error.localizedDescription)")
            }
        }
        if components.path.isEmpty || components.path == "/" { components.path = "/.well-known/\(name)" }
        guard let url = components.url else { throw ValidationError("not a URL: \(source)") }
        let fetched = try await Self.fetch(url, with: fetch, as: fetcher)
        return Loaded(data: fetched.body, host: host, issues: fetched.issues, origin: url.absoluteString)
    }

    /// `fetcher`: "Apple" or "Android", named in the messages. Android's verifier refuses a
    /// file served as anything but `application/json`; Apple's only advises it.
    static func fetch(_ url: URL, with fetch: HostFetch, as fetcher: String) async throws -> Fetched {
        let answer: HostFetch.Answer
        do {
            answer = try await fetch.send(url)
        } catch {
            throw ValidationError("cannot fetch \(url.absoluteString) as \(fetcher) would: \(error)")
        }
        var issues: [AASAIssue] = []
        let place = url.absoluteString
        if url.scheme != "https" { issues.append(AASAIssue(.error, place, "\(fetcher) fetches association files over https only")) }
        if (300..<400).contains(answer.status) {
            let target = answer.headers.first(name: "location") ?? "elsewhere"
            issues.append(AASAIssue(.error, place, "redirects (HTTP \(answer.status)) to \(target); \(fetcher) follows no redirects"))
        } else if answer.status != 200 {
            issues.append(AASAIssue(.error, place, "answered HTTP \(answer.status); \(fetcher) needs 200"))
        }
        let type = answer.headers.first(name: "content-type") ?? "nothing"
        if answer.status == 200, !type.lowercased().hasPrefix("application/json") {
            issues.append(AASAIssue(fetcher == "Android" ? .error : .warning, place, "Content-Type is \(type); serve application/json"))
        }
        return Fetched(body: answer.body, issues: issues)
    }
}
