import Foundation
import Testing
import ThriveCore

@testable import ThriveImport

/// A spreadsheet's rows as samples: RFC 4180's quoting, the columns guessed from the header, units
/// and times read as people write them, and every row that cannot be read named with its line.
struct CSVSampleReaderTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let owner = UUID(uuidString: "7E57A1E5-0000-4000-8000-000000000002")!
    static let source = SampleSource(name: "scale.csv", kind: .app)

    @Test func quotedFieldsCommasLineBreaksAndSemicolonsAreRead() {
        let text =
            "\u{FEFF}date,note,value\r\n2026-05-04,\"after a run, tired\",\"72\"\r\n2026-05-05,\"said \"\"hi\"\"\nthen left\",71\n\n"
        #expect(
            CSVText.rows(text) == [
                ["date", "note", "value"], ["2026-05-04", "after a run, tired", "72"],
                ["2026-05-05", "said \"hi\"\nthen left", "71"],
            ])
        #expect(CSVText.rows("Datum;Gewicht (kg)\n2026-05-04;72,5") == [["Datum", "Gewicht (kg)"], ["2026-05-04", "72,5"]])
        #expect(
            CSVSampleReader.number("72,5") == 72.5 && CSVSampleReader.number("8,412") == nil, "a decimal comma, never a guess")
    }

    @Test func theColumnsAreGuessedFromTheHeader() {
        #expect(
            CSVSampleMapping.suggested(["Date", "Type", "Value", "Unit"])
                == CSVSampleMapping(start: 0, value: 2, typeColumn: 1, unitColumn: 3))
        #expect(CSVSampleMapping.suggested(["start_date", "end_date", "metric", "amount"])?.end == 1)
        #expect(
            CSVSampleMapping.suggested(["Date", "Weight (lb)"])
                == CSVSampleMapping(start: 0, value: 1, type: .bodyMass, unit: "lb"))
        #expect(CSVSampleMapping.suggested(["Name", "Email"]) == nil)
    }

    @Test func rowsBecomeSamplesInThriveUnitsAndBadRowsAreNamed() throws {
        let rows = CSVText.rows(
            """
            date,type,value,unit
            2026-05-04T07:30:00Z,weight,154.3,lb
            2026-05-04 08:00:00+02:00,HKQuantityTypeIdentifierHeartRate,61,bpm
            2026-05-04 09:00,SpO2,97,
            2026-05-05,Steps,"8,412",
            2026-05-06,steps,8412,
            2026-13-01,steps,100,
            2026-05-07,mood,5,
            2026-05-07,weight,70,stone-ish
            2026-05-07,pulse,400,bpm
            2026-05-07,weight,,kg
            """)
        let reader = CSVSampleReader(owner: Self.owner, source: Self.source, zone: Self.berlin)
        let mapping = try #require(CSVSampleMapping.suggested(rows[0]))
        let (samples, problems) = reader.read(Array(rows.dropFirst()), mapping)
        #expect(samples.map(\.type) == [.bodyMass, .heartRate, .oxygenSaturation, .stepCount])
        #expect(abs(samples[0].value - 69.989_302_691) < 1e-6, "154.3 lb in kg")
        #expect(samples[0].start == ISO8601DateFormatter().date(from: "2026-05-04T07:30:00Z"))
        #expect(samples[1].value == 61 && samples[1].start == ISO8601DateFormatter().date(from: "2026-05-04T06:00:00Z"))
        #expect(samples[2].value == 0.97, "97 in a column of oxygen saturation is a percentage")
        #expect(samples[2].start == ISO8601DateFormatter().date(from: "2026-05-04T07:00:00Z"), "09:00 in Berlin in May")
        #expect(samples[3].start == ISO8601DateFormatter().date(from: "2026-05-05T22:00:00Z"), "6 May from midnight in Berlin")
        #expect(samples.allSatisfy { $0.source == Self.source && $0.sync?.identifier.hasPrefix("csv:") == true })
        #expect(
            problems == [
                .init(line: 5, reason: .badValue, text: "8,412"), .init(line: 7, reason: .badDate, text: "2026-13-01"),
                .init(line: 8, reason: .unknownType, text: "mood"), .init(line: 9, reason: .unknownUnit, text: "stone-ish"),
                .init(line: 10, reason: .outOfRange, text: "400"),
                .init(line: 11, reason: .missingCell, text: "2026-05-07,weight,,kg"),
            ])
        // The same rows again are the same records; another person's are not.
        let again = reader.read(Array(rows.dropFirst()), mapping).samples
        #expect(again.map(\.id) == samples.map(\.id) && again.map(\.sync) == samples.map(\.sync))
        let other = CSVSampleReader(owner: UUID(), source: Self.source, zone: Self.berlin).read(Array(rows.dropFirst()), mapping)
        #expect(Set(other.samples.map(\.id)).isDisjoint(with: samples.map(\.id)))
    }

    @Test(arguments: [
        ("2026-05-04T07:30:00.250Z", "2026-05-04T07:30:00Z"), ("2026-05-04T07:30:00-0530", "2026-05-04T13:00:00Z"),
        ("2026-03-29T02:30", nil), ("2026-02-30", nil), ("2026-05-04T24:00", nil), ("04/05/2026", nil),
    ])
    func timesAreExactOrRefused(text: String, expected: String?) {
        #expect(CSVSampleReader.date(text, zone: Self.berlin) == expected.flatMap { ISO8601DateFormatter().date(from: $0) })
    }
}
