import Foundation

/// A type that refuses, while it decodes, any key it does not read: a misspelt field is an error
/// the person can fix, not a value silently dropped. Checking as it goes saves encoding the value
/// again to compare, which for a sync batch of a thousand changes is most of the time its
/// request takes.
public protocol ClosedKeys: Decodable {}

/// A key the type does not read, found while decoding; `codingPath` leads to the object holding it.
public struct UnknownKeyError: Error, Sendable {
    public let path: String

    public init(codingPath: [any CodingKey], key: String) {
        path = (codingPath + [AnyKey(stringValue: key)]).dottedPath
    }
}

extension [any CodingKey] {
    /// The path as a person reads it in a message: `samples[3].value`.
    public var dottedPath: String {
        var text = ""
        for key in self {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

extension Decoder {
    /// Throws ``UnknownKeyError`` for the first key (in name order) that is not one of `Key`'s
    /// and is not null.
    public func rejectUnknownKeys<Key: CodingKey & CaseIterable>(besides keys: Key.Type) throws {
        let known = Set(Key.allCases.map(\.stringValue))
        let container = try container(keyedBy: AnyKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            if try container.decodeNil(forKey: key) { continue }
            throw UnknownKeyError(codingPath: codingPath, key: key.stringValue)
        }
    }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
