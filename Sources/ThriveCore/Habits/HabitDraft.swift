import Foundation

/// A habit as a person describes it, before it is checked: what the habits API and the form take.
public struct HabitDraft: Hashable, Sendable, Codable {
    public var name: String
    public var icon: String?
    /// "binary" (done or not, the default), "count" or "minutes".
    public var measure: String?
    public var target: Int?
    /// What a count counts ("glasses").
    public var unit: String?
    /// Days of the week, 1 = Sunday … 7 = Saturday (every day when neither this nor `timesPerWeek`).
    public var weekdays: [Int]?
    public var timesPerWeek: Int?
    /// "HH:MM", local time.
    public var reminder: String?

    public init(
        name: String, icon: String? = nil, measure: String? = nil, target: Int? = nil, unit: String? = nil,
        weekdays: [Int]? = nil, timesPerWeek: Int? = nil, reminder: String? = nil
    ) {
        self.name = name
        self.icon = icon
        self.measure = measure
        self.target = target
        self.unit = unit
        self.weekdays = weekdays
        self.timesPerWeek = timesPerWeek
        self.reminder = reminder
    }

    public func habit(id: HabitID, startedOn: LocalDate, at time: Date) throws(ValidationError) -> Habit {
        Habit(
            id: id, name: try Self.name(name), icon: try Self.icon(icon), measure: try Self.measure(measure, target, unit),
            schedule: try Self.schedule(weekdays, timesPerWeek), reminderMinutes: try Self.reminder(reminder),
            startedOn: startedOn, createdAt: time)
    }

    /// Every problem of the draft, each with its field (the API answers with the first; a form
    /// shows them all).
    public func problems() -> [ValidationError] {
        var problems = ValidationProblems()
        problems.check { () throws(ValidationError) in _ = try Self.name(name) }
        problems.check { () throws(ValidationError) in _ = try Self.icon(icon) }
        problems.check { () throws(ValidationError) in _ = try Self.measure(measure, target, unit) }
        problems.check { () throws(ValidationError) in _ = try Self.schedule(weekdays, timesPerWeek) }
        problems.check { () throws(ValidationError) in _ = try Self.reminder(reminder) }
        return problems.all
    }

    static func name(_ text: String) throws(ValidationError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(name.count) else { throw .because("name", "habitName") }
        return name
    }

    static func icon(_ text: String?) throws(ValidationError) -> String {
        let icon = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !icon.isEmpty else { return "✓" }
        guard icon.count == 1 else { throw .because("icon", "habitIcon") }
        return icon
    }

    static func measure(_ kind: String?, _ target: Int?, _ unit: String?) throws(ValidationError) -> Habit.Measure {
        switch kind ?? "binary" {
        case "binary": return .binary
        case "count":
            guard let target, (1...1_000).contains(target) else { throw .range("target", "habitCount", 1, 1_000) }
            let unit = (unit ?? "").trimmingCharacters(in: .whitespaces)
            guard unit.count <= 20 else { throw .because("unit", "habitUnit") }
            return .count(target: target, unit: unit)
        case "minutes":
            guard let target, (1...600).contains(target) else { throw .range("target", "habitMinutes", 1, 600) }
            return .minutes(target: target)
        default: throw .because("measure", "habitMeasure")
        }
    }

    static func schedule(_ weekdays: [Int]?, _ times: Int?) throws(ValidationError) -> Habit.Schedule {
        if let times {
            guard weekdays == nil else { throw .because("timesPerWeek", "habitScheduleBoth") }
            guard (1...7).contains(times) else { throw .range("timesPerWeek", "habitTimes", 1, 7) }
            return .timesPerWeek(times)
        }
        guard let weekdays else { return .everyDay }
        guard !weekdays.isEmpty, weekdays.allSatisfy({ (1...7).contains($0) }) else {
            throw .because("weekdays", "habitWeekdays")
        }
        return .days(Set(weekdays))
    }

    static func reminder(_ text: String?) throws(ValidationError) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let minutes = QuietHours.minutes(text) else { throw .because("reminder", "habitReminder") }
        return minutes
    }
}

/// Changes to a habit (absent fields stay). `status` pauses it (from tomorrow: today stays as it
/// is), resumes it (the pause ends yesterday) or archives it.
public struct HabitChange: Hashable, Sendable, Codable {
    public var name: String?
    public var icon: String?
    public var measure: String?
    public var target: Int?
    public var unit: String?
    public var weekdays: [Int]?
    public var timesPerWeek: Int?
    /// "HH:MM", or "" for no reminder.
    public var reminder: String?
    public var status: Habit.Status?

    public init(
        name: String? = nil, icon: String? = nil, measure: String? = nil, target: Int? = nil, unit: String? = nil,
        weekdays: [Int]? = nil, timesPerWeek: Int? = nil, reminder: String? = nil, status: Habit.Status? = nil
    ) {
        self.name = name
        self.icon = icon
        self.measure = measure
        self.target = target
        self.unit = unit
        self.weekdays = weekdays
        self.timesPerWeek = timesPerWeek
        self.reminder = reminder
        self.status = status
    }

    public func applied(to habit: Habit, today: LocalDate) throws(ValidationError) -> Habit {
        var habit = habit
        if let name { habit.name = try HabitDraft.name(name) }
        if let icon { habit.icon = try HabitDraft.icon(icon) }
        if measure != nil || target != nil || unit != nil {
            // A yes/no habit has no target of its own: turned into a count, it must be given one.
            let current = habit.measure
            let currentTarget = current == .binary ? nil : current.target
            habit.measure = try HabitDraft.measure(measure ?? current.kind, target ?? currentTarget, unit ?? current.unit)
        }
        if weekdays != nil || timesPerWeek != nil { habit.schedule = try HabitDraft.schedule(weekdays, timesPerWeek) }
        if let reminder { habit.reminderMinutes = try HabitDraft.reminder(reminder) }
        if let status, status != habit.status {
            let open = habit.pauses.lastIndex { $0.to == nil }
            switch status {
            case .paused where open == nil: habit.pauses.append(Habit.Pause(from: today.adding(days: 1)))
            case .active, .archived:
                // Resuming today: the pause ends yesterday (one not begun yet leaves nothing).
                if let open {
                    if habit.pauses[open].from >= today {
                        habit.pauses.remove(at: open)
                    } else {
                        habit.pauses[open].to = today.adding(days: -1)
                    }
                }
            case .paused: break
            }
            habit.status = status
        }
        return habit
    }
}

/// A tap on a habit for a day: done, skip, add to a count or minutes, set them, or clear the day.
public struct HabitCheckInRequest: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable {
        case done, skip, add, set, clear
    }

    public var action: Action
    /// For `add` (default 1) and `set`: a count or minutes.
    public var amount: Int?
    /// "YYYY-MM-DD"; today when absent. Days up to 30 back can be corrected.
    public var day: String?

    public init(action: Action, amount: Int? = nil, day: String? = nil) {
        self.action = action
        self.amount = amount
        self.day = day
    }

    public func day(today: LocalDate, startedOn: LocalDate) throws(ValidationError) -> LocalDate {
        guard let text = day else { return today }
        guard let day = LocalDate(iso8601: text) else { throw .because("day", "habitDay") }
        guard day <= today, day >= today.adding(days: -30) else { throw .because("day", "habitDayRange") }
        guard day >= startedOn else { throw .because("day", "habitDayBeforeStart", ["date": .date(startedOn)]) }
        return day
    }

    /// The day's check-in after this action (nil: nothing recorded).
    public func applied(to previous: HabitCheckIn?, of habit: Habit, on day: LocalDate, at time: Date) throws(ValidationError)
        -> HabitCheckIn?
    {
        switch action {
        case .clear: return nil
        case .skip: return HabitCheckIn(habitID: habit.id, day: day, state: .skipped, amount: 0, recordedAt: time)
        case .done:
            return HabitCheckIn(habitID: habit.id, day: day, state: .done, amount: habit.measure.target, recordedAt: time)
        case .add:
            let step = amount ?? 1
            guard (1...600).contains(step) else { throw .range("amount", "habitAmount", 1, 600) }
            let before = previous?.state == .skipped ? 0 : (previous?.amount ?? 0)
            return .amount(min(before + step, 10_000), of: habit, on: day, at: time)
        case .set:
            guard let amount, (0...10_000).contains(amount) else { throw .range("amount", "habitAmount", 0, 10_000) }
            return amount == 0 ? nil : .amount(amount, of: habit, on: day, at: time)
        }
    }
}
