import Foundation
import Testing
import ZIPFoundation

@testable import ThriveReports

/// The export's own ZIP writer, read back by two independent readers: ZIPFoundation (which the
/// import of an export uses) and Python's `zipfile` (which checks every CRC-32), in the classic
/// layout and with ZIP64 records forced on small files (the layout a 4 GB FHIR bundle takes).
@Suite("The export's ZIP")
struct ZipWriterTests {
    static func entries(in folder: URL) throws -> [(String, Data)] {
        let rows = (0..<50_000).map { #"{"id":\#($0),"bpm":\#(50 + $0 % 70),"note":"ça va"}"# }.joined(separator: ",\n")
        return [
            ("README.md", Data("# Your Thrive export\n".utf8)), ("data/heart_rate.json", Data("[\(rows)]".utf8)),
            ("empty.csv", Data()), ("files/coach/photo.jpg", Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })),
        ]
    }

    static func written(limit: UInt64) throws -> (URL, [(String, Data)]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let contents = try entries(in: folder)
        var entries: [DeflatingFile.Entry] = []
        for (path, data) in contents {
            let file = try DeflatingFile(path: path, in: folder)
            // In pieces, as rows arrive.
            for start in stride(from: 0, to: data.count, by: 300_000) {
                try file.write(data[start..<min(data.count, start + 300_000)])
            }
            entries.append(try file.finish())
        }
        let zip = folder.appendingPathComponent("export.zip")
        try ZipWriter.write(entries, to: zip, at: Date(timeIntervalSince1970: 1_795_000_000), limit: limit)
        return (zip, contents)
    }

    @Test(arguments: [0xFFFF_FFFF, 1] as [UInt64])
    func everyFileReadsBackAsWritten(limit: UInt64) throws {
        let (zip, contents) = try Self.written(limit: limit)
        let archive = try Archive(url: zip, accessMode: .read)
        for (path, data) in contents {
            let entry = try #require(archive[path], "\(path)")
            var read = Data()
            _ = try archive.extract(entry) { read.append($0) }
            #expect(read == data, "\(path)")
        }
        let deflated = try #require(archive["data/heart_rate.json"])
        #expect(deflated.compressedSize * 3 < deflated.uncompressedSize, "JSON is deflated")
        #expect(deflated.fileAttributes[.modificationDate] as? Date != nil)

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(",".join(f"{i.filename}:{i.file_size}:{i.date_time[0]}" for i in z.infolist()))
            """,
            zip.path,
        ]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let expected = contents.map { "\($0.0):\($0.1.count):2026" }.joined(separator: ",")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }
}
