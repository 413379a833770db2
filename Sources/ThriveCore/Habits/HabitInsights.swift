import Foundation

/// What stands out in a person's habits, each as a sentence only when the data says it clearly:
/// the best and the hardest day of the week (eight weeks, a gap of at least 15 points), the time of
/// day most check-ins happen (at least 10 done, half of them in one part of the day), how
/// consistency moved against the 30 days before (5 points or more), and the habit that needs the
/// most care (under 60 % over 30 days, with at least 10 days asked).
struct HabitInsights {
    let habits: [Habit]
    let rows: [HabitProgress.Row]
    let month: HabitCompletion
    let previousMonth: HabitCompletion
    let checkIns: [HabitCheckIn]
    /// The 56 days before today.
    let days: [HabitProgress.Day]
    let zone: TimeZone

    static let weekdayGap = 0.15
    static let minimumDone = 10
    static let consistencyStep = 5
    static let careBelow = 0.6

    var phrases: [Phrase] {
        [consistency, weekdays, timeOfDay, care].flatMap { $0 }
    }

    private var consistency: [Phrase] {
        guard let now = month.rate, let before = previousMonth.rate, previousMonth.expected >= 10 else { return [] }
        let change = Int((now * 100).rounded()) - Int((before * 100).rounded())
        guard abs(change) >= Self.consistencyStep else { return [] }
        return [
            Phrase(
                change > 0 ? "habitInsight.consistencyUp" : "habitInsight.consistencyDown",
                [
                    "points": .integer(abs(change)), "before": .integer(Int((before * 100).rounded())),
                    "now": .integer(Int((now * 100).rounded())),
                ])
        ]
    }

    private var weekdays: [Phrase] {
        var sums = [Int: HabitCompletion]()
        var counted = [Int: Int]()
        for day in days where day.completion.expected > 0 {
            sums[day.date.weekday, default: HabitCompletion()] =
                sums[day.date.weekday, default: HabitCompletion()] + day.completion
            counted[day.date.weekday, default: 0] += 1
        }
        let rates = sums.compactMap { weekday, sum in
            (counted[weekday] ?? 0) >= 4 ? sum.rate.map { (weekday, $0) } : nil
        }
        guard rates.count >= 5, let best = rates.max(by: { ($0.1, -$0.0) < ($1.1, -$1.0) }),
            let worst = rates.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 - worst.1 >= Self.weekdayGap
        else { return [] }
        return [
            Phrase(
                "habitInsight.bestDay",
                ["weekday": .phrase(Phrase("weekday.\(best.0)")), "percent": .integer(Int((best.1 * 100).rounded()))]),
            Phrase(
                "habitInsight.hardestDay",
                ["weekday": .phrase(Phrase("weekday.\(worst.0)")), "percent": .integer(Int((worst.1 * 100).rounded()))]),
        ]
    }

    /// Morning 5–12, afternoon 12–17, evening 17–22, night otherwise, in the person's zone.
    private var timeOfDay: [Phrase] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let first = days.first?.date else { return [] }
        let hours = checkIns.filter { $0.state == .done && $0.day >= first }.map {
            calendar.component(.hour, from: $0.recordedAt)
        }
        guard hours.count >= Self.minimumDone else { return [] }
        let parts = Dictionary(grouping: hours) { hour -> String in
            switch hour {
            case 5..<12: "morning"
            case 12..<17: "afternoon"
            case 17..<22: "evening"
            default: "night"
            }
        }
        guard let top = parts.max(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }), top.value.count * 2 >= hours.count
        else { return [] }
        return [
            Phrase(
                "habitInsight.timeOfDay",
                [
                    "part": .phrase(Phrase("habitInsight.part.\(top.key)")),
                    "percent": .integer(top.value.count * 100 / hours.count),
                ])
        ]
    }

    private var care: [Phrase] {
        let candidates = rows.filter { $0.habit.status == .active && $0.month.expected >= 10 }
        guard let weakest = candidates.min(by: { ($0.month.rate ?? 1) < ($1.month.rate ?? 1) }),
            let rate = weakest.month.rate, rate < Self.careBelow
        else { return [] }
        return [
            Phrase(
                "habitInsight.care", ["name": .text(weakest.habit.name), "percent": .integer(Int((rate * 100).rounded()))])
        ]
    }
}
