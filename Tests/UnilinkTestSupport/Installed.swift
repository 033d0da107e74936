import Foundation

/// Whether python3 can import a module from PyPI (the tests' providers, verifiers and
/// clients): a test needing one skips without it, unless CI requires it.
public enum PythonModule {
    public static func importable(_ module: String) -> Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import \(module)"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }
}
