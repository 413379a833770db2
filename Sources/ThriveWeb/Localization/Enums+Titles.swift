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
