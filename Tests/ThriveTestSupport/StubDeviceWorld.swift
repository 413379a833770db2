import Foundation

/// What the stub providers' person measured, the same every time so tests can count: per UTC day,
/// heart rate every minute (55–94 bpm), 100 steps a minute from 07:00 to 07:59, a resting heart
/// rate of 58, a night from 23:00 to 07:00 in four stages, SpO₂ of 96 % each minute from 02:00 to
/// 02:59, and a weigh-in of 70.3 kg at 07:00.
public enum StubDeviceWorld {
    public static let restingHeartRate = 58.0
    public static let weight = 70.3
    public static let oxygenPercent = 96.0

    public static func heartRate(minute: Int) -> Int { 55 + minute % 40 }

    /// "yyyy-MM-dd" → the day's first second, UTC.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func dayText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func days(from start: Date, to end: Date) -> [Date] {
        var day = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        var days: [Date] = []
        while day < end {
            days.append(day)
            day = day.addingTimeInterval(86_400)
        }
        return days
    }

    static func clock(_ seconds: Int) -> String {
        String(format: "%02d:%02d:%02d", seconds / 3_600, seconds / 60 % 60, seconds % 60)
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    /// The night that ends on `day`: (stage, start, seconds), stages as Fitbit names them.
    static func night(endingOn day: Date) -> [(String, Date, Int)] {
        let start = day.addingTimeInterval(-3_600)
        return [
            ("light", start, 7_200), ("deep", start.addingTimeInterval(7_200), 5_400),
            ("rem", start.addingTimeInterval(12_600), 3_600), ("light", start.addingTimeInterval(16_200), 12_000),
            ("wake", start.addingTimeInterval(28_200), 600),
        ]
    }
}
