import Testing
import UnilinkStorage

/// What a start failure prints about a database must never carry its password.
@Suite("Database problems in words")
struct DatabaseProblemTests {
    @Test(arguments: [
        ("postgres://ul:secret@db:5432/unilink", "postgres://ul@db:5432/unilink"),
        ("postgresql://ul:p%40ss@db/unilink?sslmode=require", "postgresql://ul@db/unilink?sslmode=require"),
        ("postgres://ul:s@cret@db/x", "postgres://ul@db/x"),
        ("postgres://ul@db/x", "postgres://ul@db/x"),
        ("postgres://db/x?user=a@b", "postgres://db/x?user=a@b"),
    ])
    func urlsArePrintedWithoutTheirPassword(url: String, shown: String) {
        #expect(DatabaseProblem.redacted(url) == shown)
        #expect(!DatabaseProblem.refused(url: DatabaseProblem.redacted(url), reason: "x").description.contains("secret"))
    }
}
