import Foundation
import ThriveCore

/// One habit as a card on the home page and the habits page: how today stands in words, its
/// streak, a line of motivation, and the one-tap actions that fit its measure and today's state.
struct HabitCard: Sendable {
    /// A one-tap button: the check-in action it posts.
    struct Action: Sendable {
        let action: String
        let label: String
        let primary: Bool
    }

    let id: String
    /// The day the card's buttons check in, for a check-in kept offline.
    let day: String
    let name: String
    let icon: String
    /// The name's first letter: shown instead of the emoji where the device draws none.
    let initial: String
    /// "8 glasses · Every day".
    let detail: String
    /// "Not started", "4 of 8 glasses", "Done", "Skipped", "Rest day", "Paused".
    let state: String
    let outcome: String
    let streak: String?
    let best: String?
    let motivation: String
    /// Filled and empty dots for a count of at most 12 ("●●●●○○○○"), read out as `state`.
    let dots: String?
    /// How far a count or minutes is toward its target (text, so that nothing done yet still
    /// shows its bar); nil for a yes/no habit.
    let progress: String?
    let goal: String
    let actions: [Action]
    /// What "+1" or "+5 min" adds (the card's one form sends it with every button; only `add` reads it).
    let addAmount: Int?
    /// A minutes habit: the page can time it with a start/stop timer.
    let timed: Bool
    /// The streak reached a milestone with today's check-in.
    let milestone: Bool
    let editPath: String

    init(_ view: HabitToday, base: String = HabitPagesController.base) {
        let habit = view.habit
        id = habit.id.description
        day = view.day.iso8601
        name = habit.name
        icon = habit.icon
        initial = habit.name.first.map { String($0).uppercased() } ?? ""
        let target = Self.target(habit.measure)
        detail = [target, Self.schedule(habit.schedule)].compactMap { $0 }.joined(separator: " · ")
        let amount = view.checkIn?.state == .skipped ? 0 : (view.checkIn?.amount ?? 0)
        outcome = habit.status == .active ? view.outcome.rawValue : habit.status.rawValue
        switch (habit.status, view.outcome) {
        case (.paused, _), (.archived, _): state = t("habit.outcome.\(habit.status.rawValue)")
        case (_, .pending) where amount > 0:
            state = t("habit.progress", ["amount": DisplayFormat.count(amount), "target": target ?? ""])
        default: state = t("habit.outcome.\(view.outcome.rawValue)")
        }
        let unit = view.streakInWeeks ? "weeks" : "days"
        streak = view.streak > 0 ? Localizer.current.plural("habit.streak.\(unit)", view.streak) : nil
        best = view.bestStreak > view.streak ? Localizer.current.plural("habit.best.\(unit)", view.bestStreak) : nil
        motivation = t(view.motivation)
        let goal = habit.measure.target
        if case .count = habit.measure, goal > 1, goal <= 12 {
            dots = String(repeating: "●", count: min(amount, goal)) + String(repeating: "○", count: max(goal - amount, 0))
        } else {
            dots = nil
        }
        progress = habit.measure == .binary ? nil : String(min(amount, goal))
        self.goal = String(goal)
        actions = habit.status == .active ? Self.actions(habit.measure, outcome: view.outcome, amount: amount) : []
        addAmount = actions.contains { $0.action == "add" } ? Self.addStep(habit.measure) : nil
        timed = habit.status == .active && view.outcome == .pending && habit.measure.kind == "minutes"
        milestone = view.outcome == .done && HabitMilestones.days.contains(view.streak)
        editPath = "\(base)/\(id)/edit"
    }

    /// Done and Skip for a yes/no habit; +1 (or +5 min) and Done for the others; Reset once the day
    /// is settled. A rest day can still be done.
    static func actions(_ measure: Habit.Measure, outcome: HabitDayOutcome, amount: Int) -> [Action] {
        var actions: [Action] = []
        let settled = outcome == .done || outcome == .skipped
        switch measure {
        case .binary:
            break
        case .count:
            if outcome != .done { actions.append(Action(action: "add", label: "+1", primary: true)) }
        case .minutes:
            if outcome != .done {
                actions.append(
                    Action(
                        action: "add", label: t("habit.action.addMinutes", ["count": String(addStep(measure))]), primary: false))
            }
        }
        if outcome != .done {
            actions.append(Action(action: "done", label: t("habit.action.done"), primary: measure == .binary))
        }
        if outcome == .pending && amount == 0 {
            actions.append(Action(action: "skip", label: t("habit.action.skip"), primary: false))
        }
        if settled || amount > 0 {
            actions.append(Action(action: "clear", label: t("habit.action.reset"), primary: false))
        }
        return actions
    }

    /// One tap on a count adds 1; on minutes, 5.
    static func addStep(_ measure: Habit.Measure) -> Int { measure.kind == "minutes" ? 5 : 1 }

    /// "8 glasses", "20 min"; nil for a yes/no habit.
    static func target(_ measure: Habit.Measure) -> String? {
        switch measure {
        case .binary: return nil
        case .count(let target, let unit):
            let number = DisplayFormat.count(target)
            return unit.isEmpty ? Localizer.current.plural("habit.target.times", target) : "\(number) \(unit)"
        case .minutes(let target): return Localizer.current.plural("habit.target.minutes", target)
        }
    }

    /// "Every day", "Mon, Wed, Fri", "3 times a week".
    static func schedule(_ schedule: Habit.Schedule) -> String {
        switch schedule {
        case .timesPerWeek(let times): return Localizer.current.plural("habit.schedule.timesPerWeek", times)
        case .days(let days):
            if days.count == 7 { return t("habit.schedule.everyDay") }
            // Monday first, as the week is everywhere else in Thrive.
            let names = DisplayFormat.weekdayNames(short: true)
            return [2, 3, 4, 5, 6, 7, 1].filter(days.contains).map { names[($0 + 5) % 7] }.joined(separator: ", ")
        }
    }
}
