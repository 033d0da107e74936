import UnilinkCore

extension WireSchemas {
    static var people: [String: JSONSchema] {
        let role = JSONSchema.choice(Role.allCases.map(\.rawValue))
        let name = JSONSchema.string(length: 0...120)
        return [
            "User": .object(
                [
                    "id": .string(), "email": .string(), "name": .string(), "owner": .boolean, "disabled": .boolean,
                    "has_password": JSONSchema.boolean.described("False until the person has used their invitation."),
                    "two_factor": .boolean,
                    "apps": .array(.object(["app_id": .string(), "role": role], required: ["app_id", "role"])), "created_at": timestamp,
                ], required: ["id", "email", "name", "owner", "disabled", "has_password", "two_factor", "apps", "created_at"]),
            "UserCreate": JSONSchema.object(
                [
                    "email": JSONSchema.string(length: 3...254).described("Unique, compared without case; 422 when it is no e-mail address."),
                    "name": name, "owner": JSONSchema.boolean.described("Everything, people included."),
                    "apps": JSONSchema.map(role, maxKeys: 1000).described("Role per app id."),
                ], required: ["email"]
            ).asRequest,
            "UserPatch": JSONSchema.object(
                [
                    "name": name, "owner": .boolean,
                    "disabled": JSONSchema.boolean.described("A disabled person's sessions end and their tokens stop."),
                ]
            ).asRequest,
            "UserCreated": .object(["user": .ref("User"), "invitation": .ref("Invitation")], required: ["user", "invitation"]),
            "UserList": .object(["data": .array(.ref("User"))], required: ["data"]),
            "Invitation": .object(
                ["url": JSONSchema.string().described("One-time: the person chooses their password there."), "expires_at": timestamp],
                required: ["url", "expires_at"]),
            "MemberAdd": JSONSchema.object(
                ["user": JSONSchema.string(length: 1...254).described("A person's id or e-mail address."), "role": role], required: ["user", "role"]
            ).asRequest,
            "Member": .object(
                ["user": .string(), "email": .string(), "name": .string(), "role": role], required: ["user", "email", "name", "role"]),
            "MemberList": .object(["data": .array(.ref("Member"))], required: ["data"]),
            "TokenCreate": JSONSchema.object(
                [
                    "name": JSONSchema.string(length: 1...120).described("What uses it."),
                    "scopes": .array(.choice(Scope.allCases.map(\.rawValue)), max: Scope.allCases.count, min: 1),
                    "apps": JSONSchema.array(.string(length: 1...64), max: 1000).described("Only these apps; absent: every app of the person's."),
                    "expires_at": timestamp,
                    "user": JSONSchema.string(length: 1...64).described(
                        "Whose token: the admin token and owners name a person; a token makes its own person's."),
                ], required: ["name", "scopes"]
            ).asRequest,
            "Token": .object(
                [
                    "id": .string(), "name": .string(), "user": .string(), "hint": JSONSchema.string().described("The token's first characters."),
                    "scopes": .array(.choice(Scope.allCases.map(\.rawValue))), "apps": .array(.string()), "created_at": timestamp,
                    "expires_at": timestamp, "last_used_at": timestamp, "revoked_at": timestamp,
                    "token": JSONSchema.string().described("ulpat_...: only in the answer that made it."),
                ], required: ["id", "name", "user", "hint", "scopes", "created_at"]),
            "TokenList": .object(["data": .array(.ref("Token"))], required: ["data"]),
            "Me": .object(
                [
                    "kind": JSONSchema.choice(["api_token", "admin_token", "secret_key"]), "user": .ref("User"), "token": .ref("Token"),
                ], required: ["kind"]),
        ]
    }
}
