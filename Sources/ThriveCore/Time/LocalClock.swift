import Foundation

/// Wall-clock time in the person's zone: the day and minute of an instant, and the instant of a day
/// and minute, across daylight-saving changes (07:30 in New York is 12:30 UTC in winter and 11:30 in
/// summer; a minute the spring change skips is the first one after it).
public struct LocalClock: Sendable {
    public let zone: TimeZone
    private let calendar: Calendar

    public init(zone: TimeZone) {
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    public func day(of date: Date) -> LocalDate { LocalDate(date, in: zone) }

    public func minute(of date: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// The median minute of the day of `times` (what the person usually does when); nil with fewer
    /// than `minimum` of them. The median, so that one late night moves nothing.
    public func medianMinute(of times: [Date], atLeast minimum: Int) -> Int? {
        guard times.count >= minimum, !times.isEmpty else { return nil }
        let minutes = times.map(minute(of:)).sorted()
        return minutes[minutes.count / 2]
    }

    /// The instant `day` shows `minute` on the wall clock; where the spring change skips it, the
    /// same distance after the change (02:30 on a day clocks jump from 02:00 to 03:00 is 03:30).
    public func date(_ day: LocalDate, minute: Int) -> Date {
        let midnight = day.start(in: zone)
        let plain = midnight.addingTimeInterval(Double(minute * 60))
        // Most days have no clock change between midnight and the minute: the wall clock runs with
        // the instant. Only the day of a change needs the calendar's search (ICU, tens of µs).
        if zone.secondsFromGMT(for: midnight) == zone.secondsFromGMT(for: plain) { return plain }
        let components = DateComponents(hour: minute / 60, minute: minute % 60)
        return calendar.nextDate(
            after: midnight.addingTimeInterval(-1), matching: components, matchingPolicy: .nextTimePreservingSmallerComponents,
            repeatedTimePolicy: .first, direction: .forward) ?? plain
    }
}
