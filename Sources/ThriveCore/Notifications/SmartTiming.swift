import Foundation

/// Spec 000's smart timing, without guessing: a prompt goes shortly before the time of day the
/// person usually does the thing it prompts (their check-ins for the morning check-in, their workouts'
/// starts for the workout prompt, their last meal entries for the meal prompt), learned from the last
/// two weeks; with fewer than 5 of them, the kind's default time.
public enum SmartTiming {
    /// Times needed to call one usual.
    public static let minimumTimes = 5
    /// How long before the usual time the prompt goes.
    public static let lead = 30

    /// The median minute of the day of `times` in `zone`; nil with fewer than ``minimumTimes``.
    public static func usualMinute(of times: [Date], zone: TimeZone) -> Int? {
        LocalClock(zone: zone).medianMinute(of: times, atLeast: minimumTimes)
    }
}
