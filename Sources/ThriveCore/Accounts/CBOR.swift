/// The part of CBOR (RFC 8949) that WebAuthn uses: an authenticator's attestation object and its
/// COSE public keys are CBOR maps of integers, byte strings, text and arrays, all of definite
/// length (CTAP2's canonical form). Read from bytes a browser relayed, so every length is checked
/// against what is left and nesting is bounded: a hostile blob is refused, never trusted.
public indirect enum CBOR: Hashable, Sendable {
    case unsigned(UInt64)
    /// A negative integer: -1 - n.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([CBOR: CBOR])
    case tagged(UInt64, CBOR)
    case bool(Bool)
    case null
    case undefined
    case float(Double)

    public struct Malformed: Error, Equatable, Sendable {
        public let reason: String
    }

    /// Decodes one item from the start of `bytes`; `rest` says how many bytes followed it (the
    /// authenticator data puts a COSE key before its extensions with no length of its own).
    public static func decode(_ bytes: [UInt8]) throws(Malformed) -> (item: CBOR, rest: Int) {
        var reader = Reader(bytes: bytes)
        let item = try reader.item(depth: 0)
        return (item, bytes.count - reader.offset)
    }

    /// An integer key or value as Swift's `Int`, when it is one.
    public var int: Int? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): value < UInt64(Int.max) ? -1 - Int(value) : nil
        default: nil
        }
    }

    public var byteString: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    public var string: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The value at an integer key of a map (COSE's labels are integers).
    public subscript(_ key: Int) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The value at a text key of a map (the attestation object's are text).
    public subscript(_ key: String) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[.text(key)]
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        static let maximumDepth = 16

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed(reason: "ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func take(_ count: UInt64) throws(Malformed) -> ArraySlice<UInt8> {
            guard count <= UInt64(bytes.count - offset) else { throw Malformed(reason: "a length runs past the end") }
            defer { offset += Int(count) }
            return bytes[offset..<offset + Int(count)]
        }

        mutating func argument(_ info: UInt8) throws(Malformed) -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24...27:
                let width = 1 << Int(info - 24)
                return try take(UInt64(width)).reduce(0) { $0 << 8 | UInt64($1) }
            default: throw Malformed(reason: "indefinite or reserved length")
            }
        }

        mutating func item(depth: Int) throws(Malformed) -> CBOR {
            guard depth < Self.maximumDepth else { throw Malformed(reason: "nested too deep") }
            let initial = try byte()
            let major = initial >> 5
            let info = initial & 0x1F
            if major == 7 {
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                case 23: return .undefined
                case 25: return .float(Double(Self.half(UInt16(try argument(info)))))
                case 26: return .float(Double(Float(bitPattern: UInt32(try argument(info)))))
                case 27: return .float(Double(bitPattern: try argument(info)))
                default: throw Malformed(reason: "an unknown simple value")
                }
            }
            let argument = try argument(info)
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2: return .bytes(Array(try take(argument)))
            case 3:
                guard let text = String(validating: try take(argument), as: UTF8.self) else {
                    throw Malformed(reason: "text that is not UTF-8")
                }
                return .text(text)
            case 4:
                // Each item takes at least a byte: a count beyond what is left cannot be real.
                guard argument <= UInt64(bytes.count - offset) else { throw Malformed(reason: "too many items") }
                var items: [CBOR] = []
                for _ in 0..<argument { items.append(try item(depth: depth + 1)) }
                return .array(items)
            case 5:
                guard argument <= UInt64(bytes.count - offset) / 2 else { throw Malformed(reason: "too many entries") }
                var map: [CBOR: CBOR] = [:]
                for _ in 0..<argument {
                    let key = try item(depth: depth + 1)
                    guard map[key] == nil else { throw Malformed(reason: "a key twice") }
                    map[key] = try item(depth: depth + 1)
                }
                return .map(map)
            default: return .tagged(argument, try item(depth: depth + 1))
            }
        }

        /// IEEE 754 half precision, which CBOR allows for small floats.
        static func half(_ bits: UInt16) -> Float {
            let sign: Float = bits & 0x8000 == 0 ? 1 : -1
            let exponent = Int((bits >> 10) & 0x1F)
            let fraction = Float(bits & 0x3FF)
            switch exponent {
            case 0: return sign * fraction * pow2(-24)
            case 31: return fraction == 0 ? sign * .infinity : .nan
            default: return sign * (1 + fraction / 1024) * pow2(exponent - 15)
            }
        }

        static func pow2(_ exponent: Int) -> Float { Float(sign: .plus, exponent: exponent, significand: 1) }
    }
}
