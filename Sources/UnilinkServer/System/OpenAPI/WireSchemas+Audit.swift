import UnilinkCore

extension WireSchemas {
    static let auditPage = JSONSchema.object(
        [
            "data": .array(auditRecord),
            "next_cursor": JSONSchema.string().described("Pass as `cursor` for the next page; absent on the last one."),
        ], required: ["data"])

    static let auditRecord = JSONSchema.object(
        [
            "id": .string(), "time": timestamp,
            "actor": .object(
                [
                    "kind": JSONSchema.choice(AuditActor.Kind.allCases.map(\.rawValue)),
                    "id": JSONSchema.string().described("admin for the admin token, the app for its keys, a session's id for the dashboard"),
                ], required: ["kind", "id"]),
            "action": JSONSchema.string().described(
                "link.create, link.update, link.delete, app.create, app.update, app.key.rotate, dashboard.sign_in, ..."),
            "object": .object(["kind": .string(), "id": .string()], required: ["kind", "id"]),
            "app_id": .string(),
            "changes": .map(
                .object(
                    [
                        "before": JSONSchema().described("The field's value before; absent when it had none."),
                        "after": JSONSchema().described("After."),
                    ])
            ).described("The fields the change set, by their API names."),
            "address": JSONSchema.string().described("The client's address as the server read it."),
        ], required: ["id", "time", "actor", "action", "object", "changes"])
}
