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
        let claims: AASAMatcher
        let destinations: DestinationPolicy
        /// Different for every host made, in this process: what was derived from one (a
        /// rendered preview page) is not taken for another's after the app changed.
        let serial: UInt64

        private static let serials = Atomic<UInt64>(0)

        init(app: App, role: HostRole, associationFile: ByteBuffer, assetLinks: ByteBuffer, claims: AASAMatcher, destinations: DestinationPolicy) {
            self.app = app
            self.role = role
            self.associationFile = associationFile
            self.assetLinks = assetLinks
            self.claims = claims
            self.destinations = destinations
            self.serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
        }
    }

    struct Snapshot: Sendable {
        var hosts: [String: Host] = [:]
        var apps: [String: App] = [:]
        /// SHA-256 of a secret key -> app id.
        var secretKeys: [String: String] = [:]
        /// Publishable key -> app id.
        var publishableKeys: [String: String] = [:]
        /// Rotated keys (hash or publishable key) -> the end of their grace period.
        var keyExpiry: [String: Date] = [:]
        var publishableKeyOfApp: [String: String] = [:]
        var adminTokenHash: String?
    }

    private let snapshot = Mutex(Snapshot())

    var current: Snapshot { snapshot.withLock { $0 } }

    func host(_ name: String) -> Host? {
        snapshot.withLock { $0.hosts[name] }
    }

    func reload(from store: SQLStore) async throws {
        let apps = try await store.apps()
        let keys = try await store.keys()
        let adminHash = try await store.setting(AdminToken.settingName)
        var next = Snapshot()
        next.adminTokenHash = adminHash
        for app in apps {
            next.apps[app.id] = app
            let claims = app.pathClaims
            let destinations = DestinationPolicy(app: app)
            let assetLinks = ByteBuffer(bytes: app.assetLinksFile)
            for domain in app.domains {
                next.hosts[domain.host] = Host(
                    app: app, role: domain.role,
                    associationFile: ByteBuffer(bytes: app.associationFile(for: domain.role)),
                    assetLinks: assetLinks, claims: claims, destinations: destinations
                )
            }
        }
        for key in keys {
            switch key.kind {
            case .secret:
                next.secretKeys[key.hash] = key.appID
                if let expiry = key.expiresAt { next.keyExpiry[key.hash] = expiry }
            case .publishable:
                if let publishable = key.publishable {
                    next.publishableKeys[publishable] = key.appID
                    if let expiry = key.expiresAt {
                        next.keyExpiry[publishable] = expiry
                    } else {
                        next.publishableKeyOfApp[key.appID] = publishable
                    }
                }
            }
        }
        snapshot.withLock { $0 = next }
    }
}
