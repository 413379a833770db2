import Foundation
import Testing
import ThriveCore
import ThriveTestSupport

@testable import ThriveImport

/// The Apple Health export read as the Health app writes it: every type Thrive uses, in its
/// canonical unit, from the source that measured it; every other type counted; bad records
/// refused one by one; hostile and broken files refused whole.
@Suite("Apple Health export reader")
struct AppleHealthReaderTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-import-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Reads `url` to its end; every batch, and the summary.
    static let alex = UUID(uuidString: "7E57A1E5-0000-4000-8000-000000000001")!

    static func readAll(_ url: URL, owner: UUID = alex, batchSize: Int = 500) async throws -> (
        ExportBatch, ImportSummary, [ExportNote]
    ) {
        let stream = ExportStream(url, owner: owner, batchSize: batchSize)
        stream.start()
        var all = ExportBatch()
        do {
            for try await batch in stream {
                all.quantities += batch.quantities
                all.categories += batch.categories
                all.workouts += batch.workouts
                stream.stored()
            }
        } catch {
            stream.cancel()
            throw error
        }
        return (all, try #require(stream.summary), stream.remarks)
    }

    @Test func everyRecordOfATypeThriveUsesIsReadInItsUnitFromItsSource() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = AppleHealthExportWriter(days: 21)
        let zip = folder.appendingPathComponent("export.zip")
        try writer.zip(to: zip, malformed: true)
        let (records, summary, notes) = try await Self.readAll(zip)

        #expect(summary.read == writer.expected)
        #expect(summary.notUsed == writer.notUsed, "correlated blood pressure counted once, activity summaries counted")
        #expect(summary.refused[.badValue] == ["HeartRate": 1] && summary.refused[.outOfRange] == ["HeartRate": 1])
        #expect(notes == [.clinicalDocumentIgnored])
        #expect(records.count == summary.readCount)
        #expect(summary.sources == ["Alex’s Apple Watch", "Alex’s iPhone", "Health", "Breathe"])

        // Units: pounds, kilojoules, miles and percent, each to Thrive's own.
        let weight = try #require(records.quantities.first { $0.type == .bodyMass })
        #expect(abs(weight.value - 69.989_302_7) < 1e-6 && weight.source == SampleSource(name: "Health", kind: .manual))
        let energy = records.quantities.filter { $0.type == .activeEnergyBurned }.map(\.value)
        #expect(energy.allSatisfy { abs($0 - 412.5) < 0.01 }, "1725.9 kJ is 412.5 kcal")
        let miles = try #require(records.quantities.first { $0.type == .distanceWalkingRunning })
        #expect(abs(miles.value - 3_379.6224) < 1e-6 && miles.source.kind == .app)
        let oxygen = try #require(records.quantities.first { $0.type == .oxygenSaturation })
        #expect(oxygen.value == 0.96 && oxygen.source == SampleSource(name: "Alex’s Apple Watch", kind: .device))

        // Offsets: day 7 is in New York (-0500), so its 07:00 resting heart rate is 12:00 UTC.
        let resting = records.quantities.filter { $0.type == .restingHeartRate }.sorted { $0.start < $1.start }
        #expect(resting[7].start == writer.start.addingTimeInterval(7 * 86_400 + 12 * 3_600))
        #expect(resting[14].start == writer.start.addingTimeInterval(14 * 86_400 - 2 * 3_600), "Tokyo, +0900")

        // Sleep stages keep HealthKit's values; a run keeps its statistics.
        let stages = Set(records.categories.filter { $0.type == .sleepAnalysis }.map(\.value))
        #expect(stages == [0, 2, 3, 4, 5])
        let run = try #require(records.workouts.first)
        #expect(run.activityType == .running && run.activeEnergyKilocalories == 310.2)
        #expect(run.distance.map { abs($0.metres - 5_020) < 1e-9 } == true && run.duration == 1_800)
    }

    /// The same export read twice names the same records: the same row ids and sync identifiers;
    /// read for someone else, none of them.
    @Test func theSameRecordAlwaysHasTheSameIdentity() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = AppleHealthExportWriter(days: 3)
        let xml = folder.appendingPathComponent("export.xml")
        try Data(writer.xml().utf8).write(to: xml)
        let (first, _, notes) = try await Self.readAll(xml)
        let (second, _, _) = try await Self.readAll(xml, batchSize: 7)
        #expect(notes.isEmpty)
        #expect(first.quantities.map(\.id) == second.quantities.map(\.id))
        #expect(first.categories.map(\.sync) == second.categories.map(\.sync))
        #expect(Set(first.quantities.map(\.id)).count == first.quantities.count, "no two records share an identity")
        let (someoneElse, _, _) = try await Self.readAll(xml, owner: UUID())
        #expect(Set(someoneElse.quantities.map(\.id)).isDisjoint(with: first.quantities.map(\.id)))
    }

    /// A file declaring entities (the billion laughs) is refused before anything grows.
    @Test func aBillionLaughsFileIsRefused() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var entities = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "\n<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let xml = folder.appendingPathComponent("export.xml")
        try Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [\(entities)]>
            <HealthData><Record type="&lol9;" sourceName="x" startDate="2025-01-01 00:00:00 +0000" endDate="2025-01-01 00:00:00 +0000" value="1"/></HealthData>
            """.utf8
        ).write(to: xml)
        await #expect(throws: XMLFileError.entityDeclared("lol")) { _ = try await Self.readAll(xml) }
    }

    /// A ZIP cut short, and an XML cut mid-element, are errors that say so.
    @Test func aBrokenFileIsAnErrorNotAPartialRead() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = AppleHealthExportWriter(days: 5)
        let zip = folder.appendingPathComponent("export.zip")
        try writer.zip(to: zip)
        let bytes = try Data(contentsOf: zip)
        try bytes.prefix(bytes.count / 2).write(to: zip)
        await #expect(throws: ExportError.unreadableArchive) { _ = try await Self.readAll(zip) }

        let xml = folder.appendingPathComponent("export.xml")
        let text = writer.xml()
        try Data(text.prefix(text.count * 2 / 3).utf8).write(to: xml)
        await #expect {
            _ = try await Self.readAll(xml)
        } throws: { error in
            guard case .malformed(let line, _) = error as? XMLFileError else { return false }
            return line > 100
        }
    }

    /// A food log's records from another app (MyFitnessPal writes kJ and milligrams) land in grams
    /// and kilocalories; a meal of 60 g of caffeine is a unit mix-up, refused.
    @Test func dietaryRecordsAreReadInGramsAndKilocalories() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func record(_ type: String, _ unit: String, _ value: String, minute: Int) -> String {
            let time = String(format: "2026-05-04 12:%02d:00 +0200", minute)
            return
                #"<Record type="HKQuantityTypeIdentifier\#(type)" sourceName="MyFitnessPal" unit="\#(unit)" startDate="\#(time)" endDate="\#(time)" value="\#(value)"/>"#
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
            \(record("DietaryEnergyConsumed", "kJ", "2092", minute: 0))
            \(record("DietaryProtein", "g", "31.5", minute: 1))
            \(record("DietarySodium", "mg", "740", minute: 2))
            \(record("DietaryCaffeine", "mg", "95", minute: 3))
            \(record("DietaryFiber", "mcg", "4000000", minute: 4))
            \(record("DietaryCaffeine", "g", "60", minute: 5))
            </HealthData>
            """
        let file = folder.appendingPathComponent("export.xml")
        try Data(xml.utf8).write(to: file)
        let (batch, summary, _) = try await Self.readAll(file)
        let values = Dictionary(uniqueKeysWithValues: batch.quantities.map { ($0.type, $0.value) })
        #expect(abs(values[.dietaryEnergyConsumed]! - 500) < 1e-9, "2,092 kJ is 500 kcal")
        #expect(values[.dietaryProtein] == 31.5)
        #expect(abs(values[.dietarySodium]! - 0.74) < 1e-12 && abs(values[.dietaryCaffeine]! - 0.095) < 1e-12)
        #expect(values[.dietaryFiber] == 4)
        #expect(batch.quantities.allSatisfy { $0.source == SampleSource(name: "MyFitnessPal", kind: .app) })
        #expect(summary.refused[.outOfRange] == ["DietaryCaffeine": 1])
        #expect(summary.read["DietaryCaffeine"] == 1 && summary.notUsed.isEmpty)
    }

    @Test(arguments: [
        ("2025-03-09 07:30:00 -0500", 1_741_523_400.0),
        ("2025-03-09 07:30:00 +0530", 1_741_485_600.0),
        ("2024-02-29 23:59:59 +0000", 1_709_251_199.0),
        ("1970-01-01 00:00:00 +0000", 0.0),
    ])
    func exportDatesAreExactInstants(text: String, seconds: Double) {
        let date = text.utf8.withContiguousStorageIfAvailable { ExportDate.parse($0) } ?? nil
        #expect(date == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "2025-13-09 07:30:00 -0500", "2025-03-09 24:00:00 +0000", "2025-03-09 07:30:00", "2025-03-09T07:30:00 +0000",
        "2025-03-09 07:30:00 *0000", "2025-03-09 07:30:00 +0060",
    ])
    func malformedExportDatesAreNone(text: String) {
        #expect((text.utf8.withContiguousStorageIfAvailable { ExportDate.parse($0) } ?? nil) == nil)
    }
}
