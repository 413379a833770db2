import Foundation
import ThriveCore

/// One of the coaching welcome's five screens, with the answers given so far.
struct CoachingStartPage: Sendable {
    struct Option: Sendable {
        let id: String
        let value: String
        let icon: String
        let label: String
        let hint: String?
        let checked: Bool
    }

    struct Dot: Sendable {
        let title: String
        let isDone: Bool
        let isCurrent: Bool
    }

    let step: String
    /// The creator's own welcome and name, in a creator's space.
    var creatorWelcome: String?
    var creatorName: String?
    var creatorImageURL: String?
    let stepLabel: String
    let dots: [Dot]
    let back: String?
    let isWelcome: Bool
    let isGoal: Bool
    let isHabits: Bool
    let isReminders: Bool
    let isReady: Bool
    let goals: [Option]
    let approaches: [Option]
    let suggestions: [Option]
    let reminders: [Option]
    let time: String
    let summary: [String]
    let program: Program?
    let programURL: String?
    var errors: FormErrors

    init(_ step: CoachingStart.Step, _ progress: CoachingStart, library: ProgramLibrary, errors: FormErrors = FormErrors()) {
        let steps = CoachingStart.Step.allCases
        let index = steps.firstIndex(of: step)!
        self.step = step.rawValue
        stepLabel = t("coachStart.step", ["number": DisplayFormat.count(index + 1)])
        dots = steps.map { other in
            let position = steps.firstIndex(of: other)!
            return Dot(title: t("coachStart.\(other.rawValue).title"), isDone: position < index, isCurrent: other == step)
        }
        back = index > 0 ? "/coach/start/\(steps[index - 1].rawValue)" : nil
        isWelcome = step == .welcome
        isGoal = step == .goal
        isHabits = step == .habits
        isReminders = step == .reminders
        isReady = step == .ready
        goals = CoachingGoal.allCases.map { goal in
            Option(
                id: "goal-\(goal.rawValue)", value: goal.rawValue, icon: Self.goalIcons[goal] ?? "",
                label: t("coachStart.goal.\(goal.rawValue)"), hint: nil, checked: progress.goal == goal)
        }
        approaches = CoachingStart.Approach.allCases.map { approach in
            Option(
                id: "approach-\(approach.rawValue)", value: approach.rawValue, icon: Self.approachIcons[approach] ?? "",
                label: t("coachStart.approach.\(approach.rawValue)"), hint: t("coachStart.approach.\(approach.rawValue).hint"),
                checked: progress.approach == approach)
        }
        let approach = progress.approach ?? .startSmall
        suggestions = SuggestedHabit.all(for: progress.goal ?? .exercise).map { suggestion in
            Option(
                id: "habit-\(suggestion.id)", value: suggestion.id, icon: suggestion.icon,
                label: t("coachStart.habit.\(suggestion.id)"), hint: Self.measure(suggestion, approach),
                checked: progress.habits.contains(suggestion.id))
        }
        let chosen = progress.reminders ?? CoachingStart.Reminders()
        reminders = [
            ("habitReminders", Icon.bell.svg, chosen.habitReminders), ("checkIns", Icon.chat.svg, chosen.checkIns),
            ("celebrations", Icon.party.svg, chosen.celebrations),
        ].map { name, icon, on in
            Option(
                id: "reminder-\(name)", value: name, icon: icon, label: t("coachStart.reminders.\(name)"), hint: nil, checked: on)
        }
        time = chosen.time
        var summary: [String] = []
        let names = CoachingStartService.drafts(progress).map(\.name)
        if !names.isEmpty { summary.append(t("coachStart.ready.createHabits", ["habits": names.formatted(.list(type: .and))])) }
        summary.append(
            chosen.habitReminders ? t("coachStart.ready.routine", ["time": chosen.time]) : t("coachStart.ready.routineQuiet"))
        summary.append(t("coachStart.ready.welcome"))
        self.summary = summary
        program = progress.goal.flatMap { library.suggested(for: $0).first }
        programURL = program.map { "\(ProgramPagesController.base)/\($0.id)" }
        self.errors = errors
    }

    /// Markup of each goal's and approach's icon.
    static let goalIcons: [CoachingGoal: String] = [
        .exercise: Icon.run.svg, .nutrition: Icon.leaf.svg, .sleep: Icon.moon.svg, .stress: Icon.breathe.svg,
        .growth: Icon.book.svg,
    ]
    static let approachIcons: [CoachingStart.Approach: String] = [
        .startSmall: Icon.steps.svg, .bigChanges: Icon.bolt.svg, .oneThing: Icon.target.svg,
    ]

    /// "10 min", "6 glasses", "3 times a week".
    static func measure(_ suggestion: SuggestedHabit, _ approach: CoachingStart.Approach) -> String? {
        var parts: [String] = []
        if let target = suggestion.target(approach) {
            if let unit = suggestion.unitKey {
                parts.append(t("coachStart.count", ["count": DisplayFormat.count(target), "unit": t(unit)]))
            } else {
                parts.append(t("coachStart.minutes", ["count": DisplayFormat.count(target)]))
            }
        }
        if let times = suggestion.draft(name: "", unit: nil, approach: approach, reminder: nil).timesPerWeek {
            parts.append(Localizer.current.plural("coachStart.timesPerWeek", times))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
