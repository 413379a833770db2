import Foundation
import SQLKit
import ThriveCore

/// Per-day aggregates of one person's records, computed by the database (sums, means, extremes and
/// counts grouped by day) so that even minute-level heart rate over years is read as a few rows per day.
public protocol DailyMetricsRepository: Sendable {
    var owner: UserID { get }
    /// Every day from `first` through `last` in `zone` (days without records included, empty).
    func days(from first: LocalDate, through last: LocalDate, in zone: TimeZone) async throws -> HealthDays
    /// Every day from `first` through `last` with only the given quantities filled in: for long
    /// baselines of one metric, without reading everything else of those days.
    func days(
        _ types: [QuantityType], from first: LocalDate, through last: LocalDate, in zone: TimeZone
    ) async throws -> HealthDays
    /// Every day from `first` through `last` with only the given parts filled in: a year of one
    /// metric for a chart without aggregating a year of everything else.
    func days(_ parts: DayParts, from first: LocalDate, through last: LocalDate, in zone: TimeZone) async throws
        -> HealthDays
}

/// Which parts of a day to aggregate.
public struct DayParts: Sendable, Hashable {
    public var quantities: [QuantityType]
    public var sleep: Bool
    public var food: Bool
    public var moods: Bool
    public var workouts: Bool

    public init(
        quantities: [QuantityType] = [], sleep: Bool = false, food: Bool = false, moods: Bool = false,
        workouts: Bool = false
    ) {
        self.quantities = quantities
        self.sleep = sleep
        self.food = food
        self.moods = moods
        self.workouts = workouts
    }
}

struct SQLDailyMetricsRepository: DailyMetricsRepository {
    let session: DatabaseSession
    let owner: UserID
    private var sql: any SQLDatabase { session.sql }

    /// Quantities the engines use per day (heart rate itself is only read inside workouts and nights).
    static let dailyQuantities: [QuantityType] = [
        .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .appleExerciseTime, .restingHeartRate,
        .heartRateVariabilitySDNN, .bodyMass, .bodyFatPercentage, .dietaryWater, .respiratoryRate,
    ]
    static let asleepValues = SleepStage.allCases.filter(\.isAsleep).map(\.rawValue)

    func days(from first: LocalDate, through last: LocalDate, in zone: TimeZone) async throws -> HealthDays {
        let (edges, empty) = Self.frame(from: first, through: last, in: zone)
        // A night belongs to the morning it ends: readings from 18:00 the evening before count for the day.
        let nightEdges = edges.map { $0.addingTimeInterval(-6 * 3_600) }
        var days = empty

        try await quantities(Self.dailyQuantities, edges: edges, into: &days)
        try await oxygen(edges: nightEdges, into: &days)
        try await sleep(edges: edges, into: &days)
        try await nightHeartRate(edges: edges, into: &days)
        try await food(edges: edges, into: &days)
        try await moods(edges: edges, into: &days)
        try await workouts(edges: edges, into: &days)
        try await mindfulnessAndRhythm(edges: edges, into: &days)
        return HealthDays(days)
    }

    func days(
        _ types: [QuantityType], from first: LocalDate, through last: LocalDate, in zone: TimeZone
    ) async throws -> HealthDays {
        try await days(DayParts(quantities: types), from: first, through: last, in: zone)
    }

    func days(_ parts: DayParts, from first: LocalDate, through last: LocalDate, in zone: TimeZone) async throws
        -> HealthDays
    {
        var (edges, days) = Self.frame(from: first, through: last, in: zone)
        if !parts.quantities.isEmpty { try await quantities(parts.quantities, edges: edges, into: &days) }
        if parts.sleep { try await sleep(edges: edges, into: &days) }
        if parts.food { try await food(edges: edges, into: &days) }
        if parts.moods { try await moods(edges: edges, into: &days) }
        if parts.workouts { try await workouts(edges: edges, into: &days) }
        return HealthDays(days)
    }

    /// The days' start instants in `zone` (one more than days, closing the last) and empty days.
    private static func frame(from first: LocalDate, through last: LocalDate, in zone: TimeZone) -> ([Date], [DayMetrics]) {
        let dates = Array(sequence(first: first) { $0 < last ? $0.adding(days: 1) : nil })
        return ((dates + [last.adding(days: 1)]).map { $0.start(in: zone) }, dates.map { DayMetrics(date: $0) })
    }

    // MARK: - SQL pieces

    /// The day index of a timestamp, -1 outside the days: a balanced tree of `CASE`s over the day
    /// edges, so a row costs about log₂(days) comparisons (ten for two years), not one per day.
    private func bucket(_ column: String, _ edges: [Date]) -> SQLQueryString {
        func node(_ low: Int, _ high: Int) -> SQLQueryString {
            guard high - low > 1 else { return "\(literal: low)" }
            let middle = (low + high) / 2
            return
                "CASE WHEN \(unsafeRaw: column) < \(bind: edges[middle]) THEN \(node(low, middle)) ELSE \(node(middle, high)) END"
        }
        let last = edges.count - 1
        return
            "CASE WHEN \(unsafeRaw: column) < \(bind: edges[0]) OR \(unsafeRaw: column) >= \(bind: edges[last]) THEN -1 ELSE \(node(0, last)) END"
    }

    /// The day index of an hour, given the days' first hours (one more than days, closing the last).
    /// Days are 24 hours long except where the clocks change, so the hour's day is found among a
    /// few runs of whole days by arithmetic within its run, and a 23- or 25-hour day is a run of its
    /// own: two years of summer time are nine cases, not a comparison per day.
    static func day(ofHour column: String, _ edges: [Int]) -> SQLQueryString {
        var starts: [Int] = [0]
        for day in 0..<(edges.count - 1) where edges[day + 1] - edges[day] != 24 {
            if starts.last != day { starts.append(day) }
            starts.append(day + 1)
        }
        if starts.last == edges.count - 1 { starts.removeLast() }
        guard starts.count > 1 else { return "(\(unsafeRaw: column) - \(literal: edges[0])) / 24" }
        var cases: SQLQueryString = "CASE"
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : edges.count - 1
            let day: SQLQueryString =
                end - start == 1 && edges[end] - edges[start] != 24
                ? "\(literal: start)" : "\(literal: start) + (\(unsafeRaw: column) - \(literal: edges[start])) / 24"
            cases =
                position + 1 < starts.count
                ? "\(cases) WHEN \(unsafeRaw: column) < \(literal: edges[end]) THEN \(day)" : "\(cases) ELSE \(day) END"
        }
        return cases
    }

    private var double: String { session.types.double }

    private func seconds(_ start: String, _ end: String) -> String {
        session.kind == .postgres ? "CAST(EXTRACT(EPOCH FROM (\(end) - \(start))) AS DOUBLE PRECISION)" : "(\(end) - \(start))"
    }

    private func source(_ row: any SQLRow) throws -> SampleSource {
        SampleSource(
            name: try row.string("source_name"), kind: SampleSource.Kind(rawValue: try row.string("source_kind")) ?? .app)
    }

    private func inRange(_ index: Int, _ days: [DayMetrics]) -> Bool { index >= 0 && index < days.count }

    private func quantities(_ types: [QuantityType], edges: [Date], into days: inout [DayMetrics]) async throws {
        let types = types.map { $0.storageName as any Encodable & Sendable }
        let hours = edges.map { Int(($0.timeIntervalSince1970 / 3_600).rounded(.down)) }
        // Days that start on the hour (every zone offset by whole hours) are read from the day
        // totals of their shift or add up their hours; a zone offset by a half or three quarters of
        // an hour reads the samples themselves.
        let onTheHour = zip(edges, hours).allSatisfy { $0.timeIntervalSince1970 == Double($1) * 3_600 }
        let query: SQLQueryString
        if onTheHour {
            let plan = DayReadPlan(hours: hours, shifts: try await QuantityDayShifts(session: session, owner: owner).registered())
            var parts = plan.runs.map { dayTotals(types, $0) }
            if !plan.hourRanges.isEmpty { parts.append(hourTotals(types, plan.hourRanges, hours: hours)) }
            query = Self.joined(parts, by: " UNION ALL ")
        } else {
            query = """
                SELECT type, source_name, source_kind, \(bucket("start_at", edges)) AS day_index, SUM(value) AS total, \
                AVG(value) AS mean, MIN(value) AS low, MAX(value) AS high, COUNT(*) AS n FROM quantity_samples \
                WHERE owner_id = \(bind: owner.rawValue) AND type IN (\(binds: types)) \
                AND start_at >= \(bind: edges.first!) AND start_at < \(bind: edges.last!) \
                GROUP BY type, source_name, source_kind, day_index
                """
        }
        for row in try await sql.raw(query).all() {
            let index = try row.int("day_index")
            guard inRange(index, days), let type = QuantityType(storageName: try row.string("type")) else { continue }
            days[index].quantities[type, default: [:]][try source(row)] = try aggregate(row)
        }
    }

    /// A run of whole days of one shift, read from `quantity_days` as they are.
    private func dayTotals(_ types: [any Encodable & Sendable], _ run: DayReadPlan.Run) -> SQLQueryString {
        """
        SELECT type, source_name, source_kind, day + \(literal: run.firstIndex - run.firstDay) AS day_index, total, \
        total / CAST(n AS \(unsafeRaw: double)) AS mean, low, high, n FROM quantity_days \
        WHERE owner_id = \(bind: owner.rawValue) AND type IN (\(binds: types)) AND shift = \(literal: run.shift) \
        AND day >= \(literal: run.firstDay) AND day < \(literal: run.firstDay + run.count)
        """
    }

    /// The days read from `quantity_hours` (`ranges` of their hours), each hour placed in its day.
    private func hourTotals(_ types: [any Encodable & Sendable], _ ranges: [Range<Int>], hours: [Int]) -> SQLQueryString {
        let within = ranges.map { range -> SQLQueryString in
            "(hour >= \(literal: range.lowerBound) AND hour < \(literal: range.upperBound))"
        }
        return """
            SELECT type, source_name, source_kind, \(Self.day(ofHour: "hour", hours)) AS day_index, SUM(total) AS total, \
            SUM(total) / CAST(SUM(n) AS \(unsafeRaw: double)) AS mean, MIN(low) AS low, MAX(high) AS high, \
            CAST(SUM(n) AS \(unsafeRaw: session.types.integer)) AS n FROM quantity_hours \
            WHERE owner_id = \(bind: owner.rawValue) AND type IN (\(binds: types)) \
            AND hour >= \(bind: hours.first!) AND hour < \(bind: hours.last!) AND (\(Self.joined(within, by: " OR "))) \
            GROUP BY type, source_name, source_kind, day_index
            """
    }

    private static func joined(_ parts: [SQLQueryString], by separator: String) -> SQLQueryString {
        parts.dropFirst().reduce(parts.first ?? "") { "\($0)\(unsafeRaw: separator)\($1)" }
    }

    private func aggregate(_ row: any SQLRow) throws -> Aggregate {
        Aggregate(
            sum: try row.double("total"), mean: try row.double("mean"), minimum: try row.double("low"),
            maximum: try row.double("high"),
            count: try row.int("n"))
    }

    private func oxygen(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT source_name, source_kind, \(bucket("start_at", edges)) AS day, SUM(value) AS total, AVG(value) AS mean, \
            MIN(value) AS low, MAX(value) AS high, COUNT(*) AS n FROM quantity_samples \
            WHERE owner_id = \(bind: owner.rawValue) AND type = \(bind: QuantityType.oxygenSaturation.storageName) \
            AND start_at >= \(bind: edges.first!) AND start_at < \(bind: edges.last!) \
            GROUP BY source_name, source_kind, day
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days) else { continue }
            days[index].nightOxygen[try source(row)] = try aggregate(row)
        }
    }

    private func sleep(edges: [Date], into days: inout [DayMetrics]) async throws {
        let asleep = Self.asleepValues.map(String.init).joined(separator: ", ")
        // Segments start at most a day before the night they end in; the start bound keeps the index usable.
        let query: SQLQueryString = """
            SELECT source_name, source_kind, \(bucket("end_at", edges)) AS day, \
            SUM(CASE WHEN value IN (\(unsafeRaw: asleep)) THEN \(unsafeRaw: seconds("start_at", "end_at")) ELSE 0 END) AS asleep, \
            SUM(CASE WHEN value = \(literal: SleepStage.awake.rawValue) THEN 1 ELSE 0 END) AS awakenings, \
            MIN(CASE WHEN value = \(literal: SleepStage.inBed.rawValue) THEN start_at END) AS bed_start, \
            MAX(CASE WHEN value = \(literal: SleepStage.inBed.rawValue) THEN end_at END) AS bed_end \
            FROM category_samples WHERE owner_id = \(bind: owner.rawValue) AND type = \(bind: CategoryType.sleepAnalysis.storageName) \
            AND start_at >= \(bind: edges.first!.addingTimeInterval(-86_400)) AND start_at < \(bind: edges.last!) \
            AND end_at >= \(bind: edges.first!) AND end_at < \(bind: edges.last!) \
            GROUP BY source_name, source_kind, day
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days) else { continue }
            days[index].sleep[try source(row)] = SleepNight(
                asleepSeconds: try row.double("asleep"), awakenings: try row.int("awakenings"),
                inBedStart: try row.optionalDate("bed_start"), inBedEnd: try row.optionalDate("bed_end"))
        }
    }

    /// The highest heart rate of each night in bed. One subquery per in-bed segment reads that
    /// night's readings from the index; joining every reading to its night first and grouping the
    /// joined rows took several times as long for minute-level heart rate.
    private func nightHeartRate(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT s.source_name AS source_name, s.source_kind AS source_kind, \(bucket("s.end_at", edges)) AS day, \
            (SELECT MAX(q.value) FROM quantity_samples q WHERE q.owner_id = s.owner_id \
            AND q.type = \(bind: QuantityType.heartRate.storageName) AND q.start_at >= s.start_at AND q.start_at < s.end_at) AS peak \
            FROM category_samples s WHERE s.owner_id = \(bind: owner.rawValue) AND s.type = \(bind: CategoryType.sleepAnalysis.storageName) \
            AND s.value = \(literal: SleepStage.inBed.rawValue) \
            AND s.start_at >= \(bind: edges.first!.addingTimeInterval(-86_400)) AND s.start_at < \(bind: edges.last!) \
            AND s.end_at >= \(bind: edges.first!) AND s.end_at < \(bind: edges.last!)
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days), let peak = try row.optionalDouble("peak") else { continue }
            let key = try source(row)
            guard let night = days[index].sleep[key] else { continue }
            // A night split into several in-bed segments keeps its highest reading.
            days[index].sleep[key]?.maximumHeartRate = max(night.maximumHeartRate ?? peak, peak)
        }
    }

    private func food(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT \(bucket("consumed_at", edges)) AS day, SUM(energy_kcal) AS energy, SUM(protein_g) AS protein, \
            SUM(carbohydrate_g) AS carbohydrate, SUM(fat_g) AS fat, COUNT(*) AS n, MAX(consumed_at) AS last_at, \
            \(mealSeen(.breakfast)) AS breakfast, \(mealSeen(.lunch)) AS lunch, \(mealSeen(.dinner)) AS dinner \
            FROM food_log_entries \
            WHERE owner_id = \(bind: owner.rawValue) AND consumed_at >= \(bind: edges.first!) AND consumed_at < \(bind: edges.last!) \
            GROUP BY day
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days) else { continue }
            let meals = try [MealSlot.breakfast, .lunch, .dinner].filter { try row.int($0.rawValue) > 0 }
            days[index].food = FoodDay(
                energyKilocalories: try row.double("energy"), proteinGrams: try row.double("protein"),
                carbohydrateGrams: try row.double("carbohydrate"), fatGrams: try row.double("fat"), entries: try row.int("n"),
                meals: Set(meals), lastEntryAt: try row.optionalDate("last_at"))
        }
    }

    /// 1 when the day's entries include `slot`, else 0.
    private func mealSeen(_ slot: MealSlot) -> SQLQueryString {
        "MAX(CASE WHEN meal_slot = \(literal: slot.rawValue) THEN 1 ELSE 0 END)"
    }

    private func moods(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT \(bucket("recorded_at", edges)) AS day, AVG(CAST(mood AS \(unsafeRaw: double))) AS mood, \
            AVG(CAST(energy AS \(unsafeRaw: double))) AS energy, AVG(CAST(stress AS \(unsafeRaw: double))) AS stress, COUNT(*) AS n \
            FROM mood_check_ins WHERE owner_id = \(bind: owner.rawValue) \
            AND recorded_at >= \(bind: edges.first!) AND recorded_at < \(bind: edges.last!) GROUP BY day
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days) else { continue }
            days[index].mood = MoodDay(
                mood: try row.double("mood"), energy: try row.optionalDouble("energy"), stress: try row.optionalDouble("stress"),
                checkIns: try row.int("n"))
        }
    }

    private func workouts(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT w.id AS id, w.activity_type AS activity_type, w.start_at AS start_at, w.end_at AS end_at, \(bucket("w.start_at", edges)) AS day, \
            (SELECT MAX(q.value) FROM quantity_samples q WHERE q.owner_id = w.owner_id \
            AND q.type = \(bind: QuantityType.heartRate.storageName) AND q.start_at >= w.start_at AND q.start_at < w.end_at) AS peak \
            FROM workouts w WHERE w.owner_id = \(bind: owner.rawValue) \
            AND w.start_at >= \(bind: edges.first!) AND w.start_at < \(bind: edges.last!) ORDER BY w.start_at
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days) else { continue }
            days[index].workouts.append(
                WorkoutSummary(
                    id: WorkoutID(try row.uuid("id")),
                    activityType: WorkoutActivityType(rawValue: try row.string("activity_type")) ?? .other,
                    start: try row.date("start_at"), end: try row.date("end_at"), maximumHeartRate: try row.optionalDouble("peak")
                ))
        }
    }

    private func mindfulnessAndRhythm(edges: [Date], into days: inout [DayMetrics]) async throws {
        let query: SQLQueryString = """
            SELECT type, \(bucket("start_at", edges)) AS day, SUM(\(unsafeRaw: seconds("start_at", "end_at"))) AS seconds, \
            SUM(CASE WHEN source_kind = 'device' THEN 1 ELSE 0 END) AS device_events FROM category_samples \
            WHERE owner_id = \(bind: owner.rawValue) \
            AND type IN (\(binds: [CategoryType.mindfulSession.storageName, CategoryType.irregularHeartRhythmEvent.storageName])) \
            AND start_at >= \(bind: edges.first!) AND start_at < \(bind: edges.last!) GROUP BY type, day
            """
        for row in try await sql.raw(query).all() {
            let index = try row.int("day")
            guard inRange(index, days), let type = CategoryType(storageName: try row.string("type")) else { continue }
            switch type {
            case .mindfulSession: days[index].mindfulMinutes = try row.double("seconds") / 60
            case .irregularHeartRhythmEvent: days[index].irregularRhythmEvents = try row.int("device_events")
            case .sleepAnalysis: break
            }
        }
    }
}

/// How a span of days is read: runs of 24-hour days whose shift has day totals, from those; the
/// rest (a day the clocks change in, or a shift not kept) from the hours.
struct DayReadPlan: Equatable {
    struct Run: Equatable {
        /// The run's first day in the span, and in `quantity_days` of its shift.
        let firstIndex: Int
        let firstDay: Int
        var count: Int
        let shift: Int
    }

    private(set) var runs: [Run] = []
    /// Hours (merged where adjacent) of the days read from `quantity_hours`.
    private(set) var hourRanges: [Range<Int>] = []

    /// `hours` are the days' first hours, one more than days, closing the last.
    init(hours: [Int], shifts: Set<Int>) {
        for index in 0..<max(0, hours.count - 1) {
            let start = hours[index]
            let shift = start.floorModulo(24)
            if hours[index + 1] - start == 24, shifts.contains(shift) {
                if let last = runs.last, last.firstIndex + last.count == index, last.shift == shift {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(Run(firstIndex: index, firstDay: start.floorDivided(by: 24), count: 1, shift: shift))
                }
            } else if let last = hourRanges.last, last.upperBound == start {
                hourRanges[hourRanges.count - 1] = last.lowerBound..<hours[index + 1]
            } else {
                hourRanges.append(start..<hours[index + 1])
            }
        }
    }
}
