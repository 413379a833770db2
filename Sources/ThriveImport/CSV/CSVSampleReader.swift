import Foundation
import ThriveCore

/// Rows of a spreadsheet made into samples with a ``CSVSampleMapping``: the time read in ISO 8601
/// (a time without an offset, or a bare date, in the person's zone), the type by HealthKit's name,
/// its short name or a plain word ("steps", "weight", "pulse"), the value converted from the row's
/// unit. Each row is named like an Apple Health record (owner, type, source, start, end, value), so
/// importing the same file again adds nothing. A row that cannot be read is a problem with its line
/// and why, never a guess.
public struct CSVSampleReader: Sendable {
    public enum Reason: String, Sendable, CaseIterable {
        case missingCell, badDate, badValue, unknownType, unknownUnit, outOfRange
    }

    public struct Problem: Sendable, Equatable {
        /// The line in the file (the header is line 1).
        public let line: Int
        public let reason: Reason
        /// The cell as written.
        public let text: String
    }

    public let owner: UUID
    public let source: SampleSource
    public let zone: TimeZone

    public init(owner: UUID, source: SampleSource, zone: TimeZone) {
        self.owner = owner
        self.source = source
        self.zone = zone
    }

    /// `rows` without the header.
    public func read(_ rows: [[String]], _ mapping: CSVSampleMapping) -> (samples: [QuantitySample], problems: [Problem]) {
        var samples: [QuantitySample] = []
        var problems: [Problem] = []
        for (index, row) in rows.enumerated() {
            switch sample(row, mapping) {
            case .success(let sample): samples.append(sample)
            case .failure(let problem):
                problems.append(Problem(line: index + 2, reason: problem.reason, text: problem.text))
            }
        }
        return (samples, problems)
    }

    private struct RowProblem: Error {
        let reason: Reason
        let text: String
    }

    private func sample(_ row: [String], _ mapping: CSVSampleMapping) -> Result<QuantitySample, RowProblem> {
        func cell(_ index: Int?) -> String? {
            guard let index, index < row.count else { return nil }
            let text = row[index].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        guard let startText = cell(mapping.start), let valueText = cell(mapping.value) else {
            return .failure(RowProblem(reason: .missingCell, text: row.joined(separator: ",")))
        }
        guard let start = Self.date(startText, zone: zone) else { return .failure(RowProblem(reason: .badDate, text: startText)) }
        var end = start
        if let endText = cell(mapping.end) {
            guard let parsed = Self.date(endText, zone: zone), parsed >= start else {
                return .failure(RowProblem(reason: .badDate, text: endText))
            }
            end = parsed
        }
        let typeText = mapping.type?.rawValue ?? cell(mapping.typeColumn) ?? ""
        guard let type = mapping.type ?? Self.type(named: typeText) else {
            return .failure(RowProblem(reason: .unknownType, text: typeText))
        }
        guard var value = Self.number(valueText) else { return .failure(RowProblem(reason: .badValue, text: valueText)) }
        let unitText = cell(mapping.unitColumn) ?? mapping.unit
        if let unitText {
            guard let factor = Self.factor(unitText, to: type) else {
                return .failure(RowProblem(reason: .unknownUnit, text: unitText))
            }
            value *= factor
        } else if type.canonicalUnit == .fraction, value > 1 {
            // "97" in a column of oxygen saturation is a percentage.
            value /= 100
        }
        guard value.isFinite, type.plausibleRange.contains(value) else {
            return .failure(RowProblem(reason: .outOfRange, text: valueText))
        }
        let identity = RecordIdentity(owner: owner, type: type.rawValue, source: source, start: start, end: end, value: value)
        return .success(
            QuantitySample(
                id: SampleID(identity.rowID), type: type, value: value, start: start, end: end, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier("csv:"))))
    }

    /// "HKQuantityTypeIdentifierStepCount", "StepCount", "step count", "steps"…
    public static func type(named name: String) -> QuantityType? {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if key.isEmpty { return nil }
        if let type = QuantityType.allCases.first(where: { $0.rawValue.lowercased() == key || $0.shortName.lowercased() == key })
        {
            return type
        }
        return aliases[key]
    }

    static let aliases: [String: QuantityType] = [
        "steps": .stepCount, "weight": .bodyMass, "bodyweight": .bodyMass, "heartrate": .heartRate, "pulse": .heartRate,
        "hr": .heartRate, "restinghr": .restingHeartRate, "restingheartrate": .restingHeartRate, "rhr": .restingHeartRate,
        "hrv": .heartRateVariabilitySDNN, "spo2": .oxygenSaturation, "bloodoxygen": .oxygenSaturation,
        "oxygensaturation": .oxygenSaturation, "water": .dietaryWater, "bodyfat": .bodyFatPercentage, "fat": .bodyFatPercentage,
        "distance": .distanceWalkingRunning, "activeenergy": .activeEnergyBurned, "activecalories": .activeEnergyBurned,
        "respiratoryrate": .respiratoryRate, "breathingrate": .respiratoryRate, "calories": .dietaryEnergyConsumed,
        "caloriesin": .dietaryEnergyConsumed, "protein": .dietaryProtein, "carbs": .dietaryCarbohydrates,
        "caffeine": .dietaryCaffeine, "height": .height,
    ]

    /// A unit as people write it, to the type's own: Apple Health's names, the canonical one, and
    /// "bpm", "kcal", "steps", "%".
    static func factor(_ unit: String, to type: QuantityType) -> Double? {
        let spoken: [String: String] = [
            "bpm": "count/min", "beats/min": "count/min", "steps": "count", "lbs": "lb", "kilograms": "kg", "pounds": "lb",
            "l": "L", "ml": "mL", "kcal": "kcal", "calories": "kcal", "percent": "%",
        ]
        let name = spoken[unit.lowercased()] ?? unit
        if name == type.canonicalUnit.rawValue { return 1 }
        if type.canonicalUnit == .fraction, name == "%" { return 0.01 }
        return ExportUnit.factor(from: name, to: type.canonicalUnit)
    }

    /// "72", "72.5", or "72,5" (a decimal comma, as spreadsheets in much of Europe write it). "8,412"
    /// could be either eight thousand or eight: refused rather than guessed.
    static func number(_ text: String) -> Double? {
        if let value = Double(text) { return value }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.contains("."), parts.count == 2, parts[1].count != 3 else { return nil }
        return Double(parts.joined(separator: "."))
    }

    /// ISO 8601: "2026-05-04T07:30:00Z", "2026-05-04 07:30:00+02:00", "2026-05-04T07:30" (in `zone`),
    /// "2026-05-04" (midnight in `zone`).
    static func date(_ text: String, zone: TimeZone) -> Date? {
        let scalars = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[from..<from + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard scalars.count >= 10, let year = digits(0, 4), scalars[4] == 45, let month = digits(5, 2), scalars[7] == 45,
            let day = digits(8, 2)
        else { return nil }
        var parts = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var offset: Int?
        var index = 10
        if scalars.count > 10 {
            guard scalars[10] == 84 || scalars[10] == 32, let hour = digits(11, 2), scalars.count > 13, scalars[13] == 58,
                let minute = digits(14, 2)
            else { return nil }
            parts.hour = hour
            parts.minute = minute
            index = 16
            if scalars.count > 16, scalars[16] == 58 {
                guard let second = digits(17, 2) else { return nil }
                parts.second = second
                index = 19
                // Fractions of a second are dropped: a spreadsheet's row is at most to the second.
                if scalars.count > 19, scalars[19] == 46 {
                    index = 20
                    while index < scalars.count, (48...57).contains(scalars[index]) { index += 1 }
                }
            }
            if index < scalars.count {
                if scalars[index] == 90, index + 1 == scalars.count {
                    offset = 0
                } else if scalars[index] == 43 || scalars[index] == 45 {
                    let sign = scalars[index] == 45 ? -1 : 1
                    let rest = Array(scalars[(index + 1)...]).filter { $0 != 58 }
                    guard rest.count == 4, let text = String(bytes: rest, encoding: .ascii), let hhmm = Int(text),
                        hhmm / 100 <= 14, hhmm % 100 < 60
                    else { return nil }
                    offset = sign * ((hhmm / 100) * 3_600 + (hhmm % 100) * 60)
                } else {
                    return nil
                }
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), (parts.hour ?? 0) < 24, (parts.minute ?? 0) < 60,
            (parts.second ?? 0) < 60
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        // A day that does not exist (30 February) or a time the clocks skipped is refused, not moved.
        guard let date = calendar.date(from: parts),
            calendar.dateComponents([.day, .hour, .minute], from: date)
                == DateComponents(day: day, hour: parts.hour, minute: parts.minute)
        else { return nil }
        return date
    }
}
