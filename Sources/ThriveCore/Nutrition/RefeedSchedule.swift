import Foundation

/// Refeed days (spec 004, §7.5): on a weight-loss plan, a higher-calorie day once every 2 weeks, from
/// the day the plan began (day 14, 28, …). A person can move one to another day up to 3 days either
/// side (a birthday, a family dinner) or skip it; the ones after it stay where they were.
public struct RefeedSchedule: Hashable, Sendable, Codable {
    public static let interval = 14
    /// How far a refeed day can move from its scheduled day.
    public static let moveWindow = 3

    /// One scheduled refeed day the person moved or skipped.
    public struct Change: Hashable, Sendable, Codable {
        public let scheduled: LocalDate
        /// The day it moved to; nil when skipped.
        public let day: LocalDate?
    }

    /// One refeed day as it stands: when it was scheduled, and the day it falls on (nil: skipped).
    public struct Refeed: Hashable, Sendable {
        public let scheduled: LocalDate
        public let day: LocalDate?
    }

    public private(set) var changes: [Change]

    public init() { changes = [] }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changes = try container.decodeIfPresent([Change].self, forKey: .changes) ?? []
    }

    /// Whether `date` is a scheduled refeed day of a plan that began on `start`.
    public static func isScheduled(_ date: LocalDate, start: LocalDate) -> Bool {
        let days = date.days(since: start)
        return days > 0 && days % interval == 0
    }

    /// The refeeds scheduled from `first` through `last` (by their scheduled day), with the moves
    /// and skips applied.
    public func refeeds(start: LocalDate, from first: LocalDate, through last: LocalDate) -> [Refeed] {
        guard first <= last else { return [] }
        let offset = max(1, (first.days(since: start) + Self.interval - 1) / Self.interval)
        return stride(from: offset * Self.interval, through: last.days(since: start), by: Self.interval).map { days in
            let scheduled = start.adding(days: days)
            let change = changes.first { $0.scheduled == scheduled }
            return Refeed(scheduled: scheduled, day: change == nil ? scheduled : change?.day)
        }
    }

    /// Whether `date` is a refeed day as the schedule stands (moved ones on their new day).
    public func isRefeed(_ date: LocalDate, start: LocalDate) -> Bool {
        let window = Self.moveWindow
        return refeeds(start: start, from: date.adding(days: -window), through: date.adding(days: window))
            .contains { $0.day == date }
    }

    /// The next refeeds not yet over (a skipped one by its scheduled day, so it can be put back).
    public func upcoming(start: LocalDate, today: LocalDate, count: Int = 2) -> [Refeed] {
        Array(
            refeeds(
                start: start, from: today.adding(days: -Self.moveWindow),
                through: today.adding(days: Self.interval * count + Self.moveWindow)
            ).filter { ($0.day ?? $0.scheduled) >= today }.prefix(count))
    }

    /// The days a scheduled refeed may move to: up to 3 days either side, from today on.
    public static func choices(for scheduled: LocalDate, today: LocalDate) -> [LocalDate] {
        (-moveWindow...moveWindow).map { scheduled.adding(days: $0) }.filter { $0 >= today }
    }

    /// Moves the refeed scheduled on `scheduled` to `day` (nil skips it); `day == scheduled` puts it back.
    public mutating func change(
        _ scheduled: LocalDate, to day: LocalDate?, start: LocalDate, today: LocalDate
    ) throws(ValidationError) {
        guard Self.isScheduled(scheduled, start: start) else {
            throw ValidationError(field: "scheduled", Phrase("invalid.refeedNotScheduled"))
        }
        let current = changes.first { $0.scheduled == scheduled }.map { $0.day ?? scheduled } ?? scheduled
        guard current >= today else {
            throw ValidationError(field: "scheduled", Phrase("invalid.refeedPast"))
        }
        if let day, !Self.choices(for: scheduled, today: today).contains(day) {
            throw ValidationError(
                field: "day", Phrase("invalid.refeedMove", ["days": .integer(Self.moveWindow), "date": .date(scheduled)]))
        }
        changes.removeAll { $0.scheduled == scheduled }
        if day != scheduled { changes.append(Change(scheduled: scheduled, day: day)) }
        // Changes to refeeds long gone say nothing any more.
        changes.removeAll { $0.scheduled < today.adding(days: -Self.interval) }
        changes.sort { $0.scheduled < $1.scheduled }
    }
}
