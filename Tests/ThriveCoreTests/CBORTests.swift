import Testing
import ThriveCore

/// RFC 8949 Appendix A's examples, and hostile input refused.
@Suite("CBOR")
struct CBORTests {
    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { offset in
            let start = text.index(text.startIndex, offsetBy: offset)
            return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    @Test(arguments: [
        ("00", CBOR.unsigned(0)), ("17", .unsigned(23)), ("1818", .unsigned(24)), ("1903e8", .unsigned(1_000)),
        ("1a000f4240", .unsigned(1_000_000)), ("1bffffffffffffffff", .unsigned(18_446_744_073_709_551_615)),
        ("20", .negative(0)), ("3863", .negative(99)), ("3903e7", .negative(999)),
        ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null), ("f7", .undefined),
        ("f90000", .float(0)), ("f93c00", .float(1)), ("f97bff", .float(65_504)), ("fa47c35000", .float(100_000)),
        ("fb3ff199999999999a", .float(1.1)), ("f9c400", .float(-4)),
        ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])), ("60", .text("")), ("6161", .text("a")),
        ("6449455446", .text("IETF")), ("62c3bc", .text("ü")), ("80", .array([])),
        ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        (
            "8301820203820405",
            .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])
        ),
        ("a0", .map([:])), ("a201020304", .map([.unsigned(1): .unsigned(2), .unsigned(3): .unsigned(4)])),
        ("a26161016162820203", .map([.text("a"): .unsigned(1), .text("b"): .array([.unsigned(2), .unsigned(3)])])),
        ("c11a514b67b0", .tagged(1, .unsigned(1_363_896_240))),
    ])
    func appendixAExamples(encoded: String, expected: CBOR) throws {
        let (item, rest) = try CBOR.decode(Self.hex(encoded))
        #expect(item == expected)
        #expect(rest == 0)
    }

    @Test func integersReadAsSwiftIntsAndMapsByKey() throws {
        let (item, _) = try CBOR.decode(Self.hex("a3010203262021"))
        #expect(item[1]?.int == 2)
        #expect(item[3]?.int == -7)
        #expect(item[-1]?.int == -2)
        #expect(item[9] == nil)
    }

    @Test(arguments: [
        "",  // nothing
        "1a0001",  // a 4-byte number cut short
        "5a000001ff00",  // a byte string claiming 511 bytes
        "9bffffffffffffffff",  // an array claiming 2^64 - 1 items
        "5f",  // indefinite length (not in CTAP2's canonical form)
        "a20101",  // a map missing its second entry
        "a201020103",  // the key 1 twice
        "62c328",  // text that is not UTF-8
        "fc",  // a reserved simple value
    ])
    func malformedInputIsRefused(encoded: String) {
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(Self.hex(encoded)) }
    }

    @Test func nestingIsBounded() {
        let deep = [UInt8](repeating: 0x81, count: 40) + [0x00]
        #expect(throws: CBOR.Malformed.self) { _ = try CBOR.decode(deep) }
        let fine = [UInt8](repeating: 0x81, count: 8) + [0x00]
        #expect((try? CBOR.decode(fine)) != nil)
    }

    @Test func whatFollowsAnItemIsCounted() throws {
        let (item, rest) = try CBOR.decode(Self.hex("0102ff"))
        #expect(item == .unsigned(1))
        #expect(rest == 2)
    }
}
