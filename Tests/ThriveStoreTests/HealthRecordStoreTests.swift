import Foundation
import Testing
import ThriveCore
import ThriveStore

@Suite("Health records in the store")
struct HealthRecordStoreTests {
    /// Two people in one store, for tests about who sees what.
    static func twoPeople(_ store: Store) async throws -> (Account, Account) {
        let ann = try Make.account("ann@example.com")
        let bob = try Make.account("bob@example.com")
        try await store.write { repositories in
            try await repositories.accounts.create(ann)
            try await repositories.accounts.create(bob)
        }
        return (ann, bob)
    }

    @Test(arguments: TestStores.kinds)
    func aRepositoryCannotReachAnotherPersonsRecords(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await Self.twoPeople(store)
            let bobs = Make.heartRate(88, sync: "shared-id")
            try await store.write { repositories in
                try await repositories.records(of: bob.id).quantitySamples.store([bobs])
                // Ann's device happens to use the same sync identifier: it must not touch Bob's sample.
                try await repositories.records(of: ann.id).quantitySamples.store(
                    [Make.heartRate(61, sync: "shared-id")])
            }
            let (seenByAnn, annsValues, seenByBob) = try await store.read { repositories in
                let annsRecords = repositories.records(of: ann.id)
                return (
                    try await annsRecords.quantitySamples.sample(id: bobs.id),
                    try await annsRecords.quantitySamples.samples(of: .heartRate, in: .all, limit: nil).map(\.value),
                    try await repositories.records(of: bob.id).quantitySamples.sample(id: bobs.id)
                )
            }
            #expect(seenByAnn == nil)
            #expect(annsValues == [61])
            #expect(seenByBob?.value == 88)
            #expect(try await store.write { try await $0.records(of: ann.id).quantitySamples.delete(id: bobs.id) } == false)
            #expect(try await store.read { try await $0.records(of: bob.id).quantitySamples.sample(id: bobs.id) } != nil)
        }
    }

    /// Retention: what happened before the cutoff goes (a second before it), what happened at it
    /// stays, only the person's own, each logged as deleted for synced devices.
    @Test(arguments: TestStores.kinds)
    func recordsBeforeTheCutoffAreDeletedAndLoggedForSync(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await Self.twoPeople(store)
            let cutoff = Make.time + 3_600
            // 5,001 before it, the last a second before: more than one batch of 5,000.
            let old = (0..<5_001).map { Make.heartRate(60, at: 3_599 - Double($0), sync: "old-\($0)") }
            let kept = Make.heartRate(70, at: 3_600, sync: "at-cutoff")
            let oldNote = JournalEntry(id: JournalEntryID(UUID()), writtenAt: cutoff - 1, text: "Old", source: .manualEntry)
            let newNote = JournalEntry(id: JournalEntryID(UUID()), writtenAt: cutoff, text: "New", source: .manualEntry)
            let before = try await store.write { repositories in
                try await repositories.records(of: ann.id).quantitySamples.store(old + [kept])
                try await repositories.records(of: ann.id).journal.store([oldNote, newNote])
                try await repositories.records(of: bob.id).quantitySamples.store([Make.heartRate(80, sync: "bob")])
                return try await repositories.records(of: ann.id).changes.cursor()
            }
            let deleted = try await store.write { try await $0.records(of: ann.id).deleteRecords(before: cutoff) }
            #expect(deleted == 5_002, "5,001 samples in two batches and one note")
            let (anns, notes, bobs, logged) = try await store.read { repositories in
                (
                    try await repositories.records(of: ann.id).summary().total.count,
                    try await repositories.records(of: ann.id).journal.search(text: "New", limit: 5),
                    try await repositories.records(of: bob.id).summary().total.count,
                    try await repositories.records(of: ann.id).changes.changes(after: before, limit: 10_000).changes
                )
            }
            #expect(anns == 1, "the sample at the cutoff stays")
            #expect(notes == [newNote])
            #expect(bobs == 1)
            #expect(logged.allSatisfy { $0.deleted })
            #expect(logged.contains { $0.recordID == oldNote.id.rawValue }, "the note's tombstone")
            #expect(!logged.isEmpty)
        }
    }

    @Test(arguments: TestStores.kinds)
    func journalAndMealSearchStayWithinOnePerson(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await Self.twoPeople(store)
            let time = Date(timeIntervalSince1970: 1_795_000_000)
            let annsEntry = JournalEntry(
                id: JournalEntryID(UUID()), writtenAt: time, text: "Walked 100% of the way to the LAKE", source: .manualEntry)
            try await store.write { repositories in
                try await repositories.records(of: ann.id).journal.store([annsEntry])
                try await repositories.records(of: bob.id).journal.store([
                    JournalEntry(id: JournalEntryID(UUID()), writtenAt: time, text: "Lake swim", source: .manualEntry)
                ])
            }
            let (anns, wildcard, bobs) = try await store.read { repositories in
                (
                    try await repositories.records(of: ann.id).journal.search(text: "lake", limit: 10),
                    try await repositories.records(of: ann.id).journal.search(text: "%", limit: 10),
                    try await repositories.records(of: bob.id).journal.entry(id: annsEntry.id)
                )
            }
            #expect(anns == [annsEntry], "case-insensitive, only Ann's")
            #expect(wildcard.isEmpty, "a lone % is not a wildcard")
            #expect(bobs == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func resendingAnImportStoresNothingNewAndANewerVersionWins(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await Self.twoPeople(store)
            let batch = (0..<10).map { Make.heartRate(60 + Double($0), at: Double($0) * 60, sync: "hr-\($0)") }
            for _ in 0..<2 {
                try await store.write { try await $0.records(of: ann.id).quantitySamples.store(batch) }
            }
            try await store.write { repositories in
                let samples = repositories.records(of: ann.id).quantitySamples
                try await samples.store([Make.heartRate(99, sync: "hr-3", version: 2)])
                try await samples.store([Make.heartRate(20, sync: "hr-3", version: 1)])
            }
            let stored = try await store.read {
                try await $0.records(of: ann.id).quantitySamples.samples(of: .heartRate, in: .all, limit: nil)
            }
            #expect(stored.count == 10)
            let third = try #require(stored.first { $0.sync?.identifier == "hr-3" })
            #expect(third.value == 99)
            #expect(third.sync?.version == 2)
            #expect(third.id == batch[3].id, "the stored row keeps its identity")
        }
    }

    @Test(arguments: TestStores.kinds)
    func largeBatchesRoundTripInTimeOrder(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await Self.twoPeople(store)
            // 7,000 samples: three statements (3,000 rows at most each). In the first the source is the
            // same in every row, so it is bound once; in the others two sources alternate.
            let ring = SampleSource(name: "Oura", kind: .device)
            let samples = (0..<7_000).map { index in
                let sample = Make.heartRate(Double(50 + index % 100), at: Double(index) * 60, sync: "hr-\(index)")
                guard index >= 3_000, index.isMultiple(of: 2) else { return sample }
                return QuantitySample(
                    id: sample.id, type: .heartRate, value: sample.value, start: sample.start, end: sample.end, source: ring,
                    sync: sample.sync)
            }
            try await store.write { try await $0.records(of: ann.id).quantitySamples.store(samples) }
            let everything = try await store.read {
                try await $0.records(of: ann.id).quantitySamples.samples(of: .heartRate, in: .all, limit: nil)
            }
            #expect(Set(everything) == Set(samples), "every row comes back exactly as sent")
            let window = DateWindow(from: Make.time + 60 * 100, to: Make.time + 60 * 200)
            let (inWindow, limited, latest, spans) = try await store.read { repositories in
                let records = repositories.records(of: ann.id).quantitySamples
                return (
                    try await records.samples(of: .heartRate, in: window, limit: nil),
                    try await records.samples(of: .heartRate, in: .all, limit: 7),
                    try await records.latest(of: .heartRate),
                    try await records.spans()
                )
            }
            #expect(inWindow.count == 100)
            #expect(inWindow.map(\.start) == inWindow.map(\.start).sorted())
            #expect(inWindow.first?.start == Make.time + 6_000)
            #expect(limited.count == 7)
            #expect(latest?.sync?.identifier == "hr-6999")
            #expect(spans[.heartRate] == RecordSpan(count: 7_000, first: Make.time, last: Make.time + 6_999 * 60))
        }
    }

    @Test(arguments: TestStores.kinds)
    func aFailedWriteLeavesNothingBehind(kind: DatabaseKind) async throws {
        struct Abort: Error {}
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await Self.twoPeople(store)
            await #expect(throws: Abort.self) {
                try await store.write { repositories in
                    try await repositories.records(of: ann.id).quantitySamples.store(
                        [Make.heartRate(70, sync: "x")])
                    throw Abort()
                }
            }
            #expect(try await store.read { try await $0.records(of: ann.id).summary() }.isEmpty)
        }
    }

    @Test(arguments: TestStores.kinds)
    func workoutsKeepTheirSetsInOrderAndANewerVersionReplacesThem(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await Self.twoPeople(store)
            @Sendable func session(_ version: Int, _ sets: [WorkoutSet]) -> Workout {
                Workout(
                    id: WorkoutID(UUID()), activityType: .traditionalStrengthTraining, start: Make.time, end: Make.time + 3_600,
                    activeEnergyKilocalories: 320, sets: sets, source: Make.watch,
                    sync: SyncStamp(identifier: "w-1", version: version))
            }
            let squat = WorkoutSet(exercise: "Back squat", reps: 8, load: Mass(kilograms: 60), rpe: 8)
            let bench = WorkoutSet(exercise: "Bench press", reps: 10, load: Mass(kilograms: 40))
            let first = session(1, [squat, bench, squat])
            try await store.write { try await $0.records(of: ann.id).workouts.store([first]) }
            var stored = try await store.read { try await $0.records(of: ann.id).workouts.workout(id: first.id) }
            #expect(stored?.sets == [squat, bench, squat])
            #expect(stored?.activeEnergyKilocalories == 320)

            let heavier = WorkoutSet(exercise: "Back squat", reps: 8, load: Mass(kilograms: 62.5))
            try await store.write { repositories in
                try await repositories.records(of: ann.id).workouts.store([session(2, [heavier])])
                try await repositories.records(of: ann.id).workouts.store([session(1, [bench])])
            }
            stored = try await store.read { try await $0.records(of: ann.id).workouts.workout(id: first.id) }
            #expect(stored?.sets == [heavier])
            #expect(stored?.sync?.version == 2)
            #expect(try await store.read { try await $0.records(of: bob.id).workouts.workout(id: first.id) } == nil)
            #expect(try await store.write { try await $0.records(of: ann.id).workouts.delete(id: first.id) })
            #expect(try await store.read { try await $0.records(of: ann.id).workouts.span() } == .empty)
        }
    }

    @Test(arguments: TestStores.kinds)
    func foodAndCheckInsRoundTripWithTheirOptionalFields(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await Self.twoPeople(store)
            let lunch = FoodLogEntry(
                id: FoodLogEntryID(UUID()), consumedAt: Make.time, meal: .lunch, name: "Lentil soup with rye bread", grams: 450,
                energyKilocalories: 449, proteinGrams: 22, carbohydrateGrams: 70, fatGrams: 9, source: .manualEntry,
                sync: SyncStamp(identifier: "f-1"))
            let snack = FoodLogEntry(
                id: FoodLogEntryID(UUID()), consumedAt: Make.time + 3_600, meal: .snack, name: "Banana", energyKilocalories: 105,
                proteinGrams: 1.3, carbohydrateGrams: 27, fatGrams: 0.4, source: .manualEntry)
            let evening = MoodCheckIn(
                id: MoodCheckInID(UUID()), recordedAt: Make.time, mood: 4, energy: 3, stress: 2, note: "Good run, “great” day ✓",
                source: .manualEntry, sync: SyncStamp(identifier: "m-1"))
            let bare = MoodCheckIn(id: MoodCheckInID(UUID()), recordedAt: Make.time + 60, mood: 2, source: .manualEntry)
            try await store.write { repositories in
                let records = repositories.records(of: ann.id)
                try await records.foodLog.store([lunch, snack])
                try await records.moodCheckIns.store([evening, bare])
            }
            let (entries, checkIns, span) = try await store.read { repositories in
                let records = repositories.records(of: ann.id)
                return (
                    try await records.foodLog.entries(in: .all, limit: nil),
                    try await records.moodCheckIns.checkIns(in: .all, limit: nil),
                    try await records.foodLog.span()
                )
            }
            #expect(entries == [lunch, snack])
            #expect(checkIns == [evening, bare])
            #expect(span.count == 2)
        }
    }

    @Test(arguments: TestStores.kinds)
    func theProfileIsSavedAndReplaced(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await Self.twoPeople(store)
            let original = Profile(
                displayName: "Ann", dateOfBirth: LocalDate(year: 1988, month: 7, day: 2), sex: .female,
                height: Length(metres: 1.65),
                weight: Mass(kilograms: 61.5), unitSystem: .imperial, timeZoneIdentifier: "Europe/Berlin")
            try await store.write { try await $0.records(of: ann.id).profile.save(original, at: Make.time) }
            #expect(try await store.read { try await $0.records(of: ann.id).profile.get() } == original)
            var changed = original
            changed.weight = Mass(kilograms: 60)
            changed.displayName = nil
            let updated = changed
            try await store.write { try await $0.records(of: ann.id).profile.save(updated, at: Make.time) }
            #expect(try await store.read { try await $0.records(of: ann.id).profile.get() } == updated)
            #expect(try await store.read { try await $0.records(of: bob.id).profile.get() } == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func aYearOfDemoDataIsStoredAndSummarised(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await Self.twoPeople(store)
            let zone = TimeZone(identifier: "America/New_York")!
            let generator = DemoDataGenerator(
                lastDay: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: zone, ids: .seeded(5))
            var all = HealthRecords()
            for day in generator.days() { all.append(day.records) }
            let records = all
            try await store.write { try await $0.records(of: ann.id).store(records) }
            let summary = try await store.read { try await $0.records(of: ann.id).summary() }
            #expect(summary.total.count == records.count)
            #expect(summary.spans[.workout]?.count == records.workouts.count)
            #expect(summary.spans[.quantity(.stepCount)]?.count == records.quantitySamples.filter { $0.type == .stepCount }.count)
            #expect(
                summary.spans[.category(.sleepAnalysis)]?.count
                    == records.categorySamples.filter { $0.type == .sleepAnalysis }.count)
            let starts = records.quantitySamples.map(\.start) + records.categorySamples.map(\.start)
            let first = LocalDate(try #require(starts.min()), in: zone)
            let last = LocalDate(try #require(starts.max()), in: zone)
            #expect(summary.total.first == starts.min())
            #expect(
                summary.daysCovered(in: zone) == Int(last.start(in: zone).timeIntervalSince(first.start(in: zone)) / 86_400 + 0.5)
                    + 1)
            #expect((365...366).contains(summary.daysCovered(in: zone)))
        }
    }
}
