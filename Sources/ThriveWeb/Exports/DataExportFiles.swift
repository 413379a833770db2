import Foundation
import ThriveCore

/// Where exports are built and then wait for their download: one ZIP per export, named by its id,
/// in a folder of the server's (`THRIVE_EXPORT_DIR`, by default `exports` in the data folder), and
/// a work folder beside it while one is built.
struct DataExportFiles: Sendable {
    let folder: URL

    func url(_ id: DataExportID) -> URL { folder.appendingPathComponent("\(id.rawValue.uuidString.lowercased()).zip") }

    func workFolder(_ id: DataExportID) -> URL {
        folder.appendingPathComponent("\(id.rawValue.uuidString.lowercased()).building", isDirectory: true)
    }

    func remove(_ id: DataExportID) {
        try? FileManager.default.removeItem(at: url(id))
        try? FileManager.default.removeItem(at: workFolder(id))
    }
}
