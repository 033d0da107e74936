import Foundation
public import Logging
import Synchronization
public import UnilinkCore

/// The visitor's country from the MaxMind-format database an operator names
/// (`UNILINK_GEOIP_DATABASE`: GeoLite2-Country or -City, DB-IP Lite), read at start and again
/// whenever the file changes (checked every minute by `GeoDatabaseRefresh`), so a newer
/// download needs no restart. Without a database, with one that cannot be read, or in a
/// build without libmaxminddb, nobody has a country: `place(of:)` is `nil` and `status` says
/// why (on `/readyz`), logged once per change of the file, never every minute. A file that
/// cannot be read once a good one was open leaves the good one in use, and `status` says so.
public final class GeoLocator: Sendable {
    /// Whether this build reads `.mmdb` files at all (libmaxminddb's header was installed
    /// when it was compiled).
    public static let isBuiltIn: Bool = {
        #if UNILINK_MAXMINDDB
            true
        #else
            false
        #endif
    }()

    public let path: String?
    private let state: Mutex<State>
    private let logger: Logger

    private struct State {
        #if UNILINK_MAXMINDDB
            /// Copied out by each lookup: a swap never closes the one a lookup is using.
            var database: GeoDatabase?
        #endif
        /// Size and modification time of the file last read, or `missing`.
        var stamp: String?
        var status: String
        /// What the open database is and where it was read, while one is open.
        var serving: String?
    }

    public init(path: String?, logger: Logger) {
        self.path = path
        self.logger = logger
        let status: String
        if path == nil {
            status = "no database configured"
        } else if !Self.isBuiltIn {
            status = "this build has no libmaxminddb"
            logger.warning(
                "UNILINK_GEOIP_DATABASE is set but this build has no libmaxminddb (install libmaxminddb-dev and build again); no visitor's country is known"
            )
        } else {
            status = "not read yet"
        }
        state = Mutex(State(status: status))
        _ = refresh()
    }

    /// Where `address` (an IPv4 or IPv6 address as text) is, or `nil` when the database does
    /// not say or there is none. Never throws, whatever the text.
    public func place(of address: String) -> VisitorPlace? {
        #if UNILINK_MAXMINDDB
            guard let database = state.withLock({ $0.database }) else { return nil }
            return database.place(of: address)
        #else
            return nil
        #endif
    }

    /// A database is open: countries are known (for some addresses).
    public var isAvailable: Bool {
        #if UNILINK_MAXMINDDB
            state.withLock { $0.database != nil }
        #else
            false
        #endif
    }

    /// For people: `GeoLite2-Country of 2026-11-20 (/var/lib/unilink/GeoLite2-Country.mmdb)`,
    /// `no database configured`, `cannot read /path: reason`, `this build has no libmaxminddb`,
    /// or after a failed reload `GeoLite2-Country of ... (/path), kept: cannot read /path now: reason`.
    public var status: String { state.withLock { $0.status } }

    /// Reads the file again if its size or time changed (or it appeared or went away); true
    /// when it did. A file that cannot be read keeps the database already open, if any;
    /// without one, no country is known.
    @discardableResult
    public func refresh() -> Bool {
        #if UNILINK_MAXMINDDB
            guard let path else { return false }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let seen =
                attributes.map { "\(($0[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)/\(($0[.size] as? Int) ?? 0)" } ?? "missing"
            guard state.withLock({ $0.stamp }) != seen else { return false }
            let opened: Result<GeoDatabase, GeoDatabase.OpenError>
            if attributes == nil {
                opened = .failure(GeoDatabase.OpenError(description: "no such file"))
            } else {
                opened = Result { () throws(GeoDatabase.OpenError) in try GeoDatabase(path: path) }
            }
            switch opened {
            case .success(let database):
                let status = "\(database.description) (\(path))"
                state.withLock { $0 = State(database: database, stamp: seen, status: status, serving: status) }
                logger.info("Visitors' countries from \(status)")
            case .failure(let error):
                let problem = "cannot read \(path): \(error)"
                // A download cut short or a bad copy must not take countries away: the last good
                // database keeps answering until a readable file replaces it.
                let kept = state.withLock { state -> String? in
                    state.stamp = seen
                    state.status = state.serving.map { "\($0), kept: cannot read \(path) now: \(error)" } ?? problem
                    return state.serving
                }
                if let kept {
                    logger.warning("UNILINK_GEOIP_DATABASE: \(problem); countries still come from \(kept) until a readable file replaces it")
                } else {
                    logger.warning("UNILINK_GEOIP_DATABASE: \(problem); no visitor's country is known until it can be read")
                }
            }
            return true
        #else
            return false
        #endif
    }
}
