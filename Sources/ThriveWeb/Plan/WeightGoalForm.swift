import Foundation
import ThriveCore

/// A weight to reach and a date, as the plan page and onboarding's optional step take them: the
/// weight in the person's units, both fields or neither.
enum WeightGoalForm {
    /// The goal the form asks for, or nil when both fields are blank.
    static func goal(_ form: FormFields, units: UnitSystem) throws(ValidationError) -> PreferencesUpdate.Goal? {
        let day = form.text("targetDate")
        let number = try form.number("targetWeight", label: t("field.targetWeight"))
        if number == nil, day == nil { return nil }
        guard let number, let date = day.flatMap(LocalDate.init(iso8601:)) else {
            throw ValidationError(field: number == nil ? "targetWeight" : "targetDate", message: t("planGoal.incomplete"))
        }
        return PreferencesUpdate.Goal(
            targetKilograms: units == .metric ? number : number * Mass.kilogramsPerPound, date: date)
    }
}
