import Foundation
import SQLKit
import Testing
import ThriveCore

@testable import ThriveStore

/// Day totals of quantities come from daily and hourly rollups that triggers keep in step with
/// every write. After each kind of write, the days read in London (the person's zone: day totals,
/// and hours for the days the clocks change), in UTC (the winter shift's day totals), in New York
/// (a zone whose days are not kept: hours) and in Kolkata (+5:30: the samples themselves) must
/// equal what the samples say, reading by reading.
@Suite("Daily and hourly rollups of quantities")
struct QuantityHoursTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// Four days over the change to summer time on Sunday 29 March 2026 (a 23-hour day in London),
    /// and over its end on Sunday 25 October (a 25-hour day).
    static let clockChanges = [LocalDate(year: 2026, month: 3, day: 27)!, LocalDate(year: 2026, month: 10, day: 23)!]
    /// Four summer days: no clock change in the range at all.
    static let summer = LocalDate(year: 2026, month: 7, day: 10)!
    /// Four days over the first of January 1970: hours and days before it are negative numbers,
    /// which must round down (−0.5 is hour −1, not hour 0). London kept UTC+1 all year then.
    static let epoch = LocalDate(year: 1969, month: 12, day: 30)!
    static let phone = SampleSource(name: "iPhone", kind: .device)

    /// Heart rate every seven minutes from the watch, steps every hour from the phone, with
    /// values from a fixed pseudo-random sequence.
    static func samples(from first: LocalDate) -> [QuantitySample] {
        let start = first.start(in: london)
        var seed: UInt64 = 42
        func next(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 33) / Double(1 << 31) * (range.upperBound - range.lowerBound)
        }
        let heart = stride(from: 0.0, to: 4 * 86_400, by: 420).enumerated().map { index, offset in
            QuantitySample(
                id: SampleID(UUID()), type: .heartRate, value: next(48...170).rounded(), start: start + offset,
                end: start + offset, source: Make.watch, sync: SyncStamp(identifier: "hr-\(index)"))
        }
        let steps = stride(from: 1_800.0, to: 4 * 86_400, by: 3_600).map { offset in
            QuantitySample(
                id: SampleID(UUID()), type: .stepCount, value: next(0...1_200).rounded(), start: start + offset,
                end: start + offset + 600, source: phone)
        }
        return heart + steps
    }

    static func expectDaysMatch(_ samples: [QuantitySample], from first: LocalDate, store: Store, owner: UserID) async throws {
        let last = first.adding(days: 3)
        for zone in [london, kolkata, .gmt, newYork, tokyo] {
            let days = try await store.read {
                try await $0.records(of: owner).daily.days([.heartRate, .stepCount], from: first, through: last, in: zone)
            }
            #expect(days.days.count == 4)
            for day in days.days {
                let start = day.date.start(in: zone)
                let end = day.date.adding(days: 1).start(in: zone)
                for (type, source) in [(QuantityType.heartRate, Make.watch), (.stepCount, phone)] {
                    let values = samples.filter { $0.type == type && $0.source == source && $0.start >= start && $0.start < end }
                        .map(\.value)
                    let read = day.quantities[type]?[source]
                    let place = "\(type) on \(day.date) in \(zone.identifier)"
                    guard let low = values.min(), let high = values.max() else {
                        #expect(read == nil, "\(place)")
                        continue
                    }
                    #expect(read?.count == values.count, "\(place)")
                    #expect(read?.minimum == low, "\(place)")
                    #expect(read?.maximum == high, "\(place)")
                    #expect(abs((read?.sum ?? 0) - values.reduce(0, +)) < 1e-6, "\(place)")
                    #expect(abs((read?.mean ?? 0) - values.reduce(0, +) / Double(values.count)) < 1e-9, "\(place)")
                }
            }
        }
    }

    static func hours(_ samples: [QuantitySample]) -> Int {
        Set(samples.map { "\($0.type) \(Int(($0.start.timeIntervalSince1970 / 3_600).rounded(.down)))" }).count
    }

    static func hourRows(_ store: Store) async throws -> Int {
        try await store.database.read {
            try await $0.raw("SELECT COUNT(*) AS n FROM quantity_hours").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    static func dayRows(_ store: Store) async throws -> [Int: Int] {
        try await store.database.read {
            var shifts: [Int: Int] = [:]
            for row in try await $0.raw("SELECT shift, COUNT(*) AS n FROM quantity_days GROUP BY shift").all() {
                shifts[try row.decode(column: "shift", as: Int.self)] = try row.decode(column: "n", as: Int.self)
            }
            return shifts
        }
    }

    @Test func shiftsAreTheUTCHoursDaysStartAt() {
        let now = LocalDate(year: 2026, month: 11, day: 24)!.start(in: .gmt)
        #expect(QuantityDayShifts.shifts(of: Self.london, around: now) == [0, 23])
        #expect(QuantityDayShifts.shifts(of: Self.tokyo, around: now) == [15])
        #expect(QuantityDayShifts.shifts(of: Self.newYork, around: now) == [4, 5])
        #expect(QuantityDayShifts.shifts(of: Self.kolkata, around: now).isEmpty)
    }

    /// London from Friday 27 to Monday 30 March 2026: two winter days (shift 0), the 23-hour day of
    /// the change from the hours, and a summer day (shift 23, starting 23:00 UTC on the Sunday).
    @Test func aSpanIsReadFromDayTotalsExceptTheDayTheClocksChange() {
        let first = Self.clockChanges[0]
        let hours = (0...4).map { Int(first.adding(days: $0).start(in: Self.london).timeIntervalSince1970) / 3_600 }
        let plan = DayReadPlan(hours: hours, shifts: [0, 23])
        #expect(plan.runs.map(\.shift) == [0, 23])
        #expect(plan.runs.map(\.count) == [2, 1])
        #expect(plan.runs.map(\.firstIndex) == [0, 3])
        #expect(plan.runs.first?.firstDay == first.daysSinceEpoch)
        #expect(plan.runs.last?.firstDay == first.adding(days: 2).daysSinceEpoch)
        #expect(plan.hourRanges == [hours[2]..<hours[3]])
        #expect(hours[3] - hours[2] == 23)
        // Without day totals for the zone, every day comes from the hours, in one range.
        #expect(DayReadPlan(hours: hours, shifts: [15]).hourRanges == [hours[0]..<hours[4]])
    }

    /// Two servers starting at once after migration 7 fill each person's day totals once: the second
    /// looks again once it has the lock and finds the first's shifts.
    @Test(arguments: TestStores.kinds)
    func serversStartingTogetherKeepEachShiftOnce(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let samples = Self.samples(from: Self.summer)
            let time = Self.summer.start(in: Self.london)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                // Kolkata keeps no day totals: as if the profile were saved before migration 7.
                try await repositories.records(of: ann.id).profile.save(Profile(timeZoneIdentifier: "Asia/Kolkata"), at: time)
                try await repositories.records(of: ann.id).quantitySamples.store(samples)
            }
            try await store.database.write { try await $0.raw("UPDATE profiles SET time_zone = 'Europe/London'").run() }
            #expect(try await Self.dayRows(store).isEmpty)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { try await QuantityDayShifts.keepForEveryone(store, now: time) } }
                try await group.waitForAll()
            }
            #expect(try await Self.dayRows(store).keys.sorted() == [0, 23])
            try await Self.expectDaysMatch(samples, from: Self.summer, store: store, owner: ann.id)
        }
    }

    /// A database whose day totals before 1970 were written by migration 7's triggers (each
    /// reading of the evening before 1970 added to 1 January) is mended by migration 13, and a
    /// reading of that evening can then be deleted.
    @Test(arguments: TestStores.kinds)
    func daysBefore1970WrittenByAnOlderReleaseAreMended(kind: DatabaseKind) async throws {
        let (location, cleanup) = try await TestStores.makeLocation(kind)
        let database = try await Database.open(location, logger: TestStores.logger)
        do {
            try await Migrator(through: 12).migrate(database)
            let store = Store(database: database)
            let ann = try Make.account("ann@example.com")
            var samples = Self.samples(from: Self.epoch)
            let stored = samples
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.records(of: ann.id).profile.save(
                    Profile(timeZoneIdentifier: "Europe/London"), at: Self.epoch.start(in: .gmt))
            }
            try await QuantityDayShifts.keepForEveryone(store, now: Self.epoch.start(in: .gmt))
            try await store.write { try await $0.records(of: ann.id).quantitySamples.store(stored) }
            #expect(try await Migrator(through: 13).migrate(database) == [13])
            try await Self.expectDaysMatch(samples, from: Self.epoch, store: store, owner: ann.id)
            let evening = samples.first {
                $0.type == .heartRate && $0.start.timeIntervalSince1970 < 0 && $0.start.timeIntervalSince1970 > -7_200
            }!
            #expect(try await store.write { try await $0.records(of: ann.id).quantitySamples.delete(id: evening.id) })
            samples.removeAll { $0.id == evening.id }
            try await Self.expectDaysMatch(samples, from: Self.epoch, store: store, owner: ann.id)
        } catch {
            Issue.record(error)
        }
        await database.close()
        try await cleanup()
    }

    @Test(arguments: TestStores.kinds, clockChanges + [summer, epoch])
    func daysFollowInsertsReplacementsAndDeletions(kind: DatabaseKind, first: LocalDate) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            var samples = Self.samples(from: first)
            let stored = samples
            let time = first.start(in: Self.london)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.records(of: ann.id).profile.save(Profile(timeZoneIdentifier: "Europe/London"), at: time)
                try await repositories.records(of: ann.id).quantitySamples.store(stored)
            }
            // A row per kind, source and day for each of London's two shifts (a day more in each,
            // where the four days' UTC hours spill over).
            #expect(try await Self.dayRows(store).keys.sorted() == [0, 23])
            // A row per kind and hour with readings: 96 hours of each.
            #expect(try await Self.hourRows(store) == Self.hours(samples))
            #expect(Self.hours(samples) == 192)
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // Deleting the highest reading of a day brings that day's highest down to the next one.
            let highest = samples.filter { $0.type == .heartRate }.max { $0.value < $1.value }!
            #expect(try await store.write { try await $0.records(of: ann.id).quantitySamples.delete(id: highest.id) })
            samples.removeAll { $0.id == highest.id }
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // A newer version of a reading replaces it: a new value, moved to another day.
            let moved = samples[10]
            let replacement = QuantitySample(
                id: SampleID(UUID()), type: .heartRate, value: 199, start: moved.start + 2 * 86_400,
                end: moved.start + 2 * 86_400, source: Make.watch,
                sync: SyncStamp(identifier: moved.sync!.identifier, version: 2))
            try await store.write { try await $0.records(of: ann.id).quantitySamples.store([replacement]) }
            samples[10] = QuantitySample(
                id: moved.id, type: .heartRate, value: 199, start: replacement.start, end: replacement.end,
                source: Make.watch, sync: replacement.sync)
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // A large import (its rollups added after the inserts, grouped) holding a newer version
            // of a stored reading and a reading sent twice within it (the second, newer, wins).
            let base = first.adding(days: 1).start(in: Self.london) + 30
            var batch = (0..<300).map { index in
                QuantitySample(
                    id: SampleID(UUID()), type: .heartRate, value: Double(60 + index % 90), start: base + Double(index) * 60,
                    end: base + Double(index) * 60, source: Make.watch, sync: SyncStamp(identifier: "import-\(index)"))
            }
            let twice = batch[7]
            batch.append(
                QuantitySample(
                    id: SampleID(UUID()), type: .heartRate, value: 181, start: twice.start + 3_600, end: twice.start + 3_600,
                    source: Make.watch, sync: SyncStamp(identifier: twice.sync!.identifier, version: 2)))
            let updated = samples[20]
            batch.append(
                QuantitySample(
                    id: SampleID(UUID()), type: .heartRate, value: 44, start: updated.start, end: updated.start,
                    source: Make.watch, sync: SyncStamp(identifier: updated.sync!.identifier, version: 3)))
            let imported = batch
            try await store.write { try await $0.records(of: ann.id).quantitySamples.store(imported) }
            samples += batch[0..<300]
            samples[samples.count - 300 + 7] = QuantitySample(
                id: twice.id, type: .heartRate, value: 181, start: twice.start + 3_600, end: twice.start + 3_600,
                source: Make.watch, sync: batch[300].sync)
            samples[20] = QuantitySample(
                id: updated.id, type: .heartRate, value: 44, start: updated.start, end: updated.start, source: Make.watch,
                sync: batch[301].sync)
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // Resending an older version changes nothing.
            let stale = QuantitySample(
                id: SampleID(UUID()), type: .heartRate, value: 40, start: moved.start, end: moved.start, source: Make.watch,
                sync: SyncStamp(identifier: moved.sync!.identifier, version: 1))
            try await store.write { try await $0.records(of: ann.id).quantitySamples.store([stale]) }
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // Emptying an hour removes its row.
            let hour = samples.filter { $0.type == .stepCount }[5]
            #expect(try await store.write { try await $0.records(of: ann.id).quantitySamples.delete(id: hour.id) })
            samples.removeAll { $0.id == hour.id }
            #expect(try await Self.hourRows(store) == Self.hours(samples))
            #expect(Self.hours(samples) == 191)
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // Moving to Tokyo keeps Tokyo's days (filled from the hours) instead of London's.
            try await store.write {
                try await $0.records(of: ann.id).profile.save(Profile(timeZoneIdentifier: "Asia/Tokyo"), at: time)
            }
            #expect(try await Self.dayRows(store).keys.sorted() == [15])
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)
            let later = samples.filter { $0.type == .heartRate }[3]
            #expect(try await store.write { try await $0.records(of: ann.id).quantitySamples.delete(id: later.id) })
            samples.removeAll { $0.id == later.id }
            try await Self.expectDaysMatch(samples, from: first, store: store, owner: ann.id)

            // Deleting the person deletes their rollups with their samples.
            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            #expect(try await Self.hourRows(store) == 0)
            #expect(try await Self.dayRows(store).isEmpty)
        }
    }
}
