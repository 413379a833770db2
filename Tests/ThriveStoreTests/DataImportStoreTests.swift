import Foundation
import Testing
import ThriveCore
import ThriveStore

/// Imports as stored on SQLite and PostgreSQL: saved again as they progress and end, their summary
/// kept whole, newest first, and never another person's.
struct DataImportStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestStores.kinds)
    func anImportIsSavedAsItProgressesAndEndsAndStaysItsOwners(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            var item = DataImport(
                id: DataImportID(UUID()), source: .appleHealth, fileName: "../../etc/\u{7}export.zip", fileBytes: 1_234_567,
                createdAt: Self.start)
            #expect(item.fileName == "export.zip", "a name to show: no folders, no control characters")
            let id = item.id
            let first = item
            let older = DataImport(
                id: DataImportID(UUID()), source: .appleHealth, fileName: "old.zip", fileBytes: 10,
                createdAt: Self.start - 86_400)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).imports.save(first)
                try await repositories.records(of: ann.id).imports.save(older)
            }
            item.state = .importing
            item.bytesRead = 500
            item.bytesTotal = 2_000
            item.recordsStored = 20_000
            item.startedAt = Self.start + 1
            let progressing = item
            try await store.write { try await $0.records(of: ann.id).imports.save(progressing) }
            #expect(try await store.read { try await $0.records(of: ann.id).imports.get(id) } == progressing)
            #expect(progressing.fractionRead == 0.25)

            var summary = ImportSummary()
            summary.read = ["HeartRate": 19_000, "SleepAnalysis": 1_000]
            summary.notUsed = ["DietaryCaffeine": 12]
            summary.refused = [.outOfRange: ["HeartRate": 2]]
            summary.first = Self.start - 365 * 86_400
            summary.last = Self.start
            summary.sources = ["Apple Watch", "iPhone"]
            item.state = .done
            item.added = 20_000
            item.summary = summary
            item.notes = ["clinicalDocumentIgnored"]
            item.finishedAt = Self.start + 60
            let done = item
            try await store.write { try await $0.records(of: ann.id).imports.save(done) }
            let (found, recent, bobs, bobsList) = try await store.read { repositories in
                (
                    try await repositories.records(of: ann.id).imports.get(id),
                    try await repositories.records(of: ann.id).imports.recent(limit: 10),
                    try await repositories.records(of: bob.id).imports.get(id),
                    try await repositories.records(of: bob.id).imports.recent(limit: 10)
                )
            }
            #expect(found == done)
            #expect(recent.map(\.fileName) == ["export.zip", "old.zip"], "newest first")
            #expect(bobs == nil && bobsList.isEmpty)

            // Bob saving under Ann's import's id changes nothing of hers.
            var forged = done
            forged.state = .failed
            let attempt = forged
            try? await store.write { try await $0.records(of: bob.id).imports.save(attempt) }
            #expect(try await store.read { try await $0.records(of: ann.id).imports.get(id) } == done)
        }
    }
}
