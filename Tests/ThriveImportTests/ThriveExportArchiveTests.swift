import Foundation
import Testing
import ThriveCore
import ZIPFoundation

@testable import ThriveImport

/// Reading a Thrive export back: its times to the millisecond, its rows a line at a time with
/// every cell of the kind its column holds, and a file cut short or of a newer format named.
@Suite("Reading a Thrive export")
struct ThriveExportArchiveTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00.000Z", 0.0), ("2026-11-26T07:30:00.000Z", 1_795_678_200),
        ("2024-02-29T23:59:59.999Z", 1_709_251_199.999), ("1969-12-31T23:59:59.999Z", -0.001),
        ("1900-03-01T12:00:00.250Z", -2_203_847_999.75), ("0001-01-01T00:00:00.000Z", -62_135_596_800),
    ])
    func timesReadBackToTheMillisecond(text: String, seconds: Double) {
        #expect(ExportTimestamp.seconds(text) == seconds)
    }

    @Test(arguments: [
        "2023-02-29T00:00:00.000Z", "2026-11-26T24:00:00.000Z", "2026-11-26T07:30:00Z", "2026-13-01T00:00:00.000Z",
        "2026-11-26 07:30:00.000Z", "2026-11-26T07:30:00.000+01:00", "2026-11-00T07:30:00.000Z", "",
    ])
    func anyOtherFormIsRefused(text: String) {
        #expect(ExportTimestamp.seconds(text) == nil)
    }

    static func zip(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-export-\(UUID()).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    static let columns: [String: ExportCell.Kind] = [
        "id": .uuid, "type": .text, "value": .real, "start_at": .timestamp, "body": .json, "n": .integer,
    ]

    static func row(_ value: String, n: String = "2") -> String {
        #"{"id":"7d0c1f0e-0b55-4f0a-9f3e-1a2b3c4d5e6f","type":"HeartRate","value":\#(value),"start_at":"2026-11-26T07:30:00.000Z","body":{"b":[1,2],"a":"x/y"},"n":\#(n)}"#
    }

    static func manifest(_ rows: Int, version: Int = 1) -> String {
        #"{"format":"thrive-export","version":\#(version),"createdAt":"2026-11-27T00:00:00Z","tables":{"samples":\#(rows)}}"#
    }

    static func read(_ url: URL, batchSize: Int = 2) async throws -> [[ThriveExportArchive.Row]] {
        let archive = try ThriveExportArchive(url)
        var batches: [[ThriveExportArchive.Row]] = []
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("work-\(UUID())")
        try await archive.rows(of: "samples", columns: columns, batchSize: batchSize, workFolder: work) { batches.append($0) }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("samples.json").path))
        return batches
    }

    @Test func rowsComeInBatchesWithTheirCellsAndLines() async throws {
        let url = try Self.zip([
            "manifest.json": Self.manifest(3), "README.md": "# Your data from Thrive\n",
            "data/samples.json": "[\n\(Self.row("61.5")),\n\(Self.row("62")),\n\(Self.row("null", n: "null"))\n]\n",
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(ThriveExportArchive.isExport(url))
        let batches = try await Self.read(url)
        #expect(batches.map(\.count) == [2, 1])
        let first = try #require(batches.first?.first)
        #expect(first.line == 2)
        #expect(first.cells["value"] == .real(61.5) && first.cells["n"] == .integer(2))
        #expect(first.cells["start_at"] == .timestamp(1_795_678_200))
        #expect(first.cells["body"] == .json(#"{"a":"x/y","b":[1,2]}"#))
        #expect(first.cells["id"] == .uuid(UUID(uuidString: "7d0c1f0e-0b55-4f0a-9f3e-1a2b3c4d5e6f")!))
        #expect(batches[1][0].cells["value"] == .null && batches[1][0].line == 4)
    }

    @Test func aWrongCellACutFileOrAShortTableIsNamedByLine() async throws {
        let cases: [(String, String, Int)] = [
            ("[\n\(Self.row("61")),\n\(Self.row(#""61""#)),\n\(Self.row("63"))\n]\n", Self.manifest(3), 3),
            ("[\n\(Self.row("61")),\n\(Self.row("62.5", n: "2.5"))\n]\n", Self.manifest(2), 3),
            ("[\n\(Self.row("61")),\n\(Self.row("62"))", Self.manifest(2), 4),
            ("[\n\(Self.row("61"))\n]\n", Self.manifest(2), 3),
        ]
        for (table, manifest, line) in cases {
            let url = try Self.zip(["manifest.json": manifest, "data/samples.json": table])
            defer { try? FileManager.default.removeItem(at: url) }
            await #expect(throws: ThriveExportError.damaged(table: "samples", line: line)) { try await Self.read(url) }
        }
    }

    @Test func aNewerFormatOrAnotherZipIsRefused() async throws {
        let newer = try Self.zip(["manifest.json": Self.manifest(0, version: 2), "data/samples.json": "[]\n"])
        let other = try Self.zip(["apple_health_export/export.xml": "<HealthData/>"])
        defer { for url in [newer, other] { try? FileManager.default.removeItem(at: url) } }
        #expect(throws: ThriveExportError.newer) { try ThriveExportArchive(newer) }
        #expect(!ThriveExportArchive.isExport(other))
        #expect(throws: ThriveExportError.notAThriveExport) { try ThriveExportArchive(other) }
    }
}
