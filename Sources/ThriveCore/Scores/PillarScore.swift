import Foundation

public enum Pillar: String, Sendable, Codable, CaseIterable {
    case fitness, nutrition, wellbeing

    /// The pillar's name in the person's language.
    public var name: Phrase { Phrase("pillar.\(rawValue)") }
}

/// The spec's colour bands (000, F4.1): green 80–100, yellow 50–79, red 0–49.
public enum ScoreBand: String, Sendable, Codable {
    case green, yellow, red

    public init(score: Int) {
        self = score >= 80 ? .green : score >= 50 ? .yellow : .red
    }
}

/// One ingredient of a pillar score.
public struct ScoreComponent: Hashable, Sendable, Codable {
    /// "activity", "balance", "mood", …: names the component in the catalogs and the API.
    public let id: String
    public var name: Phrase { Phrase("score.component.\(id)") }
    /// Its share of the score before renormalisation (the weights of a pillar add up to 1).
    public let weight: Double
    /// 0–1, or nil when there was not enough data for it.
    public let value: Double?
    public let detail: Phrase
}

public struct PillarScore: Hashable, Sendable, Codable {
    public enum State: String, Sendable, Codable {
        case ok
        /// Less than half of the score's weight had data: no number is shown.
        case insufficientData
        /// Computed, but from data that stops more than a day before the date.
        case stale
    }

    public let pillar: Pillar
    public let score: Int?
    public let band: ScoreBand?
    public let state: State
    public let components: [ScoreComponent]
    /// The most recent day that had data for this pillar.
    public let dataThrough: LocalDate?
    /// Sentences: the score and its parts, or what is missing; and how old the data is.
    public let explanation: [Phrase]
}
