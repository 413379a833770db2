import ThriveCore

/// Which column of a spreadsheet holds what: the time (and the end, for a span), the value, and the
/// type and unit, each either a column or one choice for every row ("all rows are weight in lb").
public struct CSVSampleMapping: Sendable, Equatable, Codable {
    public var start: Int
    public var end: Int?
    public var value: Int
    public var typeColumn: Int?
    public var type: QuantityType?
    public var unitColumn: Int?
    public var unit: String?

    public init(
        start: Int, end: Int? = nil, value: Int, typeColumn: Int? = nil, type: QuantityType? = nil, unitColumn: Int? = nil,
        unit: String? = nil
    ) {
        self.start = start
        self.end = end
        self.value = value
        self.typeColumn = typeColumn
        self.type = type
        self.unitColumn = unitColumn
        self.unit = unit
    }

    /// A first guess from the header row: "date"/"time"/"start", "end", "type"/"metric", "value"/
    /// "amount", "unit"; or, for a column named after a type ("Weight (kg)", "steps"), that column
    /// as the value with its type (and a unit in brackets). Nil when nothing names a time and a value.
    public static func suggested(_ header: [String]) -> CSVSampleMapping? {
        let names = header.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        func column(_ words: [String]) -> Int? {
            names.firstIndex { name in words.contains { name == $0 || name.hasPrefix($0 + " ") || name.hasPrefix($0 + "_") } }
        }
        guard let start = column(["date", "time", "start", "timestamp", "datetime", "start date", "start time"]) else {
            return nil
        }
        if let value = column(["value", "amount", "quantity", "reading"]) {
            return CSVSampleMapping(
                start: start, end: column(["end", "end date", "end time"]), value: value,
                typeColumn: column(["type", "metric", "kind", "measurement"]), unitColumn: column(["unit", "units"]))
        }
        for (index, name) in names.enumerated() where index != start {
            let label = name.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? name
            guard let type = CSVSampleReader.type(named: label) else { continue }
            let unit = name.split(separator: "(").dropFirst().first.map { String($0.prefix { $0 != ")" }) }
            return CSVSampleMapping(start: start, value: index, type: type, unit: unit)
        }
        return nil
    }
}
