import HTTPTypes
import UnilinkAPI
import UnilinkCore

/// An app's webhook subscriptions.
extension OpenAPIOperation {
    static var webhooks: [OpenAPIOperation] {
        let read: [Int] = [401, 403, 404, 429, 503], write: [Int] = [400, 401, 403, 404, 413, 422, 429, 503]
        return [
            .init(
                method: .post, path: APIPath.appWebhooks, summary: "Subscribe a URL to the app's events; the answer shows the signing secret once",
                credential: .apiToken, scope: .appsWrite, body: "WebhookCreate",
                answers: [.json(201, "The subscription", "Webhook")] + A.errors(write)),
            .init(
                method: .get, path: APIPath.appWebhooks, summary: "The app's webhook subscriptions", credential: .apiToken, scope: .appsWrite,
                answers: [.json(200, "Subscriptions", "WebhookList")] + A.errors(read)),
            .init(
                method: .get, path: APIPath.appWebhook, summary: "A subscription", credential: .apiToken, scope: .appsWrite,
                answers: [.json(200, "The subscription", "Webhook")] + A.errors(read)),
            .init(
                method: .patch, path: APIPath.appWebhook, summary: "Change a subscription (fields given replace the stored ones)",
                credential: .apiToken, scope: .appsWrite, body: "WebhookPatch", answers: [.json(200, "The subscription", "Webhook")] + A.errors(write)
            ),
            .init(
                method: .delete, path: APIPath.appWebhook, summary: "Delete a subscription", credential: .apiToken, scope: .appsWrite,
                answers: [.init(status: 204, summary: "Deleted")] + A.errors(read)),
            .init(
                method: .post, path: APIPath.appWebhookSecretRotation,
                summary: "A new signing secret, shown once; the old one signs beside it until its grace period ends", credential: .apiToken,
                scope: .appsWrite, body: .optional("WebhookSecretRotation"),
                answers: [.json(201, "The subscription with its new secret", "Webhook")] + A.errors(write)),
            .init(
                method: .get, path: APIPath.appWebhookMessages, summary: "The delivery log, newest first", credential: .apiToken,
                scope: .appsWrite,
                parameters: [
                    .init(name: "state", place: .query, schema: .choice(["pending", "delivered", "failed"])),
                    .init(name: "before", place: .query, schema: .string(length: 1...64), summary: "A message id: older ones only"),
                    .init(name: "limit", place: .query, schema: .integer(1...200), summary: "50 if absent"),
                ],
                answers: [.json(200, "Messages", "WebhookMessageList")] + A.errors([400] + read)),
            .init(
                method: .get, path: APIPath.appWebhookMessage, summary: "One message, with its payload", credential: .apiToken, scope: .appsWrite,
                answers: [.json(200, "The message", "WebhookMessage")] + A.errors(read)),
            .init(
                method: .post, path: APIPath.appWebhookMessageRetry, summary: "Send one message again now, under the same webhook-id",
                credential: .apiToken, scope: .appsWrite, answers: [.json(202, "Queued", "WebhookRetryCount")] + A.errors(read)),
            .init(
                method: .post, path: APIPath.appWebhookRetry, summary: "Send again every failed message created in [from, to)",
                credential: .apiToken, scope: .appsWrite, body: .optional("WebhookRetryRange"),
                answers: [.json(202, "Queued", "WebhookRetryCount")] + A.errors([400, 413] + read)),
            .init(
                method: .post, path: APIPath.appWebhookTest, summary: "Send a webhook.test event to this subscription", credential: .apiToken,
                scope: .appsWrite, answers: [.json(202, "Queued", "WebhookTestMessage")] + A.errors([409] + read)),
        ]
    }
}

extension WireSchemas {
    static var webhooks: [String: JSONSchema] {
        let events = JSONSchema.array(
            JSONSchema.string(
                pattern: "^(click|install|open|reinstall|link\\.created|link\\.updated|link\\.deleted|custom\\.[A-Za-z0-9_-]{1,64})$"),
            max: WebhookRules.maxEvents, min: 1)
        let fields: KeyValuePairs<String, JSONSchema> = [
            "url": JSONSchema.string(length: 1...WebhookDestination.maxURLBytes).described(
                "https; 422 when it does not parse, is not https, or leads to a private, loopback or link-local address"),
            "events": events,
            "link_id": JSONSchema.string(length: 0...64).described("Only this link's events; empty: every link's"),
            "campaign": JSONSchema.string(length: 0...128).described("Only events of links of this campaign; empty: any"),
            "automated": JSONSchema.boolean.described("Clicks of scanners and bots too"), "enabled": .boolean,
        ]
        return [
            "WebhookCreate": JSONSchema.object(fields, required: ["url", "events"]).asRequest,
            "WebhookPatch": JSONSchema.object(fields).asRequest,
            "Webhook": .object(
                [
                    "id": .string(), "app_id": .string(), "url": .string(), "events": .array(.string()), "link_id": .string(), "campaign": .string(),
                    "automated": .boolean, "enabled": .boolean, "created_at": timestamp, "updated_at": timestamp,
                    "secret": JSONSchema.string().described("whsec_...: only in the answers that made it"),
                    "previous_secret_expires_at": timestamp, "failing_since": timestamp,
                    "disabled_reason": JSONSchema.string().described("Why the server turned it off (every delivery failed for 5 days)"),
                ], required: ["id", "app_id", "url", "events", "automated", "enabled", "created_at", "updated_at"]),
            "WebhookList": .object(["data": .array(.ref("Webhook"))], required: ["data"]),
            "WebhookMessage": .object(
                [
                    "id": .string(), "type": .string(), "state": .choice(["pending", "delivered", "failed"]), "attempts": .integer(0...100),
                    "created_at": timestamp, "next_attempt_at": timestamp, "last_attempt_at": timestamp, "last_status": .integer(100...599),
                    "last_error": .string(), "last_duration_ms": .integer(0...600_000), "last_response": .string(), "delivered_at": timestamp,
                    "payload": JSONSchema.string().described("The body sent, as JSON text (one message only)"),
                ], required: ["id", "type", "state", "attempts", "created_at"]),
            "WebhookMessageList": .object(["data": .array(.ref("WebhookMessage"))], required: ["data"]),
            "WebhookRetryRange": JSONSchema.object(["from": timestamp, "to": timestamp]).asRequest,
            "WebhookRetryCount": .object(["count": .integer(0...1_000_000_000)], required: ["count"]),
            "WebhookTestMessage": .object(["message_id": .string()], required: ["message_id"]),
            "WebhookSecretRotation": JSONSchema.object(
                [
                    "grace_seconds": JSONSchema.integer(WireLimits.graceSeconds).described(
                        "How long the old secret signs beside the new one; 86400 by default, 0 to stop it now")
                ]
            ).asRequest,
        ]
    }
}
