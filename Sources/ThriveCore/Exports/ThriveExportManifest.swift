import Foundation

/// The first file of a person's export, `manifest.json`: what made it, in which format, and how
/// many rows each table holds, so that an import knows the file is a Thrive export it can read and
/// can tell a whole table from one cut short.
public struct ThriveExportManifest: Codable, Sendable, Equatable {
    public static let path = "manifest.json"
    public static let formatName = "thrive-export"
    /// The format this build writes and the newest it reads. A change that an older build would
    /// misread (a column that changes meaning, a table split in two) raises it.
    public static let currentVersion = 1

    public let format: String
    public let version: Int
    /// When the export was made.
    public let createdAt: Date
    /// Rows per table, by the table's name.
    public let tables: [String: Int]

    public init(createdAt: Date, tables: [String: Int], version: Int = currentVersion) {
        format = Self.formatName
        self.version = version
        self.createdAt = createdAt
        self.tables = tables
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> ThriveExportManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ThriveExportManifest.self, from: data)
    }
}
