/// A JSON Schema in the dialect OpenAPI 3.1 uses (2020-12), built in Swift from the wire
/// types' names and `WireLimits`, and encoded as JSON. Only the keywords the document
/// needs; lengths count Unicode scalars, as the server's checks do.
struct JSONSchema: Sendable, Encodable {
    enum Kind: String, Sendable {
        case string, integer, number, boolean, array, object, null
    }

    struct Property: Sendable {
        let name: String
        let schema: JSONSchema
    }

    /// The schema of `items` or `additionalProperties`: a class, as a struct cannot hold itself.
    final class Nested: Sendable {
        let schema: JSONSchema
        init(_ schema: JSONSchema) { self.schema = schema }
    }

    enum Additional: Sendable {
        case allowed(Bool)
        case values(Nested)
    }

    var types: [Kind] = []
    var reference: String?
    var summary: String?
    var properties: [Property] = []
    var required: [String] = []
    var additional: Additional?
    var items: Nested?
    var length: ClosedRange<Int>?
    var maxLength: Int?
    var pattern: String?
    var format: String?
    var minimum: Double?
    var maximum: Double?
    var maxItems: Int?
    var minItems: Int?
    var maxProperties: Int?
    var propertyNames: Nested?
    var choices: [String]?
    var defaultValue: DefaultValue?
    var isReadOnly = false
    var anyOf: [JSONSchema] = []

    enum DefaultValue: Sendable, Encodable {
        case text(String), number(Double), flag(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .flag(let flag): try container.encode(flag)
            }
        }
    }
}

// MARK: Building

extension JSONSchema {
    static func string(length: ClosedRange<Int>? = nil, max: Int? = nil, pattern: String? = nil, format: String? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.string])
        schema.length = length
        schema.maxLength = max
        schema.pattern = pattern
        schema.format = format
        return schema
    }

    static func integer(_ range: ClosedRange<Int>? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.integer])
        schema.minimum = range.map { Double($0.lowerBound) }
        schema.maximum = range.map { Double($0.upperBound) }
        return schema
    }

    /// A whole number from 0 up.
    static let count: JSONSchema = {
        var schema = JSONSchema(types: [.integer])
        schema.minimum = 0
        return schema
    }()

    static func number(_ range: ClosedRange<Double>? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.number])
        schema.minimum = range?.lowerBound
        schema.maximum = range?.upperBound
        return schema
    }

    static let boolean = JSONSchema(types: [.boolean])

    /// One of a closed set of strings (a `WireEnum`'s cases).
    static func choice(_ values: [String]) -> JSONSchema {
        var schema = JSONSchema(types: [.string])
        schema.choices = values
        return schema
    }

    static func array(_ items: JSONSchema, max: Int? = nil, min: Int? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.array])
        schema.items = Nested(items)
        schema.maxItems = max
        schema.minItems = min
        return schema
    }

    /// An object whose keys are the listed properties. Unknown keys are ignored by the
    /// server (a newer client may send more), so the object stays open.
    static func object(_ properties: KeyValuePairs<String, JSONSchema>, required: [String] = []) -> JSONSchema {
        var schema = JSONSchema(types: [.object])
        schema.properties = properties.map { Property(name: $0.key, schema: $0.value) }
        schema.required = required
        return schema
    }

    /// An object used as a dictionary: any keys, each value `values`.
    static func map(_ values: JSONSchema, maxKeys: Int? = nil, keys: JSONSchema? = nil) -> JSONSchema {
        var schema = JSONSchema(types: [.object])
        schema.additional = .values(Nested(values))
        schema.maxProperties = maxKeys
        schema.propertyNames = keys.map(Nested.init)
        return schema
    }

    /// `#/components/schemas/<name>`.
    static func ref(_ name: String) -> JSONSchema {
        JSONSchema(reference: "#/components/schemas/" + name)
    }

    func described(_ text: String) -> JSONSchema {
        var schema = self
        schema.summary = text
        return schema
    }

    func defaulting(_ value: DefaultValue) -> JSONSchema {
        var schema = self
        schema.defaultValue = value
        return schema
    }

    /// Shown in answers only; a request may leave it out.
    var readOnly: JSONSchema {
        var schema = self
        schema.isReadOnly = true
        return schema
    }

    /// `null` means the same as leaving the field out.
    var nullable: JSONSchema {
        if reference != nil { return JSONSchema(anyOf: [self, JSONSchema(types: [.null])]) }
        var schema = self
        if !schema.types.contains(.null) { schema.types.append(.null) }
        return schema
    }

    /// The schema as a request body: every optional property of every object may be `null`
    /// (the server reads `null` as absent), and properties only answers show are dropped.
    var asRequest: JSONSchema {
        var schema = self
        schema.properties = properties.filter { !$0.schema.isReadOnly }.map { property in
            let inner = property.schema.asRequest
            return Property(name: property.name, schema: required.contains(property.name) ? inner : inner.nullable)
        }
        schema.items = items.map { Nested($0.schema.asRequest) }
        if case .values(let values) = additional { schema.additional = .values(Nested(values.schema.asRequest)) }
        return schema
    }
}
