import Foundation

/// The five levels, Beginner to Master, from points a person earns by doing: one for each habit
/// day done, five for each achievement tier and twenty for each program finished. Points only
/// grow with what was done, so a level, once reached, is kept.
public struct CoachingLevel: Hashable, Sendable {
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case beginner, developing, consistent, advanced, master
    }

    /// Points where each level starts.
    public static let thresholds = [0, 50, 150, 400, 1_000]
    public static let pointsPerHabitDay = 1
    public static let pointsPerTier = 5
    public static let pointsPerProgram = 20

    public let points: Int
    /// 1 to 5.
    public let number: Int

    public init(points: Int) {
        self.points = max(0, points)
        number = Self.thresholds.lastIndex { $0 <= max(0, points) }! + 1
    }

    public init(habitDaysDone: Int, tiersEarned: Int, programsFinished: Int) {
        self.init(
            points: habitDaysDone * Self.pointsPerHabitDay + tiersEarned * Self.pointsPerTier + programsFinished
                * Self.pointsPerProgram)
    }

    public var name: Name { Name.allCases[number - 1] }

    /// Points where the next level starts; nil at Master.
    public var nextAt: Int? { number < Self.thresholds.count ? Self.thresholds[number] : nil }

    /// How far from this level's start to the next, 0 to 1 (1 at Master).
    public var progressToNext: Double {
        guard let next = nextAt else { return 1 }
        let start = Self.thresholds[number - 1]
        return Double(points - start) / Double(next - start)
    }
}
