import Foundation
import ThriveCore

/// Entries typed in by the person, built and validated the same way from the API and the pages.
enum ManualEntries {
    /// A moment the person gives for an entry: not in the future (a few minutes of clock skew
    /// allowed), nor before the oldest date Thrive keeps.
    static func moment(_ time: Date?, now: Date, field: String) throws -> Date {
        let time = time ?? now
        guard time <= now.addingTimeInterval(5 * 60) else {
            throw ValidationError(field: field, message: t("entryError.future"))
        }
        try SampleChecks.notBeforeEarliest(time, field: field)
        return time
    }

    /// "08:05" on a day, in the person's zone.
    static func moment(_ text: String, on date: LocalDate, zone: TimeZone, field: String = "time") throws -> Date {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
            (0..<60).contains(minute)
        else { throw ValidationError(field: field, message: t("entryError.time")) }
        // By the calendar, not by adding seconds: a daylight-saving day has 23 or 25 hours.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = date.start(in: zone)
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: start) ?? start
    }

    static func checkIn(
        id: UUID, at time: Date?, mood: Int, energy: Int?, stress: Int?, note: String?, now: Date
    ) throws -> MoodCheckIn {
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try MoodCheckIn(
            id: MoodCheckInID(id), recordedAt: moment(time, now: now, field: "recordedAt"), mood: mood, energy: energy,
            stress: stress, note: note?.isEmpty == false ? note : nil, source: .manualEntry
        ).validated()
    }

    static func journal(id: UUID, at time: Date?, text: String, now: Date) throws -> JournalEntry {
        try JournalEntry(
            id: JournalEntryID(id), writtenAt: moment(time, now: now, field: "writtenAt"), text: text, source: .manualEntry
        ).validated()
    }

    /// A night: from falling asleep to waking, at most 24 hours, ending no later than now.
    static func sleep(id: UUID, from start: Date, to end: Date, quality: Int?, now: Date) throws -> CategorySample {
        let end = try moment(end, now: now, field: "end")
        guard start < end else {
            throw ValidationError(field: "start", message: t("entryError.sleepOrder"))
        }
        guard end.timeIntervalSince(start) <= 24 * 3_600 else {
            throw ValidationError(field: "start", message: t("entryError.sleepLength"))
        }
        return try CategorySample(
            id: CategorySampleID(id), type: .sleepAnalysis, value: SleepStage.asleepUnspecified.rawValue, start: start,
            end: end, source: .manualEntry, quality: quality
        ).validated()
    }

    static func weighIn(id: UUID, at time: Date?, kilograms: Double, now: Date) throws -> QuantitySample {
        guard kilograms.isFinite, (20...400).contains(kilograms) else {
            throw ValidationError(field: "kilograms", message: t("entryError.weight"))
        }
        let time = try moment(time, now: now, field: "measuredAt")
        return try QuantitySample(
            id: SampleID(id), type: .bodyMass, value: (kilograms * 100).rounded() / 100, start: time, end: time,
            source: .manualEntry
        ).validated()
    }

    /// A drink's size in millilitres: a sip to a large jug.
    static let drink = 10.0...5_000.0

    /// "A drink must be between 10 ml and 5,000 ml", in the person's units: in fluid ounces the
    /// ends are rounded inward (0.4 to 169), so both amounts said are ones Thrive takes.
    static func drinkProblem(_ units: UnitSystem) -> String {
        func ounces(_ millilitres: Double, _ rule: FloatingPointRoundingRule) -> String {
            let tenths = (millilitres / EntryPageKind<QuantitySample>.millilitresPerFluidOunce * 10).rounded(rule)
            return "\(DisplayFormat.decimal(tenths / 10)) fl oz"
        }
        let (low, high) =
            units == .metric
            ? (
                EntryPageKind<QuantitySample>.volume(drink.lowerBound, units),
                EntryPageKind<QuantitySample>.volume(drink.upperBound, units)
            )
            : (ounces(drink.lowerBound, .up), ounces(drink.upperBound, .down))
        return t("entryError.drink", ["low": low, "high": high])
    }

    static func water(id: UUID, at time: Date?, millilitres: Double, now: Date) throws -> QuantitySample {
        guard millilitres.isFinite, drink.contains(millilitres) else {
            throw ValidationError(field: "millilitres", message: drinkProblem(.metric))
        }
        let time = try moment(time, now: now, field: "drankAt")
        return try QuantitySample(
            id: SampleID(id), type: .dietaryWater, value: millilitres / 1000, start: time, end: time, source: .manualEntry
        ).validated()
    }

    /// A session the person did: when it started, how long it took, and the sets they confirmed
    /// (reps 0–100, loads 0–1000 kg), which is what progression reads.
    static func workout(
        id: UUID, activity: WorkoutActivityType, startedAt: Date?, minutes: Double, sets: [WorkoutSet],
        activeEnergyKilocalories: Double? = nil, distance: Length? = nil, now: Date
    ) throws -> Workout {
        guard minutes.isFinite, (1...1_440).contains(minutes) else {
            throw ValidationError(
                field: "minutes", message: t("entryError.workoutLength", ["minutes": DisplayFormat.count(1_440)]))
        }
        let start = startedAt ?? now.addingTimeInterval(-minutes * 60)
        let end = start.addingTimeInterval((minutes * 60).rounded())
        guard end <= now.addingTimeInterval(5 * 60) else {
            throw ValidationError(
                field: "startedAt", message: t("entryError.workoutFuture"))
        }
        return try Workout(
            id: WorkoutID(id), activityType: activity, start: start, end: end,
            activeEnergyKilocalories: activeEnergyKilocalories, distance: distance, sets: sets, source: .manualEntry
        ).validated()
    }
}
