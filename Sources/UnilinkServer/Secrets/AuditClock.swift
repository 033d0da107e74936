/// Where this process's last audit id was made, so the next one sorts after it: in the
/// same millisecond (a bulk change writes many entries at once) its sequence number is
/// one more, and a clock that steps back does not take the ids back with it. Ids made by
/// two instances in one millisecond still order by their random part.
struct AuditClock: Sendable {
    /// 16³: the sequence is three hex digits, which sort alike in any collation
    /// (base 62's capitals sort after small letters in `en_US` and the like).
    static let sequences = 4_096

    private(set) var milliseconds: UInt64 = 0
    private(set) var sequence = 0

    /// The millisecond and sequence number of an id made at `now`.
    mutating func next(at now: UInt64) -> (milliseconds: UInt64, sequence: Int) {
        if now > milliseconds {
            milliseconds = now
            sequence = 0
        } else if sequence + 1 < Self.sequences {
            sequence += 1
        } else {
            milliseconds += 1
            sequence = 0
        }
        return (milliseconds, sequence)
    }
}
