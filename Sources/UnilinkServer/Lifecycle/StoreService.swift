import ServiceLifecycle
import UnilinkStorage

/// Closes the store on shutdown. Listed before the click recorder: the service group
/// stops services in reverse order, so the recorder's final flush still has a store.
struct StoreService: Service {
    let store: SQLStore

    func run() async throws {
        try? await gracefulShutdown()
        try await store.close()
    }
}
