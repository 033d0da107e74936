#if UNILINK_MAXMINDDB
    import CMaxMindDB
    import Foundation
    import UnilinkCore

    /// One opened MaxMind-format database (`.mmdb`), read by libmaxminddb. Immutable once open,
    /// so lookups on many threads at once are safe; closed when the last lookup holding it
    /// lets it go (`GeoLocator` swaps in a newer one without waiting for those).
    final class GeoDatabase: @unchecked Sendable {
        /// What it is and when it was built, e.g. `GeoLite2-Country of 2026-11-20`.
        let description: String
        private let handle: UnsafeMutablePointer<MMDB_s>
        /// `country.iso_code` and `subdivisions.0.iso_code`, as `MMDB_aget_value` takes a path.
        private let countryPath: UnsafeMutablePointer<UnsafePointer<CChar>?>
        private let subdivisionPath: UnsafeMutablePointer<UnsafePointer<CChar>?>

        struct OpenError: Error, CustomStringConvertible {
            let description: String
        }

        /// Opens a private copy of the file at `path`: libmaxminddb maps the file into memory,
        /// and an operator overwriting it in place (`cp new.mmdb`) would change, or cut short,
        /// the pages lookups are reading. The copy is unlinked at once; the mapping keeps it.
        init(path: String) throws(OpenError) {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-geoip-\(UUID().uuidString).mmdb").path
            let opened: String
            do {
                try FileManager.default.copyItem(atPath: path, toPath: copy)
                opened = copy
            } catch {
                guard FileManager.default.isReadableFile(atPath: path) else { throw OpenError(description: "the file cannot be read") }
                // No room for a copy (a read-only temporary directory): the file itself.
                opened = path
            }
            defer { if opened == copy { try? FileManager.default.removeItem(atPath: copy) } }
            let handle = UnsafeMutablePointer<MMDB_s>.allocate(capacity: 1)
            handle.initialize(to: MMDB_s())
            let status = MMDB_open(opened, UInt32(MMDB_MODE_MMAP), handle)
            guard status == MMDB_SUCCESS else {
                let reason = String(cString: MMDB_strerror(status))
                handle.deallocate()
                throw OpenError(description: reason)
            }
            self.handle = handle
            self.countryPath = Self.path("country", "iso_code")
            self.subdivisionPath = Self.path("subdivisions", "0", "iso_code")
            let metadata = handle.pointee.metadata
            let type = metadata.database_type.map { String(cString: $0) } ?? "a MaxMind-format database"
            let built = Date(timeIntervalSince1970: TimeInterval(metadata.build_epoch))
            description = "\(type) of \(built.formatted(.iso8601.year().month().day()))"
        }

        deinit {
            MMDB_close(handle)
            handle.deallocate()
            for path in [countryPath, subdivisionPath] {
                var index = 0
                while let component = path[index] {
                    free(UnsafeMutablePointer(mutating: component))
                    index += 1
                }
                path.deallocate()
            }
        }

        /// A NULL-terminated array of C strings, freed by `deinit`.
        private static func path(_ components: String...) -> UnsafeMutablePointer<UnsafePointer<CChar>?> {
            let path = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: components.count + 1)
            for (index, component) in components.enumerated() { path[index] = UnsafePointer(strdup(component)) }
            path[components.count] = nil
            return path
        }

        /// The country (and subdivision) of `address`, a textual IPv4 or IPv6 address. An
        /// IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is looked up as the IPv4 address it
        /// carries. Anything that is not an address, or is in no network of the file: `nil`.
        func place(of address: String) -> VisitorPlace? {
            // The longest address is 45 characters; a NUL would end the text inet_pton reads early.
            guard address.utf8.count <= 45, !address.utf8.contains(0) else { return nil }
            var error: Int32 = 0
            var result = MMDB_lookup_result_s()
            var v6 = in6_addr()
            var v4 = in_addr()
            var family = address.withCString { text -> Int32 in
                if inet_pton(AF_INET, text, &v4) == 1 { return AF_INET }
                if inet_pton(AF_INET6, text, &v6) == 1 { return AF_INET6 }
                return 0
            }
            if family == AF_INET6, let mapped = Self.mappedIPv4(v6) {
                v4 = mapped
                family = AF_INET
            }
            switch family {
            case AF_INET:
                var socket = sockaddr_in()
                socket.sin_family = sa_family_t(AF_INET)
                socket.sin_addr = v4
                result = withUnsafePointer(to: &socket) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
                }
            case AF_INET6:
                var socket = sockaddr_in6()
                socket.sin6_family = sa_family_t(AF_INET6)
                socket.sin6_addr = v6
                result = withUnsafePointer(to: &socket) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
                }
            default:
                return nil
            }
            guard error == MMDB_SUCCESS, result.found_entry else { return nil }
            guard let country = string(at: countryPath, in: &result.entry), Self.isCountryCode(country) else { return nil }
            guard let subdivision = string(at: subdivisionPath, in: &result.entry), Self.isSubdivisionCode(subdivision) else {
                return VisitorPlace(country: country)
            }
            return VisitorPlace(country: country, region: country + "-" + subdivision)
        }

        /// The UTF-8 string at `path` of the entry, if there is one.
        private func string(at path: UnsafeMutablePointer<UnsafePointer<CChar>?>, in entry: inout MMDB_entry_s) -> String? {
            var data = MMDB_entry_data_s()
            guard MMDB_aget_value(&entry, &data, path) == MMDB_SUCCESS, data.has_data, data.type == UInt32(MMDB_DATA_TYPE_UTF8_STRING),
                let start = data.utf8_string, data.data_size > 0, data.data_size <= 8
            else { return nil }
            return start.withMemoryRebound(to: UInt8.self, capacity: Int(data.data_size)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(data.data_size)), as: UTF8.self)
            }
        }

        /// The IPv4 address inside `::ffff:a.b.c.d`, if that is the form.
        private static func mappedIPv4(_ address: in6_addr) -> in_addr? {
            withUnsafeBytes(of: address) { bytes -> in_addr? in
                guard bytes[10] == 0xff, bytes[11] == 0xff, bytes[0..<10].allSatisfy({ $0 == 0 }) else { return nil }
                var v4 = in_addr()
                withUnsafeMutableBytes(of: &v4) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[12..<16])) }
                return v4
            }
        }

        /// ISO 3166-1 alpha-2: two capital letters.
        private static func isCountryCode(_ code: String) -> Bool {
            code.utf8.count == 2 && code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        }

        /// The part of ISO 3166-2 after the country: one to three capital letters or digits.
        private static func isSubdivisionCode(_ code: String) -> Bool {
            (1...3).contains(code.utf8.count)
                && code.utf8.allSatisfy {
                    ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                }
        }
    }
#endif
