import SQLiteKit

/// The `VALUES` of a multi-row insert on SQLite whose rows mostly repeat the first one (a
/// batch of clicks on one link shares its app, link, day, host, path, platform...): in a
/// column that may share, a value equal to the first row's names that row's parameter
/// (`?3`) instead of being bound again. Binding a text copies it twice (Swift's C string,
/// then SQLite's own copy); those copies were half of a recorded click's allocations.
struct SQLiteRows {
    let columns: Int
    /// Bit `c` set: column `c` may take the first row's value.
    private let sharing: UInt64
    private(set) var text = ""
    private(set) var binds: [SQLiteData] = []
    private(set) var count = 0
    private var first: [SQLiteData] = []
    private var column = 0
    /// The columns of the row being added that take the first row's value.
    private var shared: UInt64 = 0
    /// A row's text for each pattern of shared columns met so far.
    private var rowTexts: [UInt64: String] = [:]

    init(columns: Int, sharing: [Int], rows: Int) {
        precondition(columns <= 64, "a row of more than 64 columns")
        self.columns = columns
        self.sharing = sharing.reduce(0) { $0 | 1 << UInt64($1) }
        text.reserveCapacity(rows * (columns * 5 + 4))
        binds.reserveCapacity(rows * columns)
        first.reserveCapacity(columns)
    }

    /// The next value of the row being added; the row ends after its last column.
    mutating func append(_ value: SQLiteData) {
        let bit: UInt64 = 1 << UInt64(column)
        if count == 0 {
            first.append(value)
            binds.append(value)
        } else if sharing & bit != 0, value == first[column] {
            shared |= bit
        } else {
            binds.append(value)
        }
        column += 1
        guard column == columns else { return }
        text += count == 0 ? "(" : ", ("
        text += rowText(shared: shared)
        count += 1
        column = 0
        shared = 0
    }

    /// `?` binds the next value; `?n` repeats the first row's column `n - 1`, whose
    /// values were bound first, in order.
    private mutating func rowText(shared: UInt64) -> String {
        if let known = rowTexts[shared] { return known }
        let row = (0..<columns).map { shared & 1 << UInt64($0) != 0 ? "?\($0 + 1)" : "?" }.joined(separator: ", ") + ")"
        rowTexts[shared] = row
        return row
    }
}
