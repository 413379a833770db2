import Foundation

/// Where the person's day stands: what date it is for them, the minute of that day, and when they
/// usually eat their last meal. A day still in progress is not judged like a finished one: at 2 p.m.
/// nobody has eaten dinner, and the morning's steps are not a day's.
public struct DayClock: Hashable, Sendable {
    /// When the person's history does not say: 8 p.m.
    public static let defaultLastMeal = 20 * 60
    /// A usual last meal is taken between 5 p.m. and 11:30 p.m.: earlier last entries are lunches
    /// logged on days dinner was not, later ones are late snacks.
    public static let lastMealRange = (17 * 60)...(23 * 60 + 30)
    /// Days with food logged that the usual time needs.
    public static let minimumDays = 3

    /// When the person's nights do not say: 9 a.m.
    public static let defaultWake = 9 * 60
    /// A usual wake time is taken between 4 a.m. and noon.
    public static let wakeRange = (4 * 60)...(12 * 60)
    /// The night that ends this morning counts this long after the usual wake time: a watch syncs
    /// the last of it a little after the person is up.
    public static let nightSettles = 60

    public let today: LocalDate
    public let minuteOfDay: Int
    /// Minute of the day by which the person has usually eaten their last meal.
    public let usualLastMeal: Int
    /// Minute of the day the person usually gets up (the median end of their nights).
    public let usualWake: Int

    public init(
        today: LocalDate, minuteOfDay: Int, usualLastMeal: Int = DayClock.defaultLastMeal, usualWake: Int = DayClock.defaultWake
    ) {
        self.today = today
        self.minuteOfDay = minuteOfDay
        self.usualLastMeal = usualLastMeal
        self.usualWake = usualWake
    }

    /// The clock at `now` in `zone`, with the usual last meal learned from `days`.
    public init(now: Date, zone: TimeZone, days: [DayMetrics]) {
        let clock = LocalClock(zone: zone)
        let today = clock.day(of: now)
        let finished = days.filter { $0.date < today }
        self.init(
            today: today, minuteOfDay: clock.minute(of: now), usualLastMeal: Self.usualLastMeal(finished, zone: zone),
            usualWake: Self.usualWake(finished, zone: zone))
    }

    /// The median time the finished nights given ended (out of bed), kept within ``wakeRange``;
    /// ``defaultWake`` with fewer than ``minimumDays`` nights.
    public static func usualWake(_ days: [DayMetrics], zone: TimeZone) -> Int {
        let ends = days.compactMap { $0.sleep.values.compactMap(\.inBedEnd).max() }
        guard let median = LocalClock(zone: zone).medianMinute(of: ends, atLeast: minimumDays) else { return defaultWake }
        return min(max(median, wakeRange.lowerBound), wakeRange.upperBound)
    }

    /// The median time of the day's last food entry over the finished days given (the last two
    /// weeks are plenty), kept within ``lastMealRange``; ``defaultLastMeal`` with fewer than
    /// ``minimumDays`` days logged.
    public static func usualLastMeal(_ days: [DayMetrics], zone: TimeZone) -> Int {
        let lasts = days.compactMap { $0.food?.lastEntryAt }
        guard let median = LocalClock(zone: zone).medianMinute(of: lasts, atLeast: minimumDays) else {
            return defaultLastMeal
        }
        return min(max(median, lastMealRange.lowerBound), lastMealRange.upperBound)
    }

    /// Whether a day's eating can be judged: a past day, or today once the usual last meal time has passed.
    public func intakeIsFinal(on date: LocalDate) -> Bool {
        date < today || (date == today && minuteOfDay >= usualLastMeal)
    }

    /// Whether the night that ends on `date` can be judged: a past morning's, or this morning's an hour
    /// after the person usually gets up. At half past midnight the night is an hour old, not short.
    public func nightIsFinal(on date: LocalDate) -> Bool {
        date < today || (date == today && minuteOfDay >= usualWake + Self.nightSettles)
    }

    /// The last morning whose night can be judged: today once the night is final, else yesterday.
    public var lastFinalNight: LocalDate { nightIsFinal(on: today) ? today : today.adding(days: -1) }

    /// Whether a day is over, so that its totals (steps, energy eaten) are a whole day's.
    public func isOver(_ date: LocalDate) -> Bool { date < today }
}
