import Foundation
import ThriveCore
import ThriveReports
import ThriveStore

/// Writes everything a person keeps in Thrive to one ZIP: each of their tables as JSON and CSV,
/// the vital signs as a FHIR bundle, and a README. Each table is read in its own read (a
/// snapshot of that table), streamed row by row into the files.
public struct PersonalExport: Sendable {
    let store: Store
    let now: Now

    public init(store: Store, now: Now = .system) {
        self.store = store
        self.now = now
    }

    public struct Written: Sendable {
        public let records: Int
        public let bytes: Int
    }

    /// Writes the owner's export to `destination`, building it in `workFolder` (emptied after).
    public func write(_ owner: UserID, to destination: URL, workFolder: URL) async throws -> Written {
        let profile = try await store.read { try await $0.records(of: owner).profile.get() } ?? Profile()
        let time = now()
        let birthDate = profile.dateOfBirth?.iso8601
        let builder = try PersonalExportBuilder(
            workFolder: workFolder,
            patient: (owner.rawValue, profile.displayName, birthDate, profile.sex?.rawValue), at: time)
        do {
            for table in PersonalTables.exported {
                try builder.beginTable(table.name, columns: table.columns.map(\.name))
                try await store.read { repositories in
                    try await repositories.records(of: owner).copy.read(table) { try builder.write($0) }
                }
                try builder.endTable()
            }
            let readme = ExportReadme.text(
                createdAt: time, counts: builder.counts, observations: builder.observations,
                leftOut: PersonalTables.leftOut)
            let bytes = try builder.archive(to: destination, readme: readme, at: time)
            return Written(records: builder.records, bytes: bytes)
        } catch {
            builder.discard()
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }
}
