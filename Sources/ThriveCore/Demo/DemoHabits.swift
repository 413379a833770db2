import Foundation

/// The demo person's habits and their history: a few everyday habits with the ups and downs of a
/// real life (harder Wednesdays, easier weekends, a lapse during the holiday, skips on sick days),
/// and for the heavy scale twenty of them over five years, for benchmarks.
public struct DemoHabits: Sendable {
    public let habits: [Habit]
    public let checkIns: [HabitCheckIn]

    /// The habits' words are the demo person's own, like anything a person types.
    struct Template {
        let name: String
        let icon: String
        let measure: Habit.Measure
        let schedule: Habit.Schedule
        let reminder: Int?
        /// How likely a due day is done, before the day of the week moves it.
        let keep: Double
    }

    static let everyday: [Template] = [
        Template(
            name: "Morning walk", icon: "🚶", measure: .minutes(target: 20), schedule: .everyDay, reminder: 7 * 60 + 30,
            keep: 0.85),
        Template(
            name: "Drink water", icon: "💧", measure: .count(target: 8, unit: "glasses"), schedule: .everyDay,
            reminder: nil, keep: 0.8),
        Template(name: "Meditation", icon: "🧘", measure: .binary, schedule: .everyDay, reminder: 21 * 60, keep: 0.7),
        Template(
            name: "Strength session", icon: "🏋️", measure: .binary, schedule: .timesPerWeek(3), reminder: nil, keep: 0.9),
        Template(
            name: "Evening stretch", icon: "🤸", measure: .binary, schedule: .days([2, 4, 6]), reminder: 20 * 60,
            keep: 0.75),
    ]

    static let extraNames = [
        "Reading", "Journaling", "Vitamins", "Floss", "Cold shower", "No sugar", "Plan tomorrow", "Sunlight",
        "Walk outside", "Breathing", "Gratitude", "Stairs", "Posture", "Language practice", "Tidy desk",
    ]

    /// `days` of history ending the day before `today`; today is left for the person to tap.
    public init(
        scale: DemoScale, today: LocalDate, timeZone: TimeZone, ids: IDGenerator, seed: UInt64 = 2026, createdAt: Date
    ) {
        var templates = Self.everyday
        if scale == .heavy {
            templates += Self.extraNames.enumerated().map { index, name in
                Template(
                    name: name, icon: "✓", measure: index % 3 == 0 ? .count(target: 3, unit: "") : .binary,
                    schedule: index % 4 == 0 ? .timesPerWeek(4) : .everyDay, reminder: nil, keep: 0.6 + Double(index % 4) * 0.1)
            }
        }
        let days = scale == .heavy ? scale.days : 120
        let start = today.adding(days: -days)
        var random = SeededRandom(seed: seed)
        var habits: [Habit] = []
        var checkIns: [HabitCheckIn] = []
        for (index, template) in templates.enumerated() {
            // The later habits came along later, as people add habits over time.
            let startedOn = start.adding(days: index < 3 ? 0 : min(index * 9, days - 14))
            let habit = Habit(
                id: ids.make(), name: template.name, icon: template.icon, measure: template.measure,
                schedule: template.schedule, reminderMinutes: template.reminder, startedOn: startedOn, createdAt: createdAt)
            habits.append(habit)
            var day = startedOn
            while day < today {
                if let checkIn = Self.checkIn(
                    template, habit, on: day, zone: timeZone, days: day.days(since: start), of: days, &random)
                {
                    checkIns.append(checkIn)
                }
                day = day.adding(days: 1)
            }
        }
        self.habits = habits
        self.checkIns = checkIns
    }

    private static func checkIn(
        _ template: Template, _ habit: Habit, on day: LocalDate, zone: TimeZone, days index: Int, of total: Int,
        _ random: inout SeededRandom
    ) -> HabitCheckIn? {
        let weekday = day.weekday
        var keep = template.keep
        if weekday == 4 { keep -= 0.2 }  // Wednesdays are busy.
        if weekday == 1 || weekday == 7 { keep += 0.08 }
        // The second month's holiday: routines lapse for ten days.
        let holiday = (total - 80)..<(total - 70)
        if holiday.contains(index) { keep -= 0.45 }
        // Habits stick better as weeks go by.
        keep += 0.1 * Double(index) / Double(max(total, 1))
        if case .timesPerWeek(let times) = template.schedule, random.unit() > Double(times) / 7 + 0.1 { return nil }
        if case .days(let days) = template.schedule, !days.contains(weekday) { return nil }
        // The hour of the check-in (morning habits in the morning), so insights can read a time of day.
        let hour = template.reminder.map { $0 / 60 } ?? (weekday == 1 || weekday == 7 ? 10 : 18)
        let time = day.start(in: zone).addingTimeInterval(TimeInterval(hour * 3600 + Int(random.unit() * 3600)))
        let roll = random.unit()
        if roll < keep {
            return HabitCheckIn(habitID: habit.id, day: day, state: .done, amount: habit.measure.target, recordedAt: time)
        }
        if roll < keep + 0.05 {
            return HabitCheckIn(habitID: habit.id, day: day, state: .skipped, amount: 0, recordedAt: time)
        }
        if habit.measure != .binary, roll < keep + 0.2 {
            let amount = max(1, Int(Double(habit.measure.target) * random.uniform(0.3...0.8)))
            return .amount(amount, of: habit, on: day, at: time)
        }
        return nil
    }
}
