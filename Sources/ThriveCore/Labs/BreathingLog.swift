import Foundation

public typealias BreathingLogID = Identifier<BreathingLog>

/// The breathing symptoms people with AAT deficiency are asked to follow between tests (spec 001):
/// each rated none, mild, moderate or severe.
public enum BreathingSymptom: String, Sendable, CaseIterable, Codable {
    case cough
    case breathlessness
    case wheeze
    /// Exercise tolerance reduced: how much less the person managed than usual.
    case exerciseTolerance

    public var title: Phrase { Phrase("breathing.\(rawValue)") }
}

public enum SymptomSeverity: Int, Sendable, CaseIterable, Codable, Comparable {
    case none = 0
    case mild
    case moderate
    case severe

    public var name: String {
        switch self {
        case .none: "none"
        case .mild: "mild"
        case .moderate: "moderate"
        case .severe: "severe"
        }
    }

    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = found
    }

    public var title: Phrase { Phrase("breathing.severity.\(name)") }

    public static func < (lhs: SymptomSeverity, rhs: SymptomSeverity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One quick log of breathing symptoms on a day; a day without any is worth logging too (it is
/// what a worse day is compared with).
public struct BreathingLog: Hashable, Sendable, Identifiable {
    public let id: BreathingLogID
    public let day: LocalDate
    public let recordedAt: Date
    public let severities: [BreathingSymptom: SymptomSeverity]
    public let note: String?

    public init(
        id: BreathingLogID, day: LocalDate, recordedAt: Date, severities: [BreathingSymptom: SymptomSeverity], note: String?
    ) {
        self.id = id
        self.day = day
        self.recordedAt = recordedAt
        self.severities = severities
        self.note = note
    }

    public func severity(_ symptom: BreathingSymptom) -> SymptomSeverity { severities[symptom] ?? .none }

    /// The symptoms felt, worst first.
    public var felt: [(BreathingSymptom, SymptomSeverity)] {
        BreathingSymptom.allCases.map { ($0, severity($0)) }.filter { $0.1 > .none }.sorted { $0.1 > $1.1 }
    }

    public static let maximumNote = 500
    /// How far back a log may be dated.
    public static let daysBack = 365

    public enum Problem: String, Error, Sendable {
        case day, note
        public var phrase: Phrase { Phrase("breathing.problem.\(rawValue)") }
    }

    /// Checks a day and note as a person gives them: not in the future, not over a year back; a note
    /// of at most 500 characters.
    public static func check(day: LocalDate, today: LocalDate, note: String?) -> Problem? {
        guard day <= today, day >= today.adding(days: -daysBack) else { return .day }
        if let note, note.count > maximumNote { return .note }
        return nil
    }
}
