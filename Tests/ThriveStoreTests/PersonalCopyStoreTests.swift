import Foundation
import Synchronization
import Testing
import ThriveCore
import ThriveStore

/// What an export reads: a person's rows of every exported table, typed, in order, on both engines,
/// and nobody else's; and the exports themselves, kept per person.
@Suite("A person's copy of their data, read from the store")
struct PersonalCopyStoreTests {
    final class Rows: Sendable {
        let all = Mutex<[[ExportCell]]>([])
    }

    static func read(_ table: String, of owner: UserID, _ store: Store) async throws -> [[ExportCell]] {
        let rows = Rows()
        let table = try #require(PersonalTables.exported.first { $0.name == table })
        let count = try await store.read {
            try await $0.records(of: owner).copy.read(table) { row in rows.all.withLock { $0.append(row) } }
        }
        let read = rows.all.withLock { $0 }
        #expect(count == read.count)
        return read
    }

    @Test(arguments: TestStores.kinds)
    func everyExportedTableReadsWithItsTypes(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            try await store.write { repositories in
                for account in [ann, bob] { try await repositories.accounts.create(account) }
                try await repositories.records(of: ann.id).quantitySamples.store(
                    [Make.heartRate(61, at: 60, sync: "b"), Make.heartRate(60.5, sync: "a")])
                try await repositories.records(of: bob.id).quantitySamples.store([Make.heartRate(99, sync: "bob")])
                try await repositories.records(of: ann.id).profile.save(
                    Profile(displayName: "Ann", dateOfBirth: LocalDate(year: 1990, month: 3, day: 14)!), at: Make.time)
            }
            // Every table's columns exist and decode on this engine, whatever it holds.
            for table in PersonalTables.exported {
                _ = try await Self.read(table.name, of: ann.id, store)
            }
            let samples = try await Self.read("quantity_samples", of: ann.id, store)
            #expect(samples.count == 2, "Ann's, not Bob's")
            let columns = try #require(PersonalTables.exported.first { $0.name == "quantity_samples" }).columns.map(\.name)
            let value = try #require(columns.firstIndex(of: "value"))
            let start = try #require(columns.firstIndex(of: "start_at"))
            #expect(samples.map { $0[value] } == [.real(60.5), .real(61)], "in time order")
            #expect(samples[0][start] == .timestamp(Make.time.timeIntervalSince1970))
            #expect(samples[0][columns.firstIndex(of: "type")!] == .text("HeartRate"))
            #expect(samples[0][columns.firstIndex(of: "sync_identifier")!] == .text("a"))
            guard case .uuid = samples[0][columns.firstIndex(of: "id")!] else {
                Issue.record("an id is a UUID")
                return
            }
            let account = try await Self.read("users", of: ann.id, store)
            #expect(account.first?.first == .text("ann@example.com"))
            let profile = try await Self.read("profiles", of: ann.id, store)
            #expect(profile.first?.prefix(2) == [.text("Ann"), .text("1990-03-14")])
        }
    }

    /// A document the monthly report keeps (its password sealed with this server's key).
    struct SealedSchedule: PersonDocument {
        static let documentKind = "report-schedule"
        var sealed = "sealed-password"
    }

    struct Goals: PersonDocument {
        static let documentKind = "goals-for-test"
        var steps = 8_000
    }

    @Test(arguments: TestStores.kinds)
    func theMonthlyReportsSealedPasswordStaysBehind(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.records(of: ann.id).documents.save(SealedSchedule(), at: Make.time)
                try await repositories.records(of: ann.id).documents.save(Goals(), at: Make.time)
            }
            let documents = try await Self.read("person_documents", of: ann.id, store)
            #expect(documents.map(\.first) == [.text("goals-for-test")])
            #expect(PersonalTables.leftOut["person_documents"]?.contains("report-schedule") == true, "the README says so")
        }
    }

    @Test(arguments: TestStores.kinds)
    func exportsAreKeptPerPerson(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let asked = DataExport(id: DataExportID(UUID()), requestedAt: Make.time)
            try await store.write { repositories in
                for account in [ann, bob] { try await repositories.accounts.create(account) }
                try await repositories.records(of: ann.id).exports.save(asked)
            }
            var item = asked
            item.state = .ready
            item.finishedAt = Make.time + 60
            item.records = 12
            item.bytes = 3_456
            let ready = item
            try await store.write { try await $0.records(of: ann.id).exports.save(ready) }
            // Bob cannot see it, nor overwrite it by its id.
            var stolen = ready
            stolen.state = .failed
            let taken = stolen
            try? await store.write { try await $0.records(of: bob.id).exports.save(taken) }
            let (anns, bobs) = try await store.read {
                (try await $0.records(of: ann.id).exports.get(ready.id), try await $0.records(of: bob.id).exports.get(ready.id))
            }
            #expect(anns == ready)
            #expect(bobs == nil)
            #expect(anns?.expiresAt == Make.time + 60 + 7 * 86_400)
        }
    }
}
