/// Everything the demo person recorded on one calendar day (the night before's sleep included).
public struct DemoDay: Sendable {
    public let date: LocalDate
    public var records = HealthRecords()

    public init(date: LocalDate) {
        self.date = date
    }
}
