/// Traffic-light status, always shown with a word and an icon too, never by colour alone.
public enum KPIStatus: String, Sendable, Codable {
    case green, yellow, red, noData
    /// A day or week still under way: shown as it stands, judged when it is over.
    case soFar

    /// "On track", "Getting there", "Needs attention", "No data yet", "So far".
    public var label: Phrase { Phrase("kpi.status.\(rawValue)") }
}

/// One KPI card of spec 004, section 9.
public struct KPICard: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case workoutsThisWeek, protein, sleepLastNight, weeklyAdherence, caloriesRemaining
    }

    public let kind: Kind
    public var title: Phrase { Phrase("kpi.\(kind.rawValue).title") }
    /// What the card shows, e.g. "3/4", "92 / 74 g", "7 h 12 min", "1,180 kcal left".
    public let value: Phrase
    public let status: KPIStatus
    /// A sentence on how the status was decided.
    public let detail: Phrase
    /// The card's quick actions, as the spec names them: `startWorkout`, `logMeal`, `sleepDetails`, …
    public let actionIDs: [String]
    /// The quick actions' names.
    public var actions: [Phrase] { actionIDs.map { Phrase("kpi.action.\($0)") } }
    /// Whether this card may prompt a (content-free) push notification (spec 004, §9).
    public let allowsPushPrompt: Bool
}
