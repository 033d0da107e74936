import Foundation

/// A value behind a lock, for iOS 15 and macOS 12 (`Mutex` needs iOS 18): `NSLock`
/// exists everywhere Foundation does.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
