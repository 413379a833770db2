import Foundation
import Testing
import ThriveCore

@testable import ThriveReports

/// The hand-written writers of an export's values, against Python's `datetime` and the JSON and
/// CSV rules (RFC 8259, RFC 4180) a reader of the files relies on.
@Suite("An export's values as text")
struct ExportTextTests {
    static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    // Reference values from Python: datetime(1970, 1, 1, tzinfo=utc) + timedelta(milliseconds=round(s * 1000)).
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.000Z"),
        (1_764_198_498.025_947_8, "2025-11-26T23:08:18.026Z"),
        (4_102_444_799.999_6, "2100-01-01T00:00:00.000Z"),
        (-2_208_988_800.000_4, "1900-01-01T00:00:00.000Z"),
        (1_709_164_800.5, "2024-02-29T00:00:00.500Z"),
    ])
    func timestampsAreUTCToTheMillisecond(seconds: Double, expected: String) {
        #expect(Self.text { ExportText.appendTimestamp(seconds, to: &$0) } == expected)
    }

    @Test func everyMillisecondOfADayAgreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var seconds = 1_700_000_000.0
        for _ in 0..<2_000 {
            seconds += 43_201.123
            let ours = Self.text { ExportText.appendTimestamp(seconds, to: &$0) }
            #expect(ours == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        }
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControls() throws {
        let tricky = "She said \"hi\"\\ then\nleft\t\u{1}é🙂"
        let json = Self.text { ExportText.appendJSONString(tricky, to: &$0) }
        #expect(json == #""She said \"hi\"\\ then\nleft\t\u0001é🙂""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(json.utf8)) == tricky)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a, b", #""a, b""#),
        (#"say "hi""#, #""say ""hi""""#),
        ("two\nlines", "\"two\nlines\""),
        ("=HYPERLINK(\"x\")", #""'=HYPERLINK(""x"")""#),
        ("+1 for walking", "'+1 for walking"),
        ("-5 kg!", "'-5 kg!"),
        ("@home", "'@home"),
    ])
    func csvFieldsAreQuotedAndFormulasDefused(text: String, expected: String) {
        #expect(Self.text { ExportText.appendCSVText(text, to: &$0) } == expected)
    }

    @Test func numbersReadBackExactly() throws {
        for value in [0.0, 62, -3.5, 0.97, 1e-7, 123_456.789, 1e20] {
            let text = Self.text { ExportText.appendNumber(value, to: &$0) }
            #expect(try JSONDecoder().decode(Double.self, from: Data(text.utf8)) == value, "\(text)")
        }
        #expect(Self.text { ExportText.appendNumber(62, to: &$0) } == "62")
        #expect(Self.text { ExportText.appendNumber(.nan, to: &$0) } == "null")
    }

    @Test(arguments: [0, 7, 10, -42, 1_000_000, Int.max, Int.min])
    func integersAreWrittenAsSwiftWritesThem(value: Int) {
        #expect(Self.text { ExportText.appendInteger(value, to: &$0) } == String(value))
    }

    @Test func uuidsAreLowercaseWithDashes() {
        let id = UUID(uuidString: "01A219E2-657A-77B8-AB91-A4CCD009663B")!
        #expect(Self.text { ExportText.appendUUID(id, to: &$0) } == "01a219e2-657a-77b8-ab91-a4ccd009663b")
    }

    /// The edges of the vital signs' unit conversions: a fraction is a percentage, metres are centimetres.
    @Test func vitalSignsCarryTheirLOINCCodeAndUnit() {
        #expect(VitalSign.of(.heartRate) == VitalSign(loinc: "8867-4", display: "Heart rate", unit: "/min", factor: 1))
        #expect(VitalSign.of(.oxygenSaturation)?.factor == 100 && VitalSign.of(.oxygenSaturation)?.unit == "%")
        #expect(VitalSign.of(.height)?.unit == "cm" && VitalSign.of(.height)?.factor == 100)
        #expect(VitalSign.of(.stepCount) == nil, "steps are activity, not a vital sign")
    }
}
