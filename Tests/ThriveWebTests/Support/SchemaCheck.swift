import Foundation
import Testing

/// A JSON value with its exact kind (JSONSerialization blurs booleans, integers and decimals).
indirect enum SchemaJSON: Decodable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SchemaJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SchemaJSON].self))
        }
    }

    static func parse(_ text: String) throws -> SchemaJSON {
        try JSONDecoder().decode(SchemaJSON.self, from: Data(text.utf8))
    }

    subscript(key: String) -> SchemaJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var objectValue: [String: SchemaJSON]? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// Checks a JSON value against the subset of JSON Schema the OpenAPI document uses: `$ref`, `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `pattern` and `format: date-time`.
/// Returns the problems found, each with its path.
struct SchemaCheck {
    let document: SchemaJSON

    func problems(_ value: SchemaJSON, against schema: SchemaJSON, at path: String = "$") -> [String] {
        if let reference = schema["$ref"]?.stringValue {
            let name = String(reference.split(separator: "/").last ?? "")
            guard let target = document["components"]?["schemas"]?[name] else { return ["\(path): unresolved \(reference)"] }
            return problems(value, against: target, at: path)
        }
        var found: [String] = []
        if case .array(let allowed)? = schema["enum"], case .string(let text) = value,
            !allowed.contains(where: { $0.stringValue == text })
        {
            found.append("\(path): \(text) is not an allowed value")
        }
        if let pattern = schema["pattern"]?.stringValue, let text = value.stringValue,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            found.append("\(path): \(text) does not match \(pattern)")
        }
        if let constant = schema["const"]?.stringValue, value.stringValue != constant {
            found.append("\(path): expected \(constant)")
        }
        switch schema["type"]?.stringValue {
        case "object":
            guard case .object(let object) = value else { return found + ["\(path): expected an object"] }
            let properties = schema["properties"]?.objectValue ?? [:]
            if case .array(let required)? = schema["required"] {
                for key in required.compactMap(\.stringValue) where object[key] == nil {
                    found.append("\(path).\(key): required but missing")
                }
            }
            for (key, child) in object {
                if let property = properties[key] {
                    found += problems(child, against: property, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"], case .object = extra {
                    found += problems(child, against: extra, at: "\(path).\(key)")
                } else if case .bool(false)? = schema["additionalProperties"] {
                    found.append("\(path).\(key): not in the schema")
                }
            }
        case "array":
            guard case .array(let array) = value else { return found + ["\(path): expected an array"] }
            if let items = schema["items"] {
                for (index, element) in array.enumerated() { found += problems(element, against: items, at: "\(path)[\(index)]") }
            }
        case "string":
            guard case .string(let text) = value else { return found + ["\(path): expected a string"] }
            if schema["format"]?.stringValue == "date-time", (try? Date.ISO8601FormatStyle().parse(text)) == nil {
                found.append("\(path): \(text) is not a date-time")
            }
        case "integer":
            guard case .integer = value else { return found + ["\(path): expected an integer"] }
        case "number":
            switch value {
            case .integer, .number: break
            default: found.append("\(path): expected a number")
            }
        case "boolean":
            guard case .bool = value else { return found + ["\(path): expected true or false"] }
        default:
            break
        }
        return found
    }
}

extension SchemaCheck {
    /// Expects `reply` to match what the document says `method path` answers with its status.
    func expectDocumented(
        _ reply: Reply, _ path: String, _ method: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var response = document["paths"]?[path]?[method]?["responses"]?[String(reply.status.code)]
        if let reference = response?["$ref"]?.stringValue, reference.hasPrefix("#/components/responses/") {
            response = document["components"]?["responses"]?[String(reference.dropFirst("#/components/responses/".count))]
        }
        let schema = try #require(
            response?["content"]?["application/json"]?["schema"],
            "\(method) \(path) documents no \(reply.status.code) answer", sourceLocation: sourceLocation)
        let found = problems(try SchemaJSON.parse(reply.text), against: schema)
        #expect(found.isEmpty, "\(method) \(path) \(reply.status.code): \(found)", sourceLocation: sourceLocation)
    }
}
