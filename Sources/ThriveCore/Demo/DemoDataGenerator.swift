import Foundation

/// Makes a realistic, reproducible life for the demo person: a weekly rhythm (strength on Monday,
/// Wednesday and Friday evenings, a Saturday run, later weekend mornings), a slow weight-loss trend with
/// a plateau, improving fitness, a sick week, a holiday, days the watch stayed off, days nothing was
/// logged, and a few outliers (a hike, a heart-rate spike, a party dinner).
///
/// Each day draws from its own seeded stream, so any day can be made alone and the same seed always
/// gives the same values. IDs come from the injected generator.
public struct DemoDataGenerator: Sendable {
    public let seed: UInt64
    public let scale: DemoScale
    public let lastDay: LocalDate
    public let timeZone: TimeZone
    public let ids: IDGenerator

    static let watch = SampleSource(name: "Apple Watch", kind: .device)
    static let phone = SampleSource(name: "iPhone", kind: .device)
    static let scaleDevice = SampleSource(name: "Withings Body+", kind: .device)
    static let manual = SampleSource.manualEntry

    /// Records that would start after this instant are left out, so the last day ends at "now".
    public let notAfter: Date?

    public init(
        seed: UInt64 = 2026, scale: DemoScale = .standard, lastDay: LocalDate, timeZone: TimeZone, ids: IDGenerator,
        notAfter: Date? = nil
    ) {
        self.notAfter = notAfter
        self.seed = seed
        self.scale = scale
        self.lastDay = lastDay
        self.timeZone = timeZone
        self.ids = ids
    }

    public var dayCount: Int { scale.days }
    public var firstDay: LocalDate { lastDay.adding(days: -(dayCount - 1)) }

    /// All days, oldest first, made lazily so a five-year heavy set never sits in memory at once.
    public func days() -> some Sequence<DemoDay> {
        (0..<dayCount).lazy.map { day($0) }
    }

    /// The body weight trend on day `index`: about 74 kg falling to 69.5 kg over the span, flat for a
    /// stretch in the middle, without the daily noise.
    public func weightTrend(at index: Int) -> Double {
        let t = progress(index)
        let plateauStart = 0.4
        let plateauEnd = 0.58
        let effective: Double
        if t < plateauStart {
            effective = t
        } else if t < plateauEnd {
            effective = plateauStart
        } else {
            effective = plateauStart + (t - plateauEnd)
        }
        return 74.0 - 4.5 * effective / (1 - (plateauEnd - plateauStart))
    }

    func progress(_ index: Int) -> Double {
        dayCount > 1 ? Double(index) / Double(dayCount - 1) : 1
    }

    /// Makes day `index` (0 is ``firstDay``).
    public func day(_ index: Int) -> DemoDay {
        var context = DemoDayContext(generator: self, index: index)
        return context.make()
    }
}

/// What kind of day it is, decided before any record is made.
struct DemoDayPlan {
    var watchWorn: Bool
    var sick: Bool
    var onHoliday: Bool
    var logsMeals: Bool
    var checksIn: Bool
    var hikes: Bool
    var weekday: Int  // 1 = Sunday … 7 = Saturday
    var isWeekend: Bool { weekday == 1 || weekday == 7 }
}
