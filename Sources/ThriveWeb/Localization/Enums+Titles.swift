import ThriveCore

/// Names of stored values (answers, activity types) in the request's language, by their raw value.
extension Allergy {
    var title: String { t("allergy.\(rawValue)") }
}

extension Diet {
    var title: String { t("diet.\(rawValue)") }
}

extension MedicalCondition {
    var title: String { t("condition.\(rawValue)") }
}

extension HealthGoal {
    var title: String { t("healthGoal.\(rawValue)") }
}

extension ActivityLevel {
    var title: String { t("activityLevel.\(rawValue)") }
}

extension MealSlot {
    /// "Breakfast", "Snack": the meal in a list of choices.
    var title: String { t("meal.slot.\(rawValue)") }
    /// "Breakfast", "Snacks": the meal heading its entries.
    var heading: String { t("meals.heading.\(rawValue)") }
}

extension WorkoutActivityType {
    /// "Run", "Strength training", … in the request's language.
    var title: String { t("activityType.\(rawValue)") }
}

extension BodyMassIndex.Category {
    /// The WHO category's name: "Healthy weight", "Obesity class 1".
    public var title: String { t("bmi.\(rawValue)") }
}

extension RecordKind {
    /// "Steps", "Meals and snacks": a kind of record as the Your data page lists it.
    var title: String {
        switch self {
        case .quantity(let type): type.title
        case .category(let type): t("recordKind.\(type.shortName)")
        default: t("recordKind.\(identifier)")
        }
    }
}

extension QuantityType {
    var title: String { t("recordKind.\(shortName)") }
}

extension OnboardingStep {
    /// "Your privacy", "Where you start": the step in the page title.
    var title: String { t("onboarding.step.\(rawValue)") }
}
