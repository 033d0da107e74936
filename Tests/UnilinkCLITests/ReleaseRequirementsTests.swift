import Foundation
import Testing
import UnilinkTestSupport

/// `Scripts/runtime-requirements.sh`, which `Scripts/release.sh` runs on the release file: the
/// Debian packages a binary needs, and a refusal naming any library outside them (a Swift
/// runtime library above all: the release runs without the toolchain).
@Suite("Release runtime requirements")
struct ReleaseRequirementsTests {
    static let script = CaddyTLSTests.repository.appendingPathComponent("Scripts/runtime-requirements.sh")
    static let header = FileManager.default.fileExists(atPath: "/usr/include/maxminddb.h")
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_GEOIP"] != nil }

    static func requirements(of binary: String) async throws -> ChildProcess.Ran {
        try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path, binary], environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test(
        "A file linking libmaxminddb needs libmaxminddb0 besides libc and zlib",
        .enabled(if: header || required, "needs libmaxminddb-dev and cc; .ci/run installs them"))
    func namesLibmaxminddb() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-requires-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("geo.c")
        try """
        #include <maxminddb.h>
        #include <zlib.h>
        int main(void) { return MMDB_lib_version()[0] == 0 && zlibVersion()[0] == 0; }
        """.write(to: source, atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent("geo")
        let compiled = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["cc", source.path, "-o", binary.path, "-lmaxminddb", "-lz"])
        try #require(compiled.status == 0, "\(compiled.output)")
        let listed = try await Self.requirements(of: binary.path)
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output == "libc6\nlibmaxminddb0\nzlib1g\n")
    }

    @Test("A file needing the Swift runtime is refused, naming the library")
    func refusesSwiftRuntimeLibraries() async throws {
        // The debug build links the Swift runtime as shared libraries: what a release must not.
        let refused = try await Self.requirements(of: JSONLinesAdapterTests.binary.path)
        #expect(refused.status == 1)
        #expect(refused.output.contains("libswiftCore.so"), "\(refused.output)")
        #expect(refused.output.contains("which no release requirement names"), "\(refused.output)")
    }

    @Test("A file that is not a dynamic executable is refused")
    func refusesWhatIsNotABinary() async throws {
        let refused = try await Self.requirements(of: Self.script.path)
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.output.contains("names no shared library"), "\(refused.output)")
    }
}
