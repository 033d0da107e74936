import Foundation
import Testing
import UnilinkStorage

@Suite("A folder of backups")
struct BackupFolderTests {
    @Test func namesSortAsTheirMomentsAndOnlyTheirsExpire() {
        let first = Date(timeIntervalSince1970: 1_795_000_000.007)
        let names = [0, 0.5, 9, 86_400].map { BackupFolder.name(at: first.addingTimeInterval($0)) }
        #expect(names[0] == "unilink-2026-11-18T11-06-40.007Z.sqlite")
        #expect(names == names.sorted() && Set(names).count == 4 && names.allSatisfy(BackupFolder.isBackup))
        let theirs = ["unilink.sqlite", "unilink-2026-11-18.sqlite", "notes.txt", names[3] + ".partial"]
        #expect(BackupFolder.expired((names + theirs).shuffled(), keep: 2, taken: names[3]) == Array(names.prefix(2)))
        #expect(BackupFolder.expired(names, keep: 10, taken: names[3]) == [])
        // The clock went back: the copy just taken sorts first, and is still kept.
        #expect(BackupFolder.expired(names, keep: 2, taken: names[0]) == Array(names[1...2]))
        #expect(!BackupFolder.expired(names, keep: 1, taken: names[0]).contains(names[0]))
    }
}
