import ThriveCore

/// The onboarding answers' names in the request's language, by their stored values.
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
