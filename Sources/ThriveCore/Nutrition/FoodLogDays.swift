import Foundation

/// The days a person said their food log is complete ("I've logged everything today", as good food
/// trackers ask). Only a complete day's intake is judged against the calorie floor; a day with
/// breakfast, lunch and dinner logged counts as complete without the mark (see ``FoodDay/isComplete``).
public struct FoodLogDays: Hashable, Sendable, Codable {
    /// Marks older than this are dropped: the floor alert reads two days and the scores a week.
    public static let keptDays = 90

    public private(set) var completed: [LocalDate]

    public init() { completed = [] }

    public init(completed: [LocalDate]) {
        self.completed = completed.sorted()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completed = (try container.decodeIfPresent([LocalDate].self, forKey: .completed) ?? []).sorted()
    }

    public func isMarked(_ day: LocalDate) -> Bool { completed.contains(day) }

    /// Marks or unmarks `day`, keeping only the last ``keptDays`` days before `today`.
    public mutating func set(_ day: LocalDate, complete: Bool, today: LocalDate) {
        var days = Set(completed)
        if complete { days.insert(day) } else { days.remove(day) }
        let oldest = today.adding(days: -Self.keptDays)
        completed = days.filter { $0 >= oldest }.sorted()
    }
}
