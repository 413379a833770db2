import Foundation
import Testing
import ThriveCore
import ThriveStore

@testable import ThriveWeb

/// The nightly tidy keeps each person's retention setting: records older than it go, the rest
/// and everyone who chose "never" keep theirs.
@Suite("Retention, kept nightly")
struct RetentionJobTests {
    @Test func theNightlyTidyDeletesWhatIsOlderThanEachPersonsSetting() async throws {
        let app = try await TestApp.make()
        let now = app.clock.now
        let cutoff = try #require(RetentionPeriod.oneYear.cutoff(at: now))
        let watch = SampleSource(name: "Apple Watch", kind: .device)
        @Sendable func beat(_ time: Date) -> QuantitySample {
            QuantitySample(id: SampleID(UUID()), type: .heartRate, value: 60, start: time, end: time, source: watch)
        }
        let ann = Account(id: UserID(UUID()), email: try EmailAddress("ann@example.com"), passwordHash: "x", createdAt: now)
        let bob = Account(id: UserID(UUID()), email: try EmailAddress("bob@example.com"), passwordHash: "x", createdAt: now)
        try await app.store.write { repositories in
            for person in [ann, bob] {
                try await repositories.accounts.create(person)
                try await repositories.records(of: person.id).quantitySamples.store([
                    beat(cutoff - 1), beat(cutoff), beat(now - 60),
                ])
            }
            var settings = Settings()
            settings.privacy.retention = .oneYear
            try await repositories.records(of: ann.id).documents.save(settings, at: now)
        }
        let tidy = DailyTidy(store: app.store, now: app.clock.source)
        _ = try await tidy.run(Job(id: JobID(UUID()), kind: tidy.kind, owner: nil, dueAt: now, idempotencyKey: "tidy"))
        let (anns, bobs) = try await app.store.read { repositories in
            (
                try await repositories.records(of: ann.id).summary().total.count,
                try await repositories.records(of: bob.id).summary().total.count
            )
        }
        #expect(anns == 2, "a year and a second old: gone; a year old exactly and today: kept")
        #expect(bobs == 3, "never: everything kept")
        await app.cleanup()
    }
}
