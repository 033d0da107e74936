import Foundation
import Testing
import UnilinkTestSupport

/// The Android SDK (`Android/`): `Android/test.sh` compiles its core and its Android layer
/// (against the API stubs) with every javac warning an error, and runs the core's JUnit 5
/// tests against this build's `unilink serve`. Needs a JDK and Debian's junit5, which
/// `.ci/run` installs; it sets UNILINK_REQUIRE_JAVA, so CI never skips this.
@Suite("The Android SDK on the JVM")
struct AndroidSDKTests {
    static var javac: String? { ["/usr/bin/javac", "/usr/local/bin/javac"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    static let junit = "/usr/share/java/junit-platform-console-standalone.jar"
    static var hasJUnit: Bool { FileManager.default.fileExists(atPath: junit) }
    /// `UNILINK_REQUIRE_JAVA` (CI sets it): the test may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_JAVA"] != nil }

    @Test(.enabled(if: (javac != nil && hasJUnit) || required, "javac or Debian's junit5 is not installed; .ci/run installs them"))
    func bothLayersCompileAndTheCorePassesItsTestsAgainstTheRealServer() async throws {
        _ = try #require(Self.javac, "UNILINK_REQUIRE_JAVA is set but javac is not installed (default-jdk-headless)")
        try #require(Self.hasJUnit, "UNILINK_REQUIRE_JAVA is set but \(Self.junit) is missing (junit5)")
        let script = CaddyTLSTests.repository.appendingPathComponent("Android/test.sh")
        var environment = ProcessInfo.processInfo.environment
        environment["UNILINK_BINARY"] = JSONLinesAdapterTests.binary.path
        let ran = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path], environment: environment)
        let summary = ran.output.split(separator: "\n").filter { $0.hasPrefix("[") || $0.hasPrefix("compiled:") }
        print("Android/test.sh:\n" + summary.joined(separator: "\n"))
        #expect(ran.status == 0, "Android/test.sh failed:\n\(ran.output)")
        #expect(ran.output.contains("compiled: core"))
        #expect(ran.output.contains(" 0 tests failed"))
        let successful = ran.output.firstMatch(of: /(\d+) tests successful/).flatMap { Int($0.1) } ?? 0
        #expect(successful >= 100, "the JUnit run reports \(successful) successful tests")
    }
}
