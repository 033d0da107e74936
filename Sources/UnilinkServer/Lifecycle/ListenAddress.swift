import NIOCore
import NIOPosix

/// Binds the address once and lets it go, before the database is touched: a port that is
/// taken, an address the machine does not have or a port it may not use is reported
/// before anything is opened or created (the admin token of a new database included,
/// which is shown only once).
enum ListenAddress {
    static func check(host: String, port: Int) async throws {
        // Port 0 takes whatever is free: nothing to check.
        guard port != 0 else { return }
        let channel: any Channel
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
        } catch {
            throw StartFailure.classify(error, host: host, port: port) ?? error
        }
        try? await channel.close()
    }
}
