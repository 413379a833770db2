import Foundation
import ThriveCore

/// A part of a pillar (the spec's information architecture): a page to open, or, when it is not
/// built yet, an honest line about it and no link.
struct PillarSection: Sendable {
    let name: String
    let description: String
    let href: String?
    let comingSoon: Bool

    static func page(_ name: String, _ description: String, _ href: String) -> PillarSection {
        PillarSection(name: name, description: description, href: href, comingSoon: false)
    }

    static func soon(_ name: String, _ description: String) -> PillarSection {
        PillarSection(name: name, description: description, href: nil, comingSoon: true)
    }
}

extension Pillar {
    var icon: String {
        switch self {
        case .fitness: "M13 4a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM7 22l3-7 2 2v5m5-12-3-2-4 1-2 4m6-3 2 4 4 1"
        case .nutrition: "M7 3v8a2 2 0 0 0 4 0V3M9 11v10m8-18c-2 0-3 3-3 6s1 4 3 4v8"
        case .wellbeing: "M12 21s-7-4.6-9.3-9A5.3 5.3 0 0 1 12 6.3 5.3 5.3 0 0 1 21.3 12C19 16.4 12 21 12 21z"
        }
    }

    var summary: String {
        switch self {
        case .fitness: "Activity, sleep, recovery and your training plan."
        case .nutrition: "Meals, calories and macros, water and weight, and your nutrition plan."
        case .wellbeing: "Mood, energy and stress, journaling and habits."
        }
    }

    /// The pillar's parts, in the order of the spec's information architecture.
    var sections: [PillarSection] {
        switch self {
        case .fitness:
            [
                .page("Activity", "Steps, active minutes, distance and workouts, today and by day.", "/pillars/fitness/activity"),
                .page("Sleep", "Log when you slept and how well; devices add their sleep stages.", "/pillars/fitness/sleep"),
                .page(
                    "Recovery status", "Resting heart rate and heart-rate variability against your own baseline.",
                    "/pillars/fitness/recovery"),
                .page(
                    "Workouts", "Start a session from your plan and confirm your sets, or log any activity.",
                    WorkoutPagesController.base),
                .page("Workout plan", "Your training plan with sets, reps and loads.", "/pillars/fitness/plan"),
                .soon("Fitness goals", "Targets for steps, sessions and strength."),
                .soon("Strain and load", "Training load over the weeks."),
            ]
        case .nutrition:
            [
                .page("Meals", "Log meals from 8,463 foods, see calories and macros by meal.", "/pillars/nutrition/meals"),
                .page("Hydration", "Glasses and bottles of water through the day.", "/pillars/nutrition/hydration"),
                .page("Weight", "Weigh-ins in your units.", "/pillars/nutrition/weight"),
                .page("Nutrition plan", "Your calorie and macro targets, and why.", "/pillars/nutrition/plan"),
                .soon("Meal recommendations", "Meals that fit what is left of your day."),
                .soon("Food insights", "How what you eat relates to sleep, energy and weight."),
            ]
        case .wellbeing:
            [
                .page("Mood, energy and stress", "Check in with three taps and a private note.", "/pillars/wellbeing/mood"),
                .page("Journaling", "Free writing, private to you.", "/pillars/wellbeing/journal"),
                .soon("Habit tracking", "Daily habits with streaks."),
                .soon("Wellbeing goals", "Goals for sleep, stress and mood."),
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
