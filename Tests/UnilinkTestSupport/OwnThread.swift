import Foundation

/// Work that computes for seconds (a debug build's QR encoding of every version), on a
/// thread of its own: on one of the cooperative pool's threads, two on a two-core machine,
/// it would hold back every other test in the process for as long. Expectations stay
/// outside: the work returns what the test then checks.
public enum OwnThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
