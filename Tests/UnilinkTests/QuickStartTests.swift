import Foundation
import Testing
import UnilinkTestSupport

/// `Docs/iOS-SDK.md`'s quick start is code people paste: its Swift blocks are type-checked
/// against the SDK built for these tests, in Swift 6 mode with complete concurrency
/// checking, so a change to the SDK that breaks the guide fails here.
@Suite("The iOS quick start compiles")
struct QuickStartTests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The Swift blocks between `## Quick start` and the next `## ` heading.
    static func quickStart(_ markdown: String) -> [String] {
        guard let start = markdown.range(of: "\n## Quick start\n") else { return [] }
        let section = markdown[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        return section.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    static var modules: URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [here, here.deletingLastPathComponent()].map { $0.appendingPathComponent("Modules") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Unilink.swiftmodule").path) }
    }

    @Test func theQuickStartTypeChecksAgainstTheSDK() async throws {
        let markdown = try String(contentsOf: Self.repository.appendingPathComponent("Docs/iOS-SDK.md"), encoding: .utf8)
        let blocks = Self.quickStart(markdown)
        #expect(blocks.count >= 1 && blocks.joined().contains("UnilinkDelegate"), "the guide has a quick start")
        let modules = try #require(Self.modules, "the built Unilink module was not found next to the test binary")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quickstart-\(UUID().uuidString).swift")
        try blocks.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let ran = try await ChildProcess.run(
            command: "swiftc",
            [
                "-typecheck", "-swift-version", "6", "-I", modules.path, "-module-name", "QuickStart", "-parse-as-library", "-warnings-as-errors",
                file.path,
            ])
        #expect(ran.status == 0, "\(ran.output)")
    }
}
