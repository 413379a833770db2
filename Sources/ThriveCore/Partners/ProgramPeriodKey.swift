import Foundation

/// The names a partner's counts are kept under, one per month, quarter and week, in the partner's
/// time zone when the event happened: `2026-11`, `2026-Q4`, `W2026-11-23` (the week's Monday).
public enum ProgramPeriodKey {
    public static func month(_ day: LocalDate) -> String {
        "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)"
    }

    public static func quarter(_ day: LocalDate) -> String { "\(day.year)-Q\((day.month - 1) / 3 + 1)" }

    public static func week(_ day: LocalDate) -> String { "W\(monday(day).iso8601)" }

    /// The Monday of the day's week (Sunday is weekday 1: the week runs Monday to Sunday).
    public static func monday(_ day: LocalDate) -> LocalDate { day.adding(days: -((day.weekday + 5) % 7)) }

    /// Every key an event on `day` counts under.
    public static func all(_ day: LocalDate) -> [String] { [month(day), quarter(day), week(day)] }
}

/// A result the program exists to find: an AAT level under the protective threshold, or a
/// genotype other than MM (a deficiency allele carried: Z, S, null or rare). What the ROI counts.
public enum ProgramFinding {
    public static func isFinding(_ result: LabResult, protective: Double) -> Bool {
        if let level = result.aat?.milligramsPerDeciliter, level < protective { return true }
        if let genotype = result.genotype { return genotype.common != .mm }
        return false
    }
}
