import Foundation
import Testing
import ThriveCore
import ThriveStore

/// Device connections on SQLite and PostgreSQL: one per provider and person, saved as pulls go,
/// the sealed token kept beside it and forgotten on demand, never another person's; and the data a
/// device sent deleted with its tombstones when the person asks, in one statement
/// (which PostgreSQL's rollup triggers once failed on).
struct DeviceConnectionStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestStores.kinds)
    func aConnectionIsKeptPerProviderWithItsSealedTokenAndStaysItsOwners(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            var fitbit = DeviceConnection(
                id: DeviceConnectionID(UUID()), provider: .fitbit, scopes: [.heartRate, .sleep], connectedAt: Self.start)
            let first = fitbit
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).devices.save(first)
                try await repositories.records(of: ann.id).devices.setSealedToken("sealed-1", for: first.id)
            }
            fitbit.lastSyncAt = Self.start + 1_800
            fitbit.problem = .rateLimited
            fitbit.failures = 2
            fitbit.recordsStored = 46_000
            let pulled = fitbit
            try await store.write { try await $0.records(of: ann.id).devices.save(pulled) }
            let read = try await store.read { try await $0.records(of: ann.id).devices.get(.fitbit) }
            #expect(read == pulled)
            #expect(try await store.read { try await $0.records(of: ann.id).devices.sealedToken(for: pulled.id) } == "sealed-1")
            // Bob sees none of it, and cannot overwrite it.
            #expect(try await store.read { try await $0.records(of: bob.id).devices.all() }.isEmpty)
            #expect(try await store.read { try await $0.records(of: bob.id).devices.sealedToken(for: pulled.id) } == nil)
            try await store.write { try await $0.records(of: bob.id).devices.setSealedToken("bob's", for: pulled.id) }
            #expect(try await store.read { try await $0.records(of: ann.id).devices.sealedToken(for: pulled.id) } == "sealed-1")

            // Connecting Fitbit again replaces the old connection and its token.
            let again = DeviceConnection(
                id: DeviceConnectionID(UUID()), provider: .fitbit, scopes: DeviceProvider.fitbit.scopes,
                connectedAt: Self.start + 86_400)
            try await store.write { try await $0.records(of: ann.id).devices.save(again) }
            #expect(try await store.read { try await $0.records(of: ann.id).devices.all() } == [again])
            #expect(try await store.read { try await $0.records(of: ann.id).devices.sealedToken(for: pulled.id) } == nil)
            try await store.write { try await $0.records(of: ann.id).devices.setSealedToken(nil, for: again.id) }
            #expect(try await store.read { try await $0.records(of: ann.id).devices.sealedToken(for: again.id) } == nil)
            #expect(try await store.write { try await $0.records(of: ann.id).devices.delete(again.id) })
            #expect(try await store.read { try await $0.records(of: ann.id).devices.get(.fitbit) } == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func aDevicesDataIsDeletedWithTombstonesAndNothingElseIs(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let oura = DeviceProvider.oura.source
            let watch = SampleSource(name: "Oura", kind: .app)
            @Sendable func beat(_ minute: Int, _ source: SampleSource) -> QuantitySample {
                let time = Self.start + Double(minute * 60)
                return QuantitySample(
                    id: SampleID(UUID()), type: .heartRate, value: 60, start: time, end: time, source: source)
            }
            let night = CategorySample(
                id: CategorySampleID(UUID()), type: .sleepAnalysis, value: SleepStage.asleepDeep.rawValue, start: Self.start,
                end: Self.start + 3_600, source: oura)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                let records = repositories.records(of: ann.id)
                try await records.quantitySamples.store((0..<5).map { beat($0, oura) } + [beat(10, watch)])
                try await records.categorySamples.store([night])
            }
            let (quantities, categories, changes) = try await store.write { repositories in
                let records = repositories.records(of: ann.id)
                let before = try await records.changes.cursor()
                return (
                    try await records.quantitySamples.delete(from: oura), try await records.categorySamples.delete(from: oura),
                    try await records.changes.changes(after: before, limit: 100).changes.count
                )
            }
            #expect(quantities == 5 && categories == 1)
            #expect(changes == 2, "a batch tombstone per kind, as imports log theirs, for other devices to sync")
            let left = try await store.read { try await $0.records(of: ann.id).summary() }
            #expect(left.total.count == 1, "the app named Oura is another source")
        }
    }
}
