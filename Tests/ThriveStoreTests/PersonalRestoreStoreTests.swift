import Foundation
import Testing
import ThriveCore
import ThriveStore

/// An export written back into a new account, on both engines: every exported table comes back
/// the same but for its ids, the references follow the new ids, the day totals and the sync log
/// are as if the records had been written here, and a row that refers to nothing fails the whole
/// import without a trace.
@Suite("A person's export restored into a new account")
struct PersonalRestoreStoreTests {
    struct Goals: PersonDocument {
        static let documentKind = "goals-for-test"
        var steps = 8_000
    }

    static let monday = LocalDate(year: 2026, month: 11, day: 23)!
    static let manual = SampleSource(name: "Thrive", kind: .manual)

    /// Ann keeps a little of every kind.
    static func fill(_ owner: UserID, in repositories: Repositories) async throws {
        let records = repositories.records(of: owner)
        try await records.profile.save(
            Profile(
                displayName: "Ann", dateOfBirth: LocalDate(year: 1990, month: 3, day: 14)!, timeZoneIdentifier: "Europe/Berlin"),
            at: Make.time)
        try await records.documents.save(Goals(steps: 9_500), at: Make.time)
        try await records.breathing.add(
            BreathingLog(
                id: BreathingLogID(UUID()), day: LocalDate(year: 2026, month: 11, day: 20)!, recordedAt: Make.time,
                severities: [.cough: .moderate, .wheeze: .mild], note: "After the cold"))
        for (author, text) in [(CounselorMessage.Author.person, "Is MZ inherited?"), (.counselor, "Yes, from one parent.")] {
            try await repositories.counseling.post(
                CounselorMessage(
                    id: CounselorMessageID(UUID()), owner: owner, author: author,
                    counselorName: author == .counselor ? "Kim" : nil, text: text, createdAt: Make.time,
                    readAt: Make.time + 60))
        }
        try await records.quantitySamples.store(
            (0..<300).map { Make.heartRate(55 + Double($0 % 40), at: Double($0) * 600, sync: "hr-\($0)") } + [
                QuantitySample(
                    id: SampleID(UUID()), type: .bodyMass, value: 64.8, start: Make.time, end: Make.time, source: manual)
            ])
        try await records.categorySamples.store([
            CategorySample(
                id: CategorySampleID(UUID()), type: .sleepAnalysis, value: 3, start: Make.time - 8 * 3_600, end: Make.time,
                source: Make.watch)
        ])
        try await records.workouts.store([
            Workout(
                id: WorkoutID(UUID()), activityType: .traditionalStrengthTraining, start: Make.time, end: Make.time + 3_000,
                activeEnergyKilocalories: 310,
                sets: [
                    WorkoutSet(exercise: "Squat", reps: 5, load: Mass(kilograms: 60)),
                    WorkoutSet(exercise: "Plank", durationSeconds: 60, rpe: 7),
                ], source: manual)
        ])
        try await records.journal.store([
            JournalEntry(id: JournalEntryID(UUID()), writtenAt: Make.time, text: "Slept well, \"first\" run.", source: manual)
        ])
        let habit = Habit(
            id: HabitID(UUID()), name: "Drink water", icon: "💧", measure: .count(target: 8, unit: "glasses"),
            schedule: .days([2, 3, 4, 5, 6]), reminderMinutes: 9 * 60, startedOn: monday,
            pauses: [Habit.Pause(from: monday.adding(days: 2), to: monday.adding(days: 3))], createdAt: Make.time)
        try await records.habits.save(TrackedHabit(habit: habit, streak: HabitStreak(through: monday, current: 1, best: 4)))
        try await records.habits.record(
            HabitCheckIn(habitID: habit.id, day: monday, state: .done, amount: 8, recordedAt: Make.time))
        let photo = CoachAttachment(
            id: CoachAttachmentID(UUID()), mediaType: .jpeg, bytes: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]),
            createdAt: Make.time)
        try await records.coach.save(photo)
        _ = try await records.coach.append(
            [
                CoachMessage(
                    id: CoachMessageID(UUID()), author: .person, text: "My lunch", attachment: photo.id, createdAt: Make.time),
                CoachMessage(
                    id: CoachMessageID(UUID()), author: .coach, text: "Looks balanced.",
                    quickReplies: [QuickReply(label: "Thanks", payload: "thanks")], createdAt: Make.time + 5,
                    readAt: Make.time + 60),
            ], openingDay: nil)
        try await records.notifications.add(
            NotificationEntry(
                id: NotificationID(UUID()), kind: .milestone, key: "streak-7", title: Phrase("notification.lock.milestone"),
                body: .literal("Seven days in a row"), link: "/pillars/wellbeing/habits", createdAt: Make.time))
        _ = try await records.alerts.record(
            [
                SafetyFinding(
                    condition: .lowBloodOxygen, message: [Phrase("safety.lowBloodOxygen.message", ["nights": .integer(4)])],
                    evidence: Phrase("safety.lowBloodOxygen.evidence", ["values": .list([.literal("93 %")])]),
                    observedOn: monday)
            ], at: Make.time, ids: .random)
        _ = try await records.achievements.award([AchievementAward(achievement: .firstWeek, tier: 1, earnedOn: monday)])
    }

    /// Every row of every exported table, as an import reads it from the file.
    static func rows(of owner: UserID, _ table: PersonalTable, _ store: Store) async throws -> [PersonalRestore.Row] {
        try await PersonalCopyStoreTests.read(table.name, of: owner, store).enumerated().map { index, cells in
            PersonalRestore.Row(
                line: index + 2,
                cells: Dictionary(uniqueKeysWithValues: zip(table.columns.map(\.name), cells)))
        }
    }

    /// A table's rows without what an import changes: ids, the references to them, the order number
    /// of the coach's messages.
    static func content(of owner: UserID, _ table: PersonalTable, _ store: Store) async throws -> [String] {
        let changed: Set<String> = ["id", "workout_id", "habit_id", "attachment_id", "seq"]
        return try await rows(of: owner, table, store).map { row in
            row.cells.filter { !changed.contains($0.key) }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "|")
        }.sorted()
    }

    static func restore(
        _ from: UserID, into to: UserID, _ store: Store, changing: ((inout [PersonalRestore.Row], PersonalTable) -> Void)? = nil
    ) async throws {
        var exported: [(PersonalTable, [PersonalRestore.Row])] = []
        for table in PersonalTables.exported {
            var rows = try await rows(of: from, table, store)
            changing?(&rows, table)
            exported.append((table, rows))
        }
        let written = exported
        try await store.write { repositories in
            let restore = repositories.records(of: to).restore
            let keys = PersonalRestore.Keys(ids: .random, documentChanges: [Goals.documentKind: .goals])
            for (table, rows) in written { _ = try await restore.restore(rows, of: table, keys: keys, at: Make.time + 86_400) }
            try await restore.verify()
        }
    }

    static func sql(_ store: Store, _ query: String, _ owner: UserID) async throws -> [String] {
        try await store.database.read { sql in
            try await sql.raw("\(unsafeRaw: query) \(bind: owner.rawValue)").all().map { row in
                try row.allColumns.map { column in
                    if let whole = try? row.decode(column: column, as: Int.self) { return "\(whole)" }
                    return "\(try row.decode(column: column, as: Double.self))"
                }.joined(separator: ",")
            }
        }.sorted()
    }

    /// Ann, with a little of everything, and Carl, new.
    static func annAndCarl(_ store: Store) async throws -> (Account, Account) {
        let ann = try Make.account("ann@example.com")
        let carl = try Make.account("carl@example.com")
        try await store.write { repositories in
            try await repositories.accounts.create(ann)
            try await repositories.accounts.create(carl)
            try await Self.fill(ann.id, in: repositories)
        }
        return (ann, carl)
    }

    @Test(arguments: TestStores.kinds)
    func everyTableComesBackButItsIds(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, carl) = try await Self.annAndCarl(store)
            #expect(try await store.read { try await $0.records(of: carl.id).restore.hasRecords() } == false)
            #expect(try await store.read { try await $0.records(of: ann.id).restore.hasRecords() })

            try await Self.restore(ann.id, into: carl.id, store)

            for table in PersonalTables.exported where !PersonalRestore.leftOut.contains(table.name) {
                let (anns, carls) = (
                    try await Self.content(of: ann.id, table, store), try await Self.content(of: carl.id, table, store)
                )
                #expect(anns == carls, "\(table.name)")
                #expect(!anns.isEmpty || ["food_log_entries", "mood_check_ins", "data_imports"].contains(table.name))
            }
            // The references follow the new ids, and no id is shared with Ann's.
            let (carlsWorkout, carlsSets, photo, messages, carlsHabits) = try await store.read { repositories in
                let records = repositories.records(of: carl.id)
                return (
                    try await records.workouts.workouts(in: .all, limit: nil),
                    try await Self.rows(
                        of: carl.id, PersonalTables.exported.first { $0.name == "workout_sets" }!, store),
                    try await Self.rows(of: carl.id, PersonalTables.exported.first { $0.name == "coach_attachments" }!, store),
                    try await records.coach.page(before: nil, after: nil, limit: 10), try await records.habits.all()
                )
            }
            let workout = try #require(carlsWorkout.first)
            #expect(workout.sets.map(\.exercise) == ["Squat", "Plank"])
            #expect(carlsSets.allSatisfy { $0.cells["workout_id"] == .uuid(workout.id.rawValue) })
            let photoID = try #require(photo.first?.cells["id"])
            #expect(
                messages.first { $0.message.text == "My lunch" }.map { ExportCell.uuid($0.message.attachment!.rawValue) }
                    == photoID)
            #expect(messages.map(\.seq) == [1, 2])
            #expect(carlsHabits.first?.streak.best == 4)
            let annsHabits = try await store.read { try await $0.records(of: ann.id).habits.all() }
            #expect(carlsHabits.first?.habit.id != annsHabits.first?.habit.id)

            // Day and hour totals worked out here, in Carl's (restored) time zone.
            let annsDays = try await Self.sql(
                store, "SELECT shift, day, total, n FROM quantity_days WHERE type = 'HeartRate' AND owner_id =", ann.id)
            let carlsDays = try await Self.sql(
                store, "SELECT shift, day, total, n FROM quantity_days WHERE type = 'HeartRate' AND owner_id =", carl.id)
            #expect(!annsDays.isEmpty && annsDays == carlsDays)
            let carlsHours = try await Self.sql(store, "SELECT hour, total, n FROM quantity_hours WHERE owner_id =", carl.id)
            #expect(
                carlsHours == (try await Self.sql(store, "SELECT hour, total, n FROM quantity_hours WHERE owner_id =", ann.id)))

            // A device pulling from the start finds the entries on their own and the readings as a batch.
            let changes = try await store.read { try await $0.records(of: carl.id).changes.changes(after: 0, limit: 100).changes }
            #expect(Set(changes.map(\.kind)) == [.profile, .goals, .weighIn, .workout, .journalEntry, .samples])
            #expect(
                changes.compactMap(\.sampleBatch).map(\.count).sorted() == [1, 300],
                "the night, and the heart rate (the weigh-in has its own entry)")
        }
    }

    @Test(arguments: TestStores.kinds)
    func aRowThatRefersToNothingLeavesTheAccountAsItWas(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let (ann, carl) = try await Self.annAndCarl(store)
            await #expect(throws: PersonalRestore.Unreadable(table: "habit_check_ins", line: 2)) {
                try await Self.restore(ann.id, into: carl.id, store) { rows, table in
                    guard table.name == "habit_check_ins" else { return }
                    var cells = rows[0].cells
                    cells["habit_id"] = .uuid(UUID())
                    rows[0] = PersonalRestore.Row(line: rows[0].line, cells: cells)
                }
            }
            #expect(try await store.read { try await $0.records(of: carl.id).restore.hasRecords() } == false)
            let samples = try await PersonalCopyStoreTests.read("quantity_samples", of: carl.id, store)
            #expect(samples.isEmpty, "nothing of the tables before it either")
            await #expect(throws: PersonalRestore.Unreadable(table: "quantity_samples", line: 4)) {
                try await Self.restore(ann.id, into: carl.id, store) { rows, table in
                    guard table.name == "quantity_samples" else { return }
                    var cells = rows[2].cells
                    cells["start_at"] = .text("yesterday")
                    rows[2] = PersonalRestore.Row(line: rows[2].line, cells: cells)
                }
            }
        }
    }
}
