import Foundation
import Testing
import UnilinkTestSupport

/// `Docs/Deploy.md` from a new machine: every command in its shell blocks is one the
/// deployment smoke test (`Scripts/deploy-smoke.sh`) runs as written, or one named here
/// with the reason it is not; and the smoke test, run on a new Debian 12 machine (a
/// container booted with systemd, `Scripts/deploy-smoke-nspawn.sh`), ends with links over
/// HTTPS on two hosts, both association checks, Prometheus scraping, a backup, a restore
/// and countries.
@Suite("The deployment guide, run on a new machine")
struct DeploymentSmokeTests {
    static let repository = CaddyTLSTests.repository
    static let environment = ProcessInfo.processInfo.environment
    /// The Debian tree `.ci/run` makes (`deploy-smoke-nspawn.sh --prepare`).
    static var root: String? { environment["UNILINK_TEST_DEPLOY_ROOT"] }
    /// `UNILINK_REQUIRE_NSPAWN` (CI sets it where it runs as root): the run may not be left out.
    static var required: Bool { environment["UNILINK_REQUIRE_NSPAWN"] != nil }
    static var canRun: Bool {
        getuid() == 0 && ["/usr/bin/systemd-nspawn", "/bin/systemd-nspawn"].contains { FileManager.default.isExecutableFile(atPath: $0) }
            && root.map { FileManager.default.isExecutableFile(atPath: $0 + "/lib/systemd/systemd") } == true
    }

    /// The guide's commands no test runs, and why.
    static let notRun: [String: String] = [
        "apt-get install libmaxminddb-dev": "the build machine's; Scripts/release.sh is run by hand for each release",
        "Scripts/release.sh release/": "a release build takes minutes; run by hand for each release, with its own smoke test",
        "UNILINK_ADMIN_TOKEN=adm_...": "a secret's value: the smoke test writes its own",
        "UNILINK_METRICS_TOKEN=...": "a secret's value: the smoke test writes its own",
        "unilink backup /var/lib/unilink-backups/ --keep 14 --database-url sqlite:///var/lib/unilink/unilink.sqlite":
            "the backup unit's command (ServiceUnitTests), run by `systemctl start unilink-backup`",
        "apt-get install geoipupdate": "in Debian's contrib, and it needs a MaxMind account",
        "geoipupdate": "needs a MaxMind account; a database from MaxMind's writer stands in",
    ]

    /// A shell line without its comment, its spaces collapsed.
    static func command(_ line: Substring) -> String {
        let code = line.replacing(/\s+#.*$/, with: "")
        return code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func everyCommandOfTheGuideIsOneTheSmokeTestRuns() throws {
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("Docs/Deploy.md"), encoding: .utf8)
        let smoke = try String(contentsOf: Self.repository.appendingPathComponent("Scripts/deploy-smoke.sh"), encoding: .utf8)
        let run = Set(smoke.split(separator: "\n").map(Self.command))
        let commands = guide.matches(of: /```sh\n((?:.|\n)*?)```/).flatMap { $0.1.split(separator: "\n").map(Self.command) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(commands.count > 30, "the guide's shell blocks were not found")
        for command in commands where Self.notRun[command] == nil {
            #expect(run.contains(command), "Docs/Deploy.md runs `\(command)`, which Scripts/deploy-smoke.sh does not")
        }
        for command in Self.notRun.keys {
            #expect(commands.contains(command), "`\(command)` is no longer in the guide: drop it from notRun")
        }
    }

    @Test(
        .enabled(
            if: canRun || required,
            "needs root, systemd-nspawn and UNILINK_TEST_DEPLOY_ROOT (a Debian tree: Scripts/deploy-smoke-nspawn.sh --prepare)"),
        .timeLimit(.minutes(10)))
    func theGuideTakesANewMachineToLinksOverHTTPS() async throws {
        #expect(Self.canRun, "UNILINK_REQUIRE_NSPAWN is set but root, systemd-nspawn or UNILINK_TEST_DEPLOY_ROOT is missing")
        let root = try #require(Self.root)
        let ran = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [
                Self.repository.appendingPathComponent("Scripts/deploy-smoke-nspawn.sh").path, "--root", root, "--binary",
                JSONLinesAdapterTests.binary.path,
            ])
        print(ran.output)
        #expect(ran.status == 0, "the smoke test failed:\n\(ran.output.suffix(4000))")
        #expect(ran.output.contains("deploy-smoke: passed"))
        // Each step's own checks ran, not just the commands.
        #expect(ran.output.contains("=> opens in ABCDE12345.com.example.shop"))
        #expect(ran.output.contains("Overall exposure level for unilink.service"))
        #expect(ran.output.contains("integrity ok"))
        #expect(ran.output.contains("requests during the restart"))
        if Self.environment["UNILINK_REQUIRE_GEOIP"] != nil {
            #expect(ran.output.contains("countries: the server reads"), "step 8 did not run: is libmaxmind-db-writer-perl installed?")
        }
    }
}
