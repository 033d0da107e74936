import Foundation
import SwiftCSV
public import UnilinkAPI
import UnilinkCore

/// Links exported from Firebase Dynamic Links, Branch or as JSON, as the link bodies the
/// batch API takes. Each old short link's last path segment becomes the alias, so
/// `https://links.example.com/aBcD` keeps working once that host points at Unilink as
/// one of the app's short hosts.
public enum LinkImport {
    public enum Format: String, CaseIterable, Sendable {
        case fdlCSV = "fdl-csv", branchCSV = "branch-csv", json
    }

    public struct Row: Sendable {
        /// 1-based line (CSV, header is line 1) or item number (JSON).
        public var line: Int
        public var oldURL: String?
        /// `nil` when the row could not be read; `problem` says why.
        public var body: LinkBody?
        public var problem: String?
        /// What the old service routed by that this link cannot (`key: reason`): the link is
        /// made without it, and the import says so.
        public var skipped: [String] = []
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func rows(_ text: String, format: Format) throws -> [Row] {
        switch format {
        case .json: return try json(text)
        case .fdlCSV, .branchCSV:
            let csv: NamedCSV
            do {
                csv = try NamedCSV(string: text, loadColumns: false)
            } catch {
                throw Failure(description: "the file is not CSV: \(error)")
            }
            let header = Dictionary(
                csv.header.map { ($0.trimmingCharacters(in: .whitespaces).lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            return try csv.rows.enumerated().map { index, row in
                let line = index + 2
                let cells = Dictionary(
                    row.map { ($0.key.trimmingCharacters(in: .whitespaces), $0.value.trimmingCharacters(in: .whitespaces)) },
                    uniquingKeysWith: { first, _ in first })
                return format == .fdlCSV ? try fdl(cells, header: header, line: line) : branch(cells, line: line)
            }
        }
    }

    static let shortColumns = ["short link", "short_link", "shortlink", "short dynamic link", "short url", "short_url"]
    static let longColumns = ["long link", "long_link", "longlink", "long dynamic link", "dynamic link", "link"]

    /// Firebase's export: the short link and the long dynamic link it expanded to.
    static func fdl(_ cells: [String: String], header: [String: String], line: Int) throws -> Row {
        guard let shortColumn = shortColumns.lazy.compactMap({ header[$0] }).first,
            let longColumn = longColumns.lazy.compactMap({ header[$0] }).first
        else {
            throw Failure(description: "an FDL CSV needs a short link column (\(shortColumns[0])) and a long link column (\(longColumns[0]))")
        }
        let old = cells[shortColumn] ?? "", long = cells[longColumn] ?? ""
        var row = Row(line: line, oldURL: old)
        guard let alias = alias(of: old) else { row.problem = "'\(old.prefix(200))' is not a short link with a path"; return row }
        guard !long.isEmpty else { row.problem = "no long link"; return row }
        var body = LinkBody(alias: alias)
        body.dynamicLink = long
        row.body = body
        return row
    }

    /// Branch's export: the link's `url` plus its `$`/`~` keys as columns and, optionally,
    /// a `data` column holding the rest as JSON. Its iPad, mobile-web and per-country
    /// redirects become routing rules (`BranchRedirects`).
    static func branch(_ cells: [String: String], line: Int) -> Row {
        let old = cells["url"] ?? cells["link"] ?? ""
        var row = Row(line: line, oldURL: old)
        var data: [String: JSONValue] = [:]
        if let json = cells["data"], !json.isEmpty {
            guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(json.utf8)) else {
                row.problem = "the data column is not a JSON object"
                return row
            }
            data = object
        }
        for (key, value) in cells where (key.hasPrefix("$") || key.hasPrefix("~")) && !value.isEmpty { data[key] = .string(value) }
        for key in ["deep_link_value"] where cells[key]?.isEmpty == false { data[key] = .string(cells[key]!) }
        // Per-device and per-country redirects become rules; the keys left hold no route here.
        var texts = data.compactMapValues(BranchLink.text)
        let redirects = BranchRedirects.take(from: &texts)
        data = data.filter { key, value in texts[key] != nil || BranchLink.text(value) == nil }
        row.skipped = redirects.skipped.map { "\($0.key): \($0.reason)" }
        let alias = cells["alias"].flatMap { $0.isEmpty ? nil : $0 } ?? self.alias(of: old)
        do {
            row.body = try BranchLink(
                alias: alias, data: data, channel: cells["channel"].flatMap { $0.isEmpty ? nil : $0 },
                feature: cells["feature"].flatMap { $0.isEmpty ? nil : $0 },
                campaign: cells["campaign"].flatMap { $0.isEmpty ? nil : $0 }
            ).body()
            if !redirects.rules.isEmpty { row.body?.rules = redirects.rules }
        } catch {
            row.problem = error.message
        }
        return row
    }

    /// An array of the API's link bodies, each optionally with `old_url` naming the short
    /// link it replaces (its path becomes the alias unless one is given).
    static func json(_ text: String) throws -> [Row] {
        guard let items = try? JSONDecoder().decode([JSONValue].self, from: Data(text.utf8)) else {
            throw Failure(description: "the file is not a JSON array of links")
        }
        return items.enumerated().map { index, item in
            var row = Row(line: index + 1)
            guard case .object(var object) = item else { row.problem = "not a JSON object"; return row }
            if case .string(let old)? = object.removeValue(forKey: "old_url") { row.oldURL = old }
            do {
                var body = try JSONDecoder().decode(LinkBody.self, from: JSONEncoder().encode(JSONValue.object(object)))
                if body.alias == nil, let old = row.oldURL { body.alias = alias(of: old) }
                row.body = body
            } catch {
                row.problem = "not a link: \(error)"
            }
            return row
        }
    }

    /// The last path segment of an old short link: its code on the old service.
    static func alias(of url: String) -> String? {
        guard let parsed = LinkURL(url) else { return nil }
        let segment = parsed.path.split(separator: "/").last.map(String.init) ?? ""
        return segment.isEmpty ? nil : URLText.decode(Substring(segment))
    }
}
