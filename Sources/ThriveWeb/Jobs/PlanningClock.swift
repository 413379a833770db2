import Foundation
import ThriveCore

/// Wall-clock answers for one plan: thousands of people share a handful of zones and reminder
/// times, so each zone's day and each (zone, day, minute)'s instant is worked out once.
struct PlanningClock {
    let time: Date
    private var clocks: [String: (clock: LocalClock, today: LocalDate)] = [:]
    private var instants: [Moment: Date] = [:]

    private struct Moment: Hashable {
        let zone: String
        let day: LocalDate
        let minute: Int
    }

    init(at time: Date) { self.time = time }

    /// The person's today and tomorrow in `zone`.
    mutating func days(in zone: TimeZone) -> [LocalDate] {
        let today = clock(zone).today
        return [today, today.adding(days: 1)]
    }

    /// The instant `day` shows `minute` on the wall clock in `zone`.
    mutating func date(_ day: LocalDate, minute: Int, in zone: TimeZone) -> Date {
        let moment = Moment(zone: zone.identifier, day: day, minute: minute)
        if let known = instants[moment] { return known }
        let instant = clock(zone).clock.date(day, minute: minute)
        instants[moment] = instant
        return instant
    }

    private mutating func clock(_ zone: TimeZone) -> (clock: LocalClock, today: LocalDate) {
        if let known = clocks[zone.identifier] { return known }
        let clock = LocalClock(zone: zone)
        let entry = (clock, clock.day(of: time))
        clocks[zone.identifier] = entry
        return entry
    }
}
