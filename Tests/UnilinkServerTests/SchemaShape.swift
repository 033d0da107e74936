import SQLKit

@testable import UnilinkStorage

/// A schema as the queries of a build see it: its tables, their columns, and the unique
/// keys a write must respect. Read from a real database; compared to tell whether the
/// build that wrote `before`'s queries still works on `after` (a rolling step).
struct SchemaShape: Equatable {
    struct Column: Equatable {
        let type: String
        let nullable: Bool
        let hasDefault: Bool
    }

    /// Table → column → what a query needs to know of it.
    var tables: [String: [String: Column]]
    /// Table → its unique keys (primary key included), each as its columns in order.
    var uniqueKeys: [String: Set<[String]>]

    /// Why the queries written for `before` could fail on this schema; empty when they
    /// cannot.
    func problems(since before: SchemaShape) -> [String] {
        var problems: [String] = []
        for (table, columns) in before.tables.sorted(by: { $0.key < $1.key }) {
            guard let now = tables[table] else {
                problems.append("table \(table) is gone")
                continue
            }
            for (name, column) in columns.sorted(by: { $0.key < $1.key }) {
                guard let current = now[name] else {
                    problems.append("\(table).\(name) is gone")
                    continue
                }
                if current.type != column.type { problems.append("\(table).\(name) changed type from \(column.type) to \(current.type)") }
                if column.nullable && !current.nullable { problems.append("\(table).\(name) no longer takes NULL") }
            }
            for (name, column) in now.sorted(by: { $0.key < $1.key }) where columns[name] == nil && !column.nullable && !column.hasDefault {
                problems.append("\(table).\(name) is new, required and without a default: the build before leaves it out")
            }
            for key in (uniqueKeys[table] ?? []).subtracting(before.uniqueKeys[table] ?? []).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                problems.append("\(table) has a new unique key (\(key.joined(separator: ", "))) the build before does not respect")
            }
        }
        return problems
    }

    /// The shape of the database `store` is open on (partitions of a PostgreSQL table are
    /// the table's own business and left out).
    static func read(_ store: SQLStore) async throws -> SchemaShape {
        let database = store.database
        var shape = SchemaShape(tables: [:], uniqueKeys: [:])
        switch store.dialect {
        case .sqlite:
            let names = try await database.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all()
                .map { try $0.decode(column: "name", as: String.self) }
            for table in names {
                var columns: [String: Column] = [:]
                var primary: [(Int, String)] = []
                for row in try await database.raw("SELECT * FROM pragma_table_info(\(bind: table))").all() {
                    let name = try row.decode(column: "name", as: String.self)
                    let position = try row.decode(column: "pk", as: Int.self)
                    columns[name] = Column(
                        type: try row.decode(column: "type", as: String.self).uppercased(),
                        nullable: try row.decode(column: "notnull", as: Int.self) == 0 && position == 0,
                        hasDefault: try row.decode(column: "dflt_value", as: String?.self) != nil)
                    if position > 0 { primary.append((position, name)) }
                }
                shape.tables[table] = columns
                var keys: Set<[String]> = primary.isEmpty ? [] : [primary.sorted { $0.0 < $1.0 }.map(\.1)]
                for index in try await database.raw("SELECT name, \"unique\" AS is_unique FROM pragma_index_list(\(bind: table))").all()
                where try index.decode(column: "is_unique", as: Int.self) == 1 {
                    let name = try index.decode(column: "name", as: String.self)
                    keys.insert(
                        try await database.raw("SELECT name FROM pragma_index_info(\(bind: name)) ORDER BY seqno").all()
                            .map { try $0.decode(column: "name", as: String.self) })
                }
                shape.uniqueKeys[table] = keys
            }
        case .postgres:
            let rows = try await database.raw(
                """
                SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default FROM information_schema.columns c
                JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace
                WHERE c.table_schema = 'public' AND NOT k.relispartition
                """
            ).all()
            for row in rows {
                let table = try row.decode(column: "table_name", as: String.self)
                shape.tables[table, default: [:]][try row.decode(column: "column_name", as: String.self)] = Column(
                    type: try row.decode(column: "data_type", as: String.self).uppercased(),
                    nullable: try row.decode(column: "is_nullable", as: String.self) == "YES",
                    hasDefault: try row.decode(column: "column_default", as: String?.self) != nil)
            }
            let keys = try await database.raw(
                """
                SELECT t.relname AS table_name, i.relname AS index_name, array_to_string(ARRAY(
                    SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n), ',') AS columns
                FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
                WHERE x.indisunique AND t.relnamespace = 'public'::regnamespace AND NOT t.relispartition
                """
            ).all()
            for row in keys {
                let table = try row.decode(column: "table_name", as: String.self)
                shape.uniqueKeys[table, default: []].insert(try row.decode(column: "columns", as: String.self).split(separator: ",").map(String.init))
            }
        }
        return shape
    }

    /// What the build before writes and then reads back, in the generic form every table
    /// takes: a row naming only `before`'s columns, and that row selected by them.
    /// Throws what the database answers when one of them fails.
    func writeAndReadEveryTable(on store: SQLStore) async throws {
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            let names = columns.keys.sorted()
            let values = names.map { Self.sample(columns[$0]!.type) }
            let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
            let binds = SQLList(values.map { SQLBind($0) })
            try await store.database.raw("INSERT INTO \(ident: table) (\(unsafeRaw: list)) VALUES (\(binds))").run()
            let matching = names.map { "\"\($0)\" = " }
            var query = SQLQueryString("SELECT \(unsafeRaw: list) FROM \(ident: table) WHERE ")
            for (index, condition) in matching.enumerated() {
                query.appendInterpolation(unsafeRaw: (index == 0 ? "" : " AND ") + condition)
                query.appendInterpolation(bind: values[index])
            }
            let found = try await store.database.raw(query).all()
            if found.count != 1 { throw SchemaShapeError("\(table): the row written with the columns before reads back \(found.count) times") }
        }
    }

    /// A value of the column's type that no migration writes itself.
    private static func sample(_ type: String) -> SampleValue {
        if type.contains("INT") { return .integer(7_357) }
        if type.contains("DOUBLE") || type.contains("REAL") { return .double(7.5) }
        return .text("rolling-check")
    }
}

enum SampleValue: Encodable, Sendable {
    case integer(Int64), double(Double), text(String)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}

struct SchemaShapeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
