import Foundation

/// Encodes an `Encodable` straight into a ``JSONValue``, as `JSONEncoder` with ISO 8601 dates would
/// write it, without writing and parsing the bytes in between: sync turns every record it checks
/// into fields, thousands per batch.
enum JSONValueEncoding {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Slot()
        try root.store(value, path: [])
        return root.value
    }
}

/// Where one value is being written; containers hold slots of their members, so nested
/// containers can be filled in any order, as `Encoder` allows.
private final class Slot {
    private var leaf: JSONValue?
    private var members: [String: Slot]?
    private var elements: [Slot]?

    var value: JSONValue {
        if let members { return .object(members.mapValues(\.value)) }
        if let elements { return .array(elements.map(\.value)) }
        return leaf ?? .object([:])
    }

    func set(_ value: JSONValue) {
        leaf = value
        members = nil
        elements = nil
    }

    /// Values `JSONEncoder` writes in its own way rather than by their `encode(to:)`.
    func store(_ value: some Encodable, path: [any CodingKey]) throws {
        switch value {
        case let date as Date: set(.string(date.formatted(.iso8601)))
        case let url as URL: set(.string(url.absoluteString))
        case let data as Data: set(.string(data.base64EncodedString()))
        case let decimal as Decimal: set(.number(NSDecimalNumber(decimal: decimal).doubleValue))
        case let number as Double: set(try Self.number(number, path: path))
        case let text as String: set(.string(text))
        default: try value.encode(to: SlotEncoder(slot: self, codingPath: path))
        }
    }

    /// This slot as an object (kept if it is one already: a type may ask for its container twice).
    func object() -> Slot {
        if members == nil {
            leaf = nil
            elements = nil
            members = [:]
        }
        return self
    }

    /// This slot as an array, emptied.
    func array() -> Slot {
        leaf = nil
        members = nil
        elements = []
        return self
    }

    func member(_ key: String) -> Slot {
        let slot = Slot()
        members?[key] = slot
        return slot
    }

    func append() -> Slot {
        let slot = Slot()
        if elements == nil { _ = array() }
        elements?.append(slot)
        return slot
    }

    var count: Int { elements?.count ?? 0 }

    static func number(_ number: Double, path: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: path, debugDescription: "non-finite: \(number)"))
        }
        return .number(number)
    }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SlotKeyedContainer<Key>(slot: slot.object(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.count == 0 { _ = slot.array() }
        return SlotUnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SlotSingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SlotKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.member(key.stringValue).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws {
        slot.member(key.stringValue).set(.string(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.member(key.stringValue).set(try Slot.number(value, path: codingPath + [key]))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        slot.member(key.stringValue).set(.number(Double(value)))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.member(key.stringValue).store(value, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            SlotKeyedContainer<NestedKey>(slot: slot.member(key.stringValue).object(), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SlotUnkeyedContainer(slot: slot.member(key.stringValue).array(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct SlotUnkeyedContainer: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() throws { slot.append().set(.null) }
    mutating func encode(_ value: Bool) throws { slot.append().set(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.append().set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.append().set(try Slot.number(value, path: nextPath)) }
    mutating func encode(_ value: Int) throws { slot.append().set(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try slot.append().store(value, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return KeyedEncodingContainer(SlotKeyedContainer<NestedKey>(slot: slot.append().object(), codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return SlotUnkeyedContainer(slot: slot.append().array(), codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return SlotEncoder(slot: slot.append(), codingPath: path)
    }
}

private struct SlotSingleValueContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.set(try Slot.number(value, path: codingPath)) }
    mutating func encode(_ value: Float) throws { slot.set(try Slot.number(Double(value), path: codingPath)) }
    mutating func encode(_ value: Int) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { slot.set(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { slot.set(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.store(value, path: codingPath) }
}
