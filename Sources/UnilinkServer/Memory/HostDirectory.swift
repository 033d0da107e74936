import Foundation
import NIOCore
import Synchronization
import UnilinkCore
import UnilinkStorage

/// Everything the public endpoints need, in memory: which app and role each host has,
/// the association files' bytes, and the app keys. Rebuilt from the store when an app
/// changes, and kept when the store later becomes unreachable (the files must answer).
final class HostDirectory: Sendable {
    /// A class: every click takes one from the directory, and a copy of the app and its
    /// prepared parts would count a reference per field.
    final class Host: Sendable {
        let app: App
        let role: HostRole
        let associationFile: ByteBuffer
        let assetLinks: ByteBuffer
        let appLinking: ByteBuffer
        let claims: AASAMatcher
        let destinations: DestinationPolicy
        /// Different for every host made, in this process: what was derived from one (a
        /// rendered preview page) is not taken for another's after the app changed.
        let serial: UInt64

        private static let serials = Atomic<UInt64>(0)

        init(
            app: App, role: HostRole, associationFile: ByteBuffer, assetLinks: ByteBuffer, appLinking: ByteBuffer, claims: AASAMatcher,
            destinations: DestinationPolicy
        ) {
            self.app = app
            self.role = role
            self.associationFile = associationFile
            self.assetLinks = assetLinks
            self.appLinking = appLinking
            self.claims = claims
            self.destinations = destinations
            self.serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
        }
    }

    struct Snapshot: Sendable {
        var hosts: [String: Host] = [:]
        var apps: [String: App] = [:]
        var keys = AppKeyRing()
        /// The app's current publishable key (the API shows it; it is not a secret).
        var publishableKeyOfApp: [String: String] = [:]

        /// The app a key opens now (`AppKeyRing`'s rule), or why none.
        func app(forSecretKey key: String, at now: Date = .now) -> Result<App, KeyRefusal> {
            app(keys.secretKey(key, hash: Identifiers.hash(key), at: now))
        }

        func app(forPublishableKey key: String, at now: Date = .now) -> Result<App, KeyRefusal> {
            app(keys.publishableKey(key, at: now))
        }

        func app(forAnyKey key: String, at now: Date = .now) -> Result<App, KeyRefusal> {
            app(keys.anyKey(key, hash: Identifiers.hash(key), at: now))
        }

        func isAdminToken(_ token: String) -> Bool {
            keys.isAdminToken(hash: Identifiers.hash(token))
        }

        private func app(_ lookup: AppKeyRing.Lookup) -> Result<App, KeyRefusal> {
            switch lookup {
            case .app(let id): apps[id].map { .success($0) } ?? .failure(.unknown)
            case .unknown: .failure(.unknown)
            case .expired: .failure(.expired)
            }
        }
    }

    enum KeyRefusal: Error {
        case unknown
        /// Rotated, and its grace period is over.
        case expired
    }

    private let snapshot = Mutex(Snapshot())
    private let reloads = ReloadGenerations()

    var current: Snapshot { snapshot.withLock { $0 } }

    func host(_ name: String) -> Host? {
        snapshot.withLock { $0.hosts[name] }
    }

    func reload(from store: SQLStore) async throws {
        let generation = startReload()
        let apps = try await store.apps()
        let keys = try await store.keys()
        let adminHash = try await store.setting(AdminToken.settingName)
        apply(Self.read(apps: apps, keys: keys, adminHash: adminHash), generation: generation)
    }

    /// A reload's number, taken before it reads the database.
    func startReload() -> UInt64 { reloads.start() }

    /// What reload `generation` read, unless a reload started after it was applied already.
    func apply(_ next: Snapshot, generation: UInt64) {
        reloads.apply(generation) { snapshot.withLock { $0 = next } }
    }

    static func read(apps: [App], keys: [AppKey], adminHash: String?) -> Snapshot {
        var next = Snapshot()
        next.keys.adminTokenHash = adminHash
        for app in apps {
            next.apps[app.id] = app
            let claims = app.pathClaims
            let destinations = DestinationPolicy(app: app)
            let assetLinks = ByteBuffer(bytes: app.assetLinksFile)
            let appLinking = ByteBuffer(bytes: app.appLinkingFile)
            for domain in app.domains {
                next.hosts[domain.host] = Host(
                    app: app, role: domain.role,
                    associationFile: ByteBuffer(bytes: app.associationFile(for: domain.role)),
                    assetLinks: assetLinks, appLinking: appLinking, claims: claims, destinations: destinations
                )
            }
        }
        for key in keys {
            switch key.kind {
            case .secret:
                next.keys.secretKeys[key.hash] = key.appID
                if let expiry = key.expiresAt { next.keys.expiry[key.hash] = expiry }
            case .publishable:
                if let publishable = key.publishable {
                    next.keys.publishableKeys[publishable] = key.appID
                    if let expiry = key.expiresAt {
                        next.keys.expiry[publishable] = expiry
                    } else {
                        next.publishableKeyOfApp[key.appID] = publishable
                    }
                }
            }
        }
        return next
    }
}
