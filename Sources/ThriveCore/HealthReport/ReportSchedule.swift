import Foundation

/// A person's monthly report (spec 004, section 12): on the first of each month the job runner
/// makes the month before's, protected with the password the person set when they asked for it,
/// and keeps the last twelve for them to download.
public struct ReportSchedule: Codable, Sendable, Hashable {
    public struct Made: Codable, Sendable, Hashable {
        public let period: ReportPeriod
        public let fileName: String
        public let contentType: String
        public let bytes: Int
        public let madeAt: Date

        public init(period: ReportPeriod, fileName: String, contentType: String, bytes: Int, madeAt: Date) {
            self.period = period
            self.fileName = fileName
            self.contentType = contentType
            self.bytes = bytes
            self.madeAt = madeAt
        }
    }

    public static let keptMonths = 12

    public var isOn: Bool
    public var sections: [ReportSection]
    public var includesCSV: Bool
    /// The report password sealed with the server's key: the job needs it each month, so it cannot
    /// be a one-way hash; it is cleared when the schedule is turned off.
    public var sealedPassword: String?
    /// When the schedule was turned on: the first report is for the month after it began or the
    /// month it began in, never for months before the person asked.
    public var since: Date
    /// Newest first.
    public var made: [Made]

    /// No schedule: what a person has before they ask for one.
    public init() {
        isOn = false
        sections = ReportSection.allCases
        includesCSV = false
        sealedPassword = nil
        since = .distantPast
        made = []
    }

    public init(sections: [ReportSection], includesCSV: Bool, sealedPassword: String, since: Date) {
        isOn = true
        self.sections = sections
        self.includesCSV = includesCSV
        self.sealedPassword = sealedPassword
        self.since = since
        made = []
    }

    /// The period the next report covers, as of `today` in `zone`: the previous calendar month, if
    /// it has not been made yet and the schedule was on by its last day.
    public func due(today: LocalDate, zone: TimeZone) -> ReportPeriod? {
        guard isOn, sealedPassword != nil else { return nil }
        let period = ReportPeriod.previousMonth(before: today)
        guard period.last >= LocalDate(since, in: zone) else { return nil }
        return made.contains { $0.period == period } ? nil : period
    }

    /// Records a made report; answers the ones now beyond the kept twelve, whose files go.
    public mutating func add(_ report: Made) -> [Made] {
        made.removeAll { $0.period == report.period }
        made.insert(report, at: 0)
        made.sort { $0.period.first > $1.period.first }
        let dropped = Array(made.dropFirst(Self.keptMonths))
        made = Array(made.prefix(Self.keptMonths))
        return dropped
    }
}
