import Foundation
import Testing
import ThriveCore
import ThriveStore

/// A sample always belongs to an account that exists: one for nobody is refused whole, and deleting
/// an account deletes its samples — on SQLite by the foreign key, on PostgreSQL by a check once per
/// statement and a trigger on the account (migration 23).
struct SampleOwnerTests {
    @Test(arguments: TestStores.kinds)
    func samplesForNobodyAreRefusedAndAnAccountsSamplesGoWithIt(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let start = Date(timeIntervalSince1970: 1_795_000_000)
            @Sendable func beats(_ count: Int) -> [QuantitySample] {
                (0..<count).map {
                    QuantitySample(
                        id: SampleID(UUID()), type: .heartRate, value: 60, start: start + Double($0 * 60),
                        end: start + Double($0 * 60), source: SampleSource(name: "Watch", kind: .device))
                }
            }
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).quantitySamples.store(beats(30))
                try await repositories.records(of: bob.id).quantitySamples.store(beats(5))
            }
            let nobody = UserID(UUID())
            await #expect(throws: (any Error).self) {
                try await store.write { try await $0.records(of: nobody).quantitySamples.store(beats(3)) }
            }
            #expect(try await store.read { try await $0.records(of: nobody).quantitySamples.spans() }.isEmpty)

            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            #expect(try await store.read { try await $0.records(of: ann.id).quantitySamples.spans() }.isEmpty)
            #expect(try await store.read { try await $0.records(of: bob.id).quantitySamples.spans() }[.heartRate]?.count == 5)
        }
    }
}
