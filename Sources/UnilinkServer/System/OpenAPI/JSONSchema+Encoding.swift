extension JSONSchema {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let reference { try container.encode(reference, forKey: Key("$ref")) }
        if !anyOf.isEmpty { try container.encode(anyOf, forKey: Key("anyOf")) }
        switch types.count {
        case 0: break
        case 1: try container.encode(types[0].rawValue, forKey: Key("type"))
        default: try container.encode(types.map(\.rawValue), forKey: Key("type"))
        }
        try container.encodeIfPresent(summary, forKey: Key("description"))
        if !properties.isEmpty {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("properties"))
            for property in properties { try nested.encode(property.schema, forKey: Key(property.name)) }
        }
        if !required.isEmpty { try container.encode(required, forKey: Key("required")) }
        switch additional {
        case .allowed(let allowed): try container.encode(allowed, forKey: Key("additionalProperties"))
        case .values(let values): try container.encode(values.schema, forKey: Key("additionalProperties"))
        case nil: break
        }
        try container.encodeIfPresent(propertyNames?.schema, forKey: Key("propertyNames"))
        try container.encodeIfPresent(maxProperties, forKey: Key("maxProperties"))
        try container.encodeIfPresent(items?.schema, forKey: Key("items"))
        try container.encodeIfPresent(minItems, forKey: Key("minItems"))
        try container.encodeIfPresent(maxItems, forKey: Key("maxItems"))
        try container.encodeIfPresent(length?.lowerBound, forKey: Key("minLength"))
        try container.encodeIfPresent(length?.upperBound ?? maxLength, forKey: Key("maxLength"))
        try container.encodeIfPresent(pattern, forKey: Key("pattern"))
        try container.encodeIfPresent(format, forKey: Key("format"))
        try container.encodeIfPresent(minimum, forKey: Key("minimum"))
        try container.encodeIfPresent(maximum, forKey: Key("maximum"))
        if let choices {
            var list = container.nestedUnkeyedContainer(forKey: Key("enum"))
            for choice in choices { try list.encode(choice) }
            if types.contains(.null) { try list.encodeNil() }
        }
        try container.encodeIfPresent(defaultValue, forKey: Key("default"))
        if isReadOnly { try container.encode(true, forKey: Key("readOnly")) }
    }
}
