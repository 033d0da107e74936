import Foundation
import Testing

/// The SDK declares iOS 15 and macOS 12, but Linux checks no availability: this reads the
/// SDK's sources and fails on APIs newer than that (iOS 16, 17, 18) outside an
/// `if #available`, `guard #available` or `@available` scope, so CI catches what only
/// Xcode would.
@Suite("The SDK builds for iOS 15")
struct SDKAvailabilityTests {
    /// Each with the first iOS version that has it.
    static let newer: [(pattern: String, since: String)] = [
        (#"\bMutex\b"#, "iOS 18"), (#"\bAtomic\b"#, "iOS 18"), (#"\bimport\s+Synchronization\b"#, "iOS 18"),
        (#"\bDuration\b"#, "iOS 16"), (#"\b(Continuous|Suspending)?Clock\b"#, "iOS 16"), (#"\.sleep\(for:"#, "iOS 16"),
        (#"\bRegex\b"#, "iOS 16"), (#"\.firstRange\(of:"#, "iOS 16"), (#"\.firstMatch\(of:"#, "iOS 16"), (#"\.wholeMatch\("#, "iOS 16"),
        (#"\.ranges\(of:"#, "iOS 16"), (#"\.replacing\("#, "iOS 16"), (#"\.trimmingPrefix\("#, "iOS 16"),
        (#"URL\(filePath:"#, "iOS 16"), (#"\.appending\(path:"#, "iOS 16"), (#"\.path\(percentEncoded:"#, "iOS 16"),
        (#"URL\.(documentsDirectory|cachesDirectory|temporaryDirectory)\b"#, "iOS 16"), (#"\bNavigationStack\b"#, "iOS 16"),
        (#"\bUIPasteControl\b"#, "iOS 16"), (#"\bPasteButton\b"#, "iOS 16"), (#"\bLocale\.Language\b"#, "iOS 16"),
        (#"@Observable\b"#, "iOS 17"), (#"\bObservation\b"#, "iOS 17"), (#"#Preview\b"#, "iOS 17"), (#"\bContentUnavailableView\b"#, "iOS 17"),
    ]

    struct Finding: CustomStringConvertible, Equatable {
        let file: String
        let line: Int
        let symbol: String
        let since: String
        var description: String { "\(file):\(line): '\(symbol)' needs \(since); put it behind #available or @available" }
    }

    /// Code only: comments and string literals blanked (line structure kept).
    static func code(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        func next(_ offset: Int = 1) -> Character? {
            text.index(index, offsetBy: offset, limitedBy: text.endIndex).flatMap { $0 < text.endIndex ? text[$0] : nil }
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "/", next() == "/" {
                while index < text.endIndex, text[index] != "\n" { index = text.index(after: index) }
                continue
            }
            if character == "/", next() == "*" {
                while index < text.endIndex, !(text[index] == "*" && next() == "/") {
                    if text[index] == "\n" { result.append("\n") }
                    index = text.index(after: index)
                }
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                continue
            }
            if character == "\"" {
                result.append("\"")
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "\"" {
                    if text[index] == "\\" { index = text.index(after: index) }
                    if index < text.endIndex, text[index] == "\n" { result.append("\n") }
                    if index < text.endIndex { index = text.index(after: index) }
                }
                result.append("\"")
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result
    }

    /// Newer symbols outside availability scopes. A `{` opens a guarded scope when the
    /// declaration or statement before it holds `@available(` or `#available(`; `guard
    /// #available` guards the rest of its scope.
    static func findings(in text: String, file: String) -> [Finding] {
        let source = code(text)
        var findings: [Finding] = []
        var scopes: [Bool] = [false]
        var header = ""
        var line = 1
        var lineText = ""
        var wholeLine = ""
        func check(_ text: String, at line: Int) {
            guard !scopes.contains(true) else { return }
            for (pattern, since) in newer {
                if let range = text.range(of: pattern, options: .regularExpression) {
                    findings.append(Finding(file: file, line: line, symbol: String(text[range]), since: since))
                }
            }
        }
        for character in source {
            if character != "\n" { wholeLine.append(character) }
            switch character {
            case "{":
                check(lineText, at: line)
                lineText = ""
                scopes.append(header.contains("@available(") || header.contains("#available("))
                header = ""
            case "}":
                check(lineText, at: line)
                lineText = ""
                if scopes.count > 1 { scopes.removeLast() }
                header = ""
            case "\n":
                check(lineText, at: line)
                if wholeLine.contains("guard #available(") { scopes[scopes.count - 1] = true }
                lineText = ""
                wholeLine = ""
                header.append(" ")
                line += 1
            default:
                lineText.append(character)
                header.append(character)
                if character == ";" { header = "" }
            }
        }
        check(lineText, at: line)
        return findings
    }

    static var sdkSources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Unilink")
    }

    @Test func theSDKUsesNothingNewerThanItsPlatformsOutsideAvailability() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sdkSources.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count >= 10, "the SDK's sources were found")
        var findings: [Finding] = []
        for file in files {
            findings += Self.findings(in: try String(contentsOf: Self.sdkSources.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// The checker itself: it finds what it must and accepts what is guarded.
    @Test func theCheckerTellsGuardedFromUnguarded() {
        let unguarded = """
            import Synchronization
            final class A { let state = Mutex(0)
              func wait() async throws { try await Task.sleep(for: .seconds(1)) }
              // Mutex in a comment is fine, and "Duration" in a string too.
            }
            """
        #expect(Self.findings(in: unguarded, file: "a").map(\.symbol) == ["import Synchronization", "Mutex", ".sleep(for:"])
        let guarded = """
            @available(iOS 16.0, *)
            struct Paste: View { var body: some View { PasteButton(payloadType: String.self) { _ in } } }
            func later() {
                if #available(iOS 16, *) { let clock = ContinuousClock(); _ = clock.now } else { sleep(1) }
                guard #available(iOS 18, *) else { return }
                let state = Mutex(0)
            }
            func after() { let d = Duration.seconds(1) }
            """
        #expect(Self.findings(in: guarded, file: "b").map(\.line) == [8], "only the last function's Duration is unguarded")
    }
}
