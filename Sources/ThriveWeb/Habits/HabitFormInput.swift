import Foundation
import ThriveCore

/// The habit form's fields as the habit rules take them: a draft for a new habit, a change that
/// sets every field for an existing one.
enum HabitFormInput {
    /// The form as a draft, with every problem of every field found at once.
    static func draft(_ form: FormFields) throws(ValidationErrors) -> HabitDraft {
        var problems = ValidationProblems()
        let measure = form.text("measure") ?? "binary"
        let schedule = problems.check { () throws(ValidationError) -> (weekdays: [Int]?, times: Int?) in
            try Self.schedule(form)
        }
        let target = problems.check { () throws(ValidationError) -> Int? in
            measure == "binary" ? nil : try whole(form, "target", label: t("habitForm.target"))
        }
        let draft = HabitDraft(
            name: form.text("name") ?? "", icon: form.text("icon"), measure: measure, target: target ?? nil,
            unit: measure == "count" ? form.text("unit") : nil, weekdays: schedule?.weekdays,
            timesPerWeek: schedule?.times, reminder: form.text("reminder"))
        for problem in draft.problems() { problems.add(problem) }
        try problems.finish()
        return draft
    }

    static func change(_ form: FormFields) throws(ValidationErrors) -> HabitChange {
        let draft = try draft(form)
        return HabitChange(
            name: draft.name, icon: draft.icon ?? "", measure: draft.measure, target: draft.target, unit: draft.unit ?? "",
            weekdays: draft.weekdays ?? (draft.timesPerWeek == nil ? Array(1...7) : nil), timesPerWeek: draft.timesPerWeek,
            reminder: draft.reminder ?? "")
    }

    /// Every day, the ticked days, or a number a week.
    private static func schedule(_ form: FormFields) throws(ValidationError) -> (weekdays: [Int]?, times: Int?) {
        switch form.text("schedule") ?? "everyDay" {
        case "days": return (form.all("weekdays").compactMap { Int($0) }, nil)
        case "timesPerWeek":
            guard let times = try whole(form, "timesPerWeek", label: t("habitForm.timesPerWeek")) else {
                throw .range("timesPerWeek", "habitTimes", 1, 7)
            }
            return (nil, times)
        default: return (nil, nil)
        }
    }

    private static func whole(_ form: FormFields, _ name: String, label: String) throws(ValidationError) -> Int? {
        guard let value = try form.number(name, label: label) else { return nil }
        guard value == value.rounded(), abs(value) < 1_000_000 else {
            throw ValidationError(field: name, message: t("form.wholeNumber", ["label": label]))
        }
        return Int(value)
    }
}
