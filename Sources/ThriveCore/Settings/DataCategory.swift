/// The kinds of a person's data they consent to separately (spec 000 F4.6, deep mode): what may
/// leave their server, kind by kind. Thrive keeps and shows all of them either way.
public enum DataCategory: String, Sendable, Codable, CaseIterable {
    /// Steps, workouts, heart rate, sleep.
    case fitness
    /// Meals and foods logged.
    case nutrition
    /// Mood, energy and stress check-ins.
    case wellbeing
}

/// Which kinds of data may leave the person's server, for what they turned on that sends data (the
/// hosted coach). Each is off until the person turns it on: consent is asked for, never assumed.
public struct CategorySharing: Hashable, Sendable, Codable {
    public var fitness = false
    public var nutrition = false
    public var wellbeing = false

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fitness = try container.decodeIfPresent(Bool.self, forKey: .fitness) ?? false
        nutrition = try container.decodeIfPresent(Bool.self, forKey: .nutrition) ?? false
        wellbeing = try container.decodeIfPresent(Bool.self, forKey: .wellbeing) ?? false
    }

    enum CodingKeys: String, CodingKey { case fitness, nutrition, wellbeing }

    public var allowed: Set<DataCategory> {
        Set(DataCategory.allCases.filter { allows($0) })
    }

    public func allows(_ category: DataCategory) -> Bool {
        switch category {
        case .fitness: fitness
        case .nutrition: nutrition
        case .wellbeing: wellbeing
        }
    }
}
