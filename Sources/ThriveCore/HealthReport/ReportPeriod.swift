import Foundation

/// The days a report covers, first to last inclusive, in the person's calendar.
public struct ReportPeriod: Hashable, Sendable, Codable {
    public let first: LocalDate
    public let last: LocalDate

    /// A year and a day: a leap year's report of the year before still fits.
    public static let longestDays = 366

    public init(first: LocalDate, last: LocalDate) {
        self.first = first
        self.last = last
    }

    public var dayCount: Int { last.days(since: first) + 1 }
    public var dates: [LocalDate] { (0..<dayCount).map { first.adding(days: $0) } }

    public func contains(_ date: LocalDate) -> Bool { first <= date && date <= last }

    /// The calendar month before `today`'s: the default, and what the monthly schedule makes.
    public static func previousMonth(before today: LocalDate) -> ReportPeriod {
        let startOfThisMonth = LocalDate(year: today.year, month: today.month, day: 1)!
        let last = startOfThisMonth.adding(days: -1)
        return ReportPeriod(first: LocalDate(year: last.year, month: last.month, day: 1)!, last: last)
    }

    /// Monday to Sunday of the week before `today`'s.
    public static func previousWeek(before today: LocalDate) -> ReportPeriod {
        let sinceMonday = (today.weekday + 5) % 7
        let monday = today.adding(days: -sinceMonday - 7)
        return ReportPeriod(first: monday, last: monday.adding(days: 6))
    }

    /// A period a person asked for: both days given, in order, none after today, a year at most.
    public static func checked(first: LocalDate?, last: LocalDate?, today: LocalDate) throws(ValidationErrors) -> ReportPeriod {
        var problems = ValidationProblems()
        if first == nil { problems.add(ValidationError(field: "from", Phrase("report.invalid.from"))) }
        if last == nil { problems.add(ValidationError(field: "to", Phrase("report.invalid.to"))) }
        if let last, last > today { problems.add(ValidationError(field: "to", Phrase("report.invalid.future"))) }
        if let first, let last {
            if last < first {
                problems.add(ValidationError(field: "to", Phrase("report.invalid.order")))
            } else if last.days(since: first) + 1 > longestDays {
                problems.add(
                    ValidationError(field: "from", Phrase("report.invalid.tooLong", ["days": .integer(longestDays)])))
            }
        }
        try problems.finish()
        return ReportPeriod(first: first!, last: last!)
    }
}

/// The parts of the report a person can leave out (spec 004, section 12).
public enum ReportSection: String, Sendable, Codable, CaseIterable {
    /// Clinician-friendly summary: the period's key figures and the adherence summary.
    case summary
    case sleep
    case protein
    case calories
    case training
    case weight
    /// Safety flags and whether any high-priority alert was open in the period.
    case safety
    /// The devices and apps each section's figures come from.
    case sources
}
