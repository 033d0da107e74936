#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ports for the programs a test starts itself (Caddy, pebble, chromedriver, Prometheus).
/// They come from below the kernel's ephemeral range (32768 and up on Linux), where every
/// outgoing connection of the parallel suites takes its local port: a random port there was
/// once taken by such a connection, Caddy could not listen, and the test failed in CI.
public enum FreePorts {
    public struct Exhausted: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first of `count` consecutive ports in `range` that nothing holds now, over TCP and
    /// UDP (Caddy's HTTP/3 listens on UDP), on 127.0.0.1.
    public static func consecutive(_ count: Int, in range: ClosedRange<Int>) throws -> Int {
        for _ in 0..<200 {
            let first = Int.random(in: range.lowerBound...(range.upperBound - count + 1))
            if (first..<first + count).allSatisfy({ isFree($0, type: stream) && isFree($0, type: datagram) }) { return first }
        }
        throw Exhausted(description: "no \(count) free consecutive ports in \(range)")
    }

    #if canImport(Glibc)
        private static let (stream, datagram) = (Int32(SOCK_STREAM.rawValue), Int32(SOCK_DGRAM.rawValue))
    #else
        private static let (stream, datagram) = (SOCK_STREAM, SOCK_DGRAM)
    #endif

    private static func isFree(_ port: Int, type: Int32) -> Bool {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
