import Foundation
import ThriveCore

/// A part of a pillar (the spec's information architecture): a page to open, or, when it is not
/// built yet, an honest line about it and no link. Its words come from the catalogs by its id.
struct PillarSection: Sendable {
    let name: String
    let description: String
    let href: String?
    let comingSoon: Bool

    init(_ id: String, href: String?) {
        name = t("section.\(id)")
        description = t("section.\(id).description", ["foods": DisplayFormat.count(8_463)])
        self.href = href
        comingSoon = href == nil
    }

    static func page(_ id: String, _ href: String) -> PillarSection { PillarSection(id, href: href) }

    static func soon(_ id: String) -> PillarSection { PillarSection(id, href: nil) }
}

extension Pillar {
    var icon: String {
        switch self {
        case .fitness: "M13 4a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM7 22l3-7 2 2v5m5-12-3-2-4 1-2 4m6-3 2 4 4 1"
        case .nutrition: "M7 3v8a2 2 0 0 0 4 0V3M9 11v10m8-18c-2 0-3 3-3 6s1 4 3 4v8"
        case .wellbeing: "M12 21s-7-4.6-9.3-9A5.3 5.3 0 0 1 12 6.3 5.3 5.3 0 0 1 21.3 12C19 16.4 12 21 12 21z"
        }
    }

    /// "Activity, sleep, recovery and your training plan."
    var summary: String { t("pillar.\(rawValue).summary") }

    /// The pillar's parts, in the order of the spec's information architecture.
    var sections: [PillarSection] {
        switch self {
        case .fitness:
            [
                .page("activity", "/pillars/fitness/activity"), .page("sleep", "/pillars/fitness/sleep"),
                .page("recovery", "/pillars/fitness/recovery"), .page("workouts", WorkoutPagesController.base),
                .page("workoutPlan", "/pillars/fitness/plan"), .soon("fitnessGoals"), .soon("strain"),
            ]
        case .nutrition:
            [
                .page("meals", "/pillars/nutrition/meals"), .page("hydration", "/pillars/nutrition/hydration"),
                .page("weight", "/pillars/nutrition/weight"), .page("nutritionPlan", "/pillars/nutrition/plan"),
                .soon("mealRecommendations"), .soon("foodInsights"),
            ]
        case .wellbeing:
            [
                .page("mood", "/pillars/wellbeing/mood"), .page("journal", "/pillars/wellbeing/journal"),
                .page("habits", HabitPagesController.base),
                .page("programs", ProgramPagesController.base), .soon("wellbeingGoals"),
            ]
        }
    }
}

/// Pillars › one pillar: its score and its parts.
struct PillarPage: Sendable {
    let pillar: String
    let name: String
    let icon: String
    let score: ScoreTile?
    let sections: [PillarSection]
}

/// The Pillars tab: the three pillars with equal weight.
struct PillarsPage: Sendable {
    struct Item: Sendable {
        let pillar: String
        let name: String
        let icon: String
        let summary: String
        let score: ScoreTile?
        let sections: [PillarSection]
    }

    let pillars: [Item]
}
