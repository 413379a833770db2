import Foundation

/// Any JSON value, typed: the fields of a record travelling through sync, compared and merged
/// field by field without knowing the record's Swift type.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Tries the types in the order a record's fields hold them most (strings for dates and notes,
    /// then numbers): every wrong guess costs the decoder a thrown error, and a sync batch decodes
    /// tens of thousands of these.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value of any `Encodable`, as its JSON (dates as ISO 8601, like the API).
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoding.encode(value)
    }

    /// Decodes a `Decodable` from this value.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValue.decoder.decode(type, from: try JSONValue.encoder.encode(self))
    }

    public var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// Every leaf by its dotted path ("display.theme"); an empty object is a leaf of its own, so
    /// that flattening and ``init(leaves:)`` give back the same value.
    public var leaves: [String: JSONValue] {
        guard case .object(let members) = self, !members.isEmpty else { return ["": self] }
        var result: [String: JSONValue] = [:]
        for (key, member) in members {
            for (path, leaf) in member.leaves {
                result[path.isEmpty ? key : key + "." + path] = leaf
            }
        }
        return result
    }

    /// The object whose leaves are `leaves` (the inverse of ``leaves``).
    public init(leaves: [String: JSONValue]) {
        if let whole = leaves[""] {
            self = whole
            return
        }
        var groups: [String: [String: JSONValue]] = [:]
        for (path, leaf) in leaves {
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            groups[parts[0], default: [:]][parts.count > 1 ? parts[1] : ""] = leaf
        }
        self = .object(groups.mapValues(JSONValue.init(leaves:)))
    }

    /// The paths whose leaves differ between two values (present in one only, or unequal).
    public static func changedPaths(from old: JSONValue, to new: JSONValue) -> Set<String> {
        let before = old.leaves
        let after = new.leaves
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
