/// The fields two versions of an object differ in: top-level keys of their JSON, each with
/// its value before and after (a field added has no before, a field removed no after). A
/// creation lists every field with no before, a deletion every field with no after.
public enum AuditDiff {
    public static func changes(before: JSONValue?, after: JSONValue?, ignoring ignored: Set<String> = ["updated_at", "updatedAt"])
        -> [String: AuditChange]
    {
        let old = fields(before), new = fields(after)
        var changes: [String: AuditChange] = [:]
        for key in Set(old.keys).union(new.keys) where !ignored.contains(key) && old[key] != new[key] {
            changes[key] = AuditChange(before: old[key], after: new[key])
        }
        return changes
    }

    private static func fields(_ value: JSONValue?) -> [String: JSONValue] {
        guard case .object(let fields) = value else { return [:] }
        return fields.filter { $0.value != .null }
    }
}
