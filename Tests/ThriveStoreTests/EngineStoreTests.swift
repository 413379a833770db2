import Foundation
import Testing
import ThriveCore
import ThriveStore

struct Preferences: PersonDocument, Equatable {
    static let documentKind = "test-preferences"
    var goal = "maintain"
    var rate: Double?
    var since: Date?
}

@Suite("Daily metrics, documents and alerts in the store")
struct EngineStoreTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let lastDay = LocalDate(year: 2026, month: 3, day: 10)!  // spans the 8 March DST change

    @Test(arguments: TestStores.kinds)
    func dailyAggregatesMatchTheRecordsDayByDay(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let generator = DemoDataGenerator(lastDay: Self.lastDay, timeZone: Self.zone, ids: .seeded(11))
            var records = HealthRecords()
            for index in (generator.dayCount - 12)..<generator.dayCount { records.append(generator.day(index).records) }
            let all = records
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.records(of: ann.id).store(all)
            }
            let first = Self.lastDay.adding(days: -9)
            let days = try await store.read {
                try await $0.records(of: ann.id).daily.days(from: first, through: Self.lastDay, in: Self.zone)
            }
            #expect(days.days.count == 10)
            var nightsWithHeartRate = 0
            for day in days.days {
                let start = day.date.start(in: Self.zone)
                let end = day.date.adding(days: 1).start(in: Self.zone)
                let inDay = { (date: Date) in date >= start && date < end }
                let watchSteps = all.quantitySamples.filter {
                    $0.type == .stepCount && $0.source.name == "Apple Watch" && inDay($0.start)
                }.map(\.value).reduce(0, +)
                #expect(
                    day.quantities[.stepCount]?[SampleSource(name: "Apple Watch", kind: .device)]?.sum ?? 0 == watchSteps,
                    "\(day.date)")
                let asleep = all.categorySamples.filter {
                    $0.type == .sleepAnalysis && (SleepStage(rawValue: $0.value)?.isAsleep ?? false) && inDay($0.end)
                }.map { $0.end.timeIntervalSince($0.start) }.reduce(0, +)
                #expect(abs((day.sleep(policy: SourcePolicy())?.asleepSeconds ?? 0) - asleep) < 0.01, "\(day.date)")
                // The night's highest heart rate: readings inside the in-bed segments that end on this day.
                let beds = all.categorySamples.filter {
                    $0.type == .sleepAnalysis && $0.value == SleepStage.inBed.rawValue && $0.source.name == "Apple Watch"
                        && inDay($0.end)
                }
                let nightPeak = all.quantitySamples.filter { sample in
                    sample.type == .heartRate && beds.contains { sample.start >= $0.start && sample.start < $0.end }
                }.map(\.value).max()
                #expect(day.sleep[SampleSource(name: "Apple Watch", kind: .device)]?.maximumHeartRate == nightPeak, "\(day.date)")
                if nightPeak != nil { nightsWithHeartRate += 1 }
                let energy = all.foodLog.filter { inDay($0.consumedAt) }.map(\.energyKilocalories).reduce(0, +)
                #expect(abs((day.food?.energyKilocalories ?? 0) - energy) < 0.001, "\(day.date)")
                let workouts = all.workouts.filter { inDay($0.start) }
                #expect(day.workouts.count == workouts.count, "\(day.date)")
                for workout in day.workouts {
                    let peak = all.quantitySamples.filter {
                        $0.type == .heartRate && $0.start >= workout.start && $0.start < workout.end
                    }.map(\.value).max()
                    #expect(workout.maximumHeartRate == peak)
                }
                let moods = all.moodCheckIns.filter { inDay($0.recordedAt) }.map { Double($0.mood) }
                #expect(day.mood?.mood == Statistics.mean(moods))
            }
            #expect(nightsWithHeartRate >= 5, "the watch records heart rate in bed on most nights")
        }
    }

    @Test(arguments: TestStores.kinds)
    func documentsRoundTripPerPerson(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let saved = Preferences(goal: "lose", rate: 0.5, since: Make.time)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).documents.save(saved, at: Make.time)
                try await repositories.records(of: ann.id).documents.save(saved, at: Make.time)
            }
            let (anns, bobs) = try await store.read {
                (
                    try await $0.records(of: ann.id).documents.get(Preferences.self),
                    try await $0.records(of: bob.id).documents.get(Preferences.self)
                )
            }
            #expect(anns == saved)
            #expect(bobs == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func oneOpenAlertPerConditionAcknowledgedAndResolved(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let day = LocalDate(year: 2026, month: 11, day: 22)!
            let high = SafetyFinding(
                condition: .restingHeartRateHigh,
                message: [
                    Phrase("safety.restingHeartRateHigh.message", ["bpm": .integer(112), "date": .date(day)]),
                    Phrase("safety.clinician"),
                ],
                evidence: Phrase("safety.restingHeartRate.evidence", ["bpm": .integer(112), "source": .text("Oura")]),
                observedOn: day)
            let oxygen = SafetyFinding(
                condition: .lowBloodOxygen, message: [Phrase("safety.lowBloodOxygen.message", ["nights": .integer(4)])],
                evidence: Phrase("safety.lowBloodOxygen.evidence", ["values": .list([.literal("93 %")])]), observedOn: day)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
            }
            let first = try await store.write {
                try await $0.records(of: ann.id).alerts.record([high, oxygen], at: Make.time, ids: .random)
            }
            #expect(first.count == 2)
            // Stored as phrases, read back as the same phrases (shown later in the reader's language).
            #expect(first.first { $0.condition == .restingHeartRateHigh }?.message == high.message)
            #expect(first.first { $0.condition == .lowBloodOxygen }?.evidence == oxygen.evidence)
            let again = try await store.write {
                try await $0.records(of: ann.id).alerts.record([high], at: Make.time + 60, ids: .random)
            }
            #expect(again.map(\.condition) == [.restingHeartRateHigh], "the oxygen alert resolved; no duplicate opened")
            #expect(again.first?.id == first.first { $0.condition == .restingHeartRateHigh }?.id)
            #expect(again.first?.lastSeenAt == Make.time + 60)

            let id = try #require(again.first?.id)
            #expect(try await store.write { try await $0.records(of: bob.id).alerts.acknowledge(id, at: Make.time) } == nil)
            let acknowledged = try await store.write {
                try await $0.records(of: ann.id).alerts.acknowledge(id, at: Make.time + 120)
            }
            #expect(acknowledged?.acknowledgedAt == Make.time + 120)
            #expect(acknowledged?.isOpen == true)
            let recent = try await store.read { try await $0.records(of: ann.id).alerts.recent(since: Make.time - 86_400) }
            #expect(recent.count == 2)
            #expect(try await store.read { try await $0.records(of: bob.id).alerts.open() }.isEmpty)
        }
    }

    /// Alerts stored before they were phrases hold English sentences: they still show, as they are.
    @Test(arguments: TestStores.kinds)
    func anAlertStoredAsPlainTextStillReads(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            try await store.write { try await $0.accounts.create(ann) }
            try await store.database.write { sql in
                try await sql.insert(into: "safety_alerts")
                    .columns("id", "owner_id", "condition", "message", "evidence", "observed_on", "opened_at", "last_seen_at")
                    .values(
                        UUID(), ann.id.rawValue, "irregularRhythm", "Your device reported an irregular heart rhythm.",
                        "1 notification(s).", "2026-11-22", Make.time, Make.time
                    ).run()
            }
            let alert = try #require(try await store.read { try await $0.records(of: ann.id).alerts.open() }.first)
            #expect(alert.message == [.literal("Your device reported an irregular heart rhythm.")])
            #expect(alert.evidence == .literal("1 notification(s)."))
        }
    }
}
