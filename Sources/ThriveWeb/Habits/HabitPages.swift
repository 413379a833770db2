import Foundation
import ThriveCore

/// Today's habits in groups: due today, resting today, paused and archived, with what the last tap
/// did (and its undo) on top.
struct HabitsPage: Sendable {
    let due: [HabitCard]
    let resting: [HabitCard]
    let paused: [HabitCard]
    let archived: [HabitCard]
    let hasResting: Bool
    let hasPaused: Bool
    let hasArchived: Bool
    let isEmpty: Bool
    /// "2 of 4 done today".
    let summary: String?
    let toast: HabitToast?
    /// The server's Web Push key when the page asks to allow notifications: the person has a habit
    /// with a reminder and no device receives pushes yet (the script asks only where the browser
    /// has not been asked, and never again after "Not now").
    var askForPush: String?
    let returnPath = HabitPagesController.base
    let base = HabitPagesController.base

    init(_ views: [HabitToday], toast: HabitToast?) {
        let active = views.filter { $0.habit.status == .active }
        let due = active.filter(\.isDueToday)
        self.due = due.map { HabitCard($0) }
        resting = active.filter { !$0.isDueToday }.map { HabitCard($0) }
        paused = views.filter { $0.habit.status == .paused }.map { HabitCard($0) }
        archived = views.filter { $0.habit.status == .archived }.map { HabitCard($0) }
        hasResting = !resting.isEmpty
        hasPaused = !paused.isEmpty
        hasArchived = !archived.isEmpty
        isEmpty = views.isEmpty
        summary = Self.summary(due)
        self.toast = toast
    }

    /// "2 of 4 done today", counting skips as settled but not done.
    static func summary(_ due: [HabitToday]) -> String? {
        guard !due.isEmpty else { return nil }
        let done = due.filter { $0.outcome == .done }.count
        return t("habit.summary", ["done": DisplayFormat.count(done), "due": DisplayFormat.count(due.count)])
    }
}

/// The home page's card of today's habits: the ones due today, and a way to the rest.
struct HomeHabits: Sendable {
    let cards: [HabitCard]
    let summary: String?
    let hasHabits: Bool
    let restingCount: String?
    let toast: HabitToast?
    let returnPath = "/"
    let base = HabitPagesController.base
    /// Cards without their line of motivation and Edit button: the home shows every habit due
    /// today, and its weight stays under budget with twenty of them (the habits page has the rest).
    let compact = true

    init(_ views: [HabitToday], toast: HabitToast?) {
        self.toast = toast
        let due = views.filter(\.isDueToday)
        cards = due.map { HabitCard($0) }
        summary = HabitsPage.summary(due)
        hasHabits = !views.isEmpty
        let resting = views.count - due.count
        restingCount = resting > 0 ? Localizer.current.plural("habit.restingCount", resting) : nil
    }
}

/// What the last check-in did, shown once after the redirect: "Morning walk: Done." with Undo
/// (which puts the day back as it was), and a celebration when a streak reached a milestone.
struct HabitToast: Sendable {
    let text: String
    let habitID: String
    let undoAction: String?
    let undoAmount: Int?
    let celebration: String?
    /// Achievement tiers the check-in earned, as lines ("New badge: Early bird (7 days in a row)").
    var badges: [String] = []
    let galleryPath = AchievementPagesController.path

    /// The day before a check-in, as a word carried in the redirect: "none", "done", "skipped", or
    /// "n4" for a count or minutes.
    static func token(_ previous: HabitCheckIn?) -> String {
        guard let previous else { return "none" }
        switch previous.state {
        case .done: return "done"
        case .skipped: return "skipped"
        case .partial: return "n\(previous.amount)"
        }
    }

    /// The check-in that puts the day back as `token` says it was.
    static func undo(_ token: String) -> (action: String, amount: Int?)? {
        switch token {
        case "none": return ("clear", nil)
        case "done": return ("done", nil)
        case "skipped": return ("skip", nil)
        default:
            guard token.hasPrefix("n"), let amount = Int(token.dropFirst()), amount > 0 else { return nil }
            return ("set", amount)
        }
    }

    init?(_ card: HabitCard, was token: String?, undone: Bool) {
        habitID = card.id
        if undone {
            text = t("habit.toast.undone", ["name": card.name])
            undoAction = nil
            undoAmount = nil
            celebration = nil
            return
        }
        guard let token, let undo = Self.undo(token) else { return nil }
        text = t("habit.toast", ["name": card.name, "state": card.state])
        undoAction = undo.action
        undoAmount = undo.amount
        celebration = card.milestone ? card.motivation : nil
    }
}

/// Adding or changing a habit: its name and icon, what counts as done, when it is due, and a
/// reminder; an existing habit also shows pause, archive and delete.
struct HabitFormPage: Sendable {
    struct Choice: Sendable {
        let value: String
        let label: String
        let checked: Bool
    }

    struct Weekday: Sendable {
        let value: Int
        let label: String
        let checked: Bool
    }

    let heading: String
    let action: String
    let submitLabel: String
    let name: InputField
    let icon: InputField
    let target: InputField
    let unit: InputField
    let timesPerWeek: InputField
    let reminder: InputField
    let measures: [Choice]
    let schedules: [Choice]
    let weekdays: [Weekday]
    let errors: FormErrors
    let existing: Existing?

    /// The parts only an existing habit has.
    struct Existing: Sendable {
        let id: String
        let status: String
        let isActive: Bool
        let isPaused: Bool
        let isArchived: Bool
        let checkInCount: String
        let base = HabitPagesController.base
    }

    /// A form's values by field name, as typed or from the habit.
    typealias Values = [String: String]

    init(
        heading: String, action: String, submitLabel: String, values: Values, weekdays chosen: Set<Int>, errors: FormErrors,
        existing: Existing?
    ) {
        self.heading = heading
        self.action = action
        self.submitLabel = submitLabel
        name = InputField(
            "name", t("habitForm.name"), value: values["name"] ?? "", errors: errors, hint: t("habitForm.nameHint"),
            decimal: false, maxLength: 60)
        icon = InputField(
            "icon", t("habitForm.icon"), value: values["icon"] ?? "", errors: errors, hint: t("habitForm.iconHint"),
            decimal: false, narrow: true)
        target = InputField(
            "target", t("habitForm.target"), value: values["target"] ?? "", errors: errors, hint: t("habitForm.targetHint"),
            type: "number", narrow: true)
        unit = InputField(
            "unit", t("habitForm.unit"), value: values["unit"] ?? "", errors: errors, hint: t("habitForm.unitHint"),
            decimal: false, maxLength: 20)
        timesPerWeek = InputField(
            "timesPerWeek", t("habitForm.timesPerWeek"), value: values["timesPerWeek"] ?? "", errors: errors, type: "number",
            narrow: true)
        reminder = InputField(
            "reminder", t("habitForm.reminder"), value: values["reminder"] ?? "", errors: errors,
            hint: t("habitForm.reminderHint"), type: "time", decimal: false, narrow: true)
        let measure = values["measure"] ?? "binary"
        measures = ["binary", "count", "minutes"].map {
            Choice(value: $0, label: t("habitForm.measure.\($0)"), checked: $0 == measure)
        }
        let schedule = values["schedule"] ?? "everyDay"
        schedules = ["everyDay", "days", "timesPerWeek"].map {
            Choice(value: $0, label: t("habitForm.schedule.\($0)"), checked: $0 == schedule)
        }
        let names = DisplayFormat.weekdayNames()
        weekdays = [2, 3, 4, 5, 6, 7, 1].map { day in
            Weekday(value: day, label: names[(day + 5) % 7], checked: chosen.contains(day))
        }
        self.errors = errors
        self.existing = existing
    }

    /// The form's values for a habit as it is.
    static func values(_ habit: Habit) -> (Values, Set<Int>) {
        var values: Values = ["name": habit.name, "icon": habit.icon, "measure": habit.measure.kind]
        if habit.measure != .binary { values["target"] = String(habit.measure.target) }
        values["unit"] = habit.measure.unit
        var days = Set<Int>()
        switch habit.schedule {
        case .timesPerWeek(let times):
            values["schedule"] = "timesPerWeek"
            values["timesPerWeek"] = String(times)
        case .days(let chosen):
            values["schedule"] = chosen.count == 7 ? "everyDay" : "days"
            days = chosen
        }
        values["reminder"] = habit.reminderMinutes.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }
        return (values, days)
    }
}
