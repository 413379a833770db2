import Foundation
import Testing
import ThriveCore
import ThriveStore

/// A synced document of the store's own, standing in for the settings the web layer keeps.
struct SyncedPreferences: PersonDocument, Equatable {
    static let documentKind = "test-preferences"
    static let changeKind: ChangeKind? = .settings
    var theme = "auto"
    var reminders = ["morning": true, "evening": true]
}

@Suite("The change log")
struct ChangeLogStoreTests {
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)

    static func checkIn(_ mood: Int, minutes: Double = 0) -> MoodCheckIn {
        MoodCheckIn(
            id: MoodCheckInID(UUID()), recordedAt: noon.addingTimeInterval(minutes * 60), mood: mood, source: .manualEntry)
    }

    @Test(arguments: TestStores.kinds)
    func everyWriteIsLoggedInOrderWithTheNewestStateOfEachRecordOnce(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await HealthRecordStoreTests.twoPeople(store)
            let first = Self.checkIn(3)
            let second = Self.checkIn(4, minutes: 30)
            let heartRates = (0..<300).map { Make.heartRate(60 + Double($0 % 20), at: Double($0) * 60) }
            try await store.write { repositories in
                let records = repositories.records(of: ann.id)
                try await records.moodCheckIns.store([first, second])
                try await records.quantitySamples.store(heartRates)
                #expect(try await records.moodCheckIns.delete(id: first.id))
                var preferences = SyncedPreferences()
                preferences.reminders["evening"] = false
                try await records.documents.save(preferences, at: Self.noon)
                try await records.documents.save(preferences, at: Self.noon)  // unchanged: not logged again
                try await repositories.records(of: bob.id).moodCheckIns.store([Self.checkIn(1)])
            }
            let (changes, more, cursor, bobs) = try await store.read { repositories in
                let log = repositories.records(of: ann.id).changes
                let (changes, more) = try await log.changes(after: 0, limit: 100)
                return (changes, more, try await log.cursor(), try await repositories.records(of: bob.id).changes.cursor())
            }
            #expect(!more)
            // Seq 1 and 2: the check-ins; 3: the batch; 4 reserved by the delete, 5 the document.
            #expect(changes.map(\.kind) == [.moodCheckIn, .samples, .moodCheckIn, .settings])
            #expect(changes.map(\.sequence) == [2, 3, 4, 5])
            #expect(changes[0].recordID == second.id.rawValue)
            #expect(changes[2].recordID == first.id.rawValue && changes[2].deleted, "a tombstone")
            let batch = try #require(changes[1].sampleBatch)
            #expect(batch.types == ["HeartRate"])
            #expect(batch.count == 300)
            #expect(batch.from == Make.time && batch.to == Make.time.addingTimeInterval(299 * 60))
            #expect(changes[3].changedFields == ["reminders.evening"])
            #expect(cursor == 5)
            #expect(bobs == 1, "each person has their own sequence")

            let page = try await store.read { try await $0.records(of: ann.id).changes.changes(after: 2, limit: 2) }
            #expect(page.changes.map(\.sequence) == [3, 4])
            #expect(page.more)
        }
    }

    @Test(arguments: TestStores.kinds)
    func aTransactionThatFailsLogsNothing(kind: DatabaseKind) async throws {
        struct Interrupted: Error {}
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await HealthRecordStoreTests.twoPeople(store)
            await #expect(throws: Interrupted.self) {
                try await store.write { repositories in
                    try await repositories.records(of: ann.id).moodCheckIns.store([Self.checkIn(3)])
                    throw Interrupted()
                }
            }
            let (cursor, changes) = try await store.read { repositories in
                let log = repositories.records(of: ann.id).changes
                return (try await log.cursor(), try await log.changes(after: 0, limit: 10).changes)
            }
            #expect(cursor == 0)
            #expect(changes.isEmpty)
        }
    }

    /// Writers running at once (on PostgreSQL, truly in parallel) each get their own numbers, and a
    /// reader that follows the cursor sees every change exactly once.
    @Test(arguments: TestStores.kinds)
    func concurrentWritersGetDistinctNumbersAndNoChangeIsMissed(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await HealthRecordStoreTests.twoPeople(store)
            // No clock decides when the reader stops (a busy machine once ran out a two-minute
            // deadline): it reads until the writers are done and one more page finds nothing new.
            let writersDone = DoneFlag()
            let seen = try await withThrowingTaskGroup(of: [Int64].self) { group in
                group.addTask {
                    try await withThrowingTaskGroup(of: Void.self) { writers in
                        for writer in 0..<4 {
                            writers.addTask {
                                for index in 0..<5 {
                                    try await store.write { repositories in
                                        try await repositories.records(of: ann.id).moodCheckIns.store([
                                            Self.checkIn(1 + (writer + index) % 5, minutes: Double(writer * 10 + index))
                                        ])
                                    }
                                }
                            }
                        }
                        try await writers.waitForAll()
                    }
                    writersDone.set()
                    return []
                }
                group.addTask {
                    var cursor: Int64 = 0
                    var seen: [Int64] = []
                    while true {
                        let finished = writersDone.isSet
                        let after = cursor
                        let page = try await store.read {
                            try await $0.records(of: ann.id).changes.changes(after: after, limit: 7)
                        }
                        seen += page.changes.map(\.sequence)
                        cursor = page.changes.last?.sequence ?? cursor
                        if page.changes.isEmpty {
                            if finished { break }
                            try await Task.sleep(for: .milliseconds(20))
                        }
                    }
                    return seen
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(seen == Array(1...20))
        }
    }

    @Test(arguments: TestStores.kinds)
    func batchesReadWhoseIDsAreWhoseAndReplaceWithOneEditEach(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, bob) = try await HealthRecordStoreTests.twoPeople(store)
            let (first, second, bobs) = (Self.checkIn(3), Self.checkIn(4, minutes: 30), Self.checkIn(1))
            try await store.write { repositories in
                try await repositories.records(of: ann.id).moodCheckIns.store([first, second])
                try await repositories.records(of: bob.id).moodCheckIns.store([bobs])
            }
            let stranger = UUID()
            let ids = [first, second, bobs].map(\.id.rawValue) + [stranger]
            let (found, existing) = try await store.read { repositories in
                let checkIns = repositories.records(of: ann.id).moodCheckIns
                return (try await checkIns.records(ids: ids), try await checkIns.existingIDs(ids))
            }
            #expect(Set(found.map(\.id)) == [first.id, second.id], "only Ann's own")
            #expect(existing == Set([first, second, bobs].map(\.id.rawValue)), "Bob's ID is taken, the stranger's is free")

            let edited = MoodCheckIn(id: second.id, recordedAt: second.recordedAt, mood: 5, source: .manualEntry)
            let cursorBefore = try await store.read { try await $0.records(of: ann.id).changes.cursor() }
            try await store.write { try await $0.records(of: ann.id).moodCheckIns.replace([edited]) }
            let (stored, changes) = try await store.read { repositories in
                let records = repositories.records(of: ann.id)
                return (
                    try await records.moodCheckIns.checkIn(id: second.id),
                    try await records.changes.changes(after: cursorBefore, limit: 10).0
                )
            }
            #expect(stored?.mood == 5)
            #expect(changes.map(\.recordID) == [second.id.rawValue], "one edit, no tombstone")
            #expect(changes.map(\.deleted) == [false])
        }
    }

    @Test(arguments: TestStores.kinds)
    func aWorkoutIsReadAndReplacedInBatchesWithItsSets(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, _) = try await HealthRecordStoreTests.twoPeople(store)
            let id = WorkoutID(UUID())
            let squat = WorkoutSet(exercise: "Squat", reps: 5, load: Mass(kilograms: 80))
            let bench = WorkoutSet(exercise: "Bench press", reps: 8, load: Mass(kilograms: 60))
            let full = Workout(
                id: id, activityType: .traditionalStrengthTraining, start: Self.noon,
                end: Self.noon.addingTimeInterval(3_600), sets: [squat, bench], source: .manualEntry)
            let edited = Workout(
                id: id, activityType: .traditionalStrengthTraining, start: Self.noon,
                end: Self.noon.addingTimeInterval(3_600), sets: [bench], source: .manualEntry)
            try await store.write { try await $0.records(of: ann.id).workouts.store([full]) }
            let read = try await store.read { try await $0.records(of: ann.id).workouts.records(ids: [id.rawValue]) }
            #expect(read.first?.sets == [squat, bench], "a batch read brings the sets")

            try await store.write { try await $0.records(of: ann.id).workouts.replace([edited]) }
            let replaced = try await store.read { try await $0.records(of: ann.id).workouts.workout(id: id) }
            #expect(replaced?.sets == [bench], "a replaced workout has exactly its new sets")
        }
    }
}

/// Set once, read from other tasks.
final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    var isSet: Bool { lock.withLock { done } }
    func set() { lock.withLock { done = true } }
}
