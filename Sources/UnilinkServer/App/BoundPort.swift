import Synchronization
import UnilinkCore

/// The port the server really listens on (differs from the setting when that is 0).
final class BoundPort: Sendable {
    private let port: Mutex<Int>

    init(_ port: Int) {
        self.port = Mutex(port)
    }

    var value: Int { port.withLock { $0 } }

    func set(_ value: Int) {
        port.withLock { $0 = value }
    }
}

extension BoundPort {
    /// How the server spells its own URLs now that it listens.
    var addressing: HostAddressing { HostAddressing(localPort: value) }
}
