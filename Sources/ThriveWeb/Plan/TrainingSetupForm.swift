import Foundation
import ThriveCore

/// Pillars › Fitness › Training plan › Your set-up: the training preferences a person could until now
/// change only through the API (spec 004, §8): emphasis, sessions and their length, equipment,
/// injuries, a serious condition (the program then asks for a physician's sign-off), skipping warm-ups
/// (with its warning), and a measured maximum heart rate for the exercise alert.
struct TrainingSetupForm: Sendable {
    let emphasis: [Choice]
    let equipment: [Choice]
    let injuries: [Choice]
    let sessionsPerWeek: String
    let sessionMinutes: String
    let maximumHeartRate: String
    let skipWarmUp: Bool
    let seriousCondition: Bool
    var error: String?
    var errorField: String?

    init(_ preferences: TrainingPreferences) {
        emphasis = Choice.list(
            "emphasis", TrainingPreferences.Emphasis.allCases.map { ($0.rawValue, t("onboarding.emphasis.\($0.rawValue)")) },
            checked: [preferences.emphasis.rawValue], multiple: false)
        equipment = Choice.list(
            "equipment", Equipment.allCases.map { ($0.rawValue, t("setup.equipment.\($0.rawValue)")) },
            checked: Set(preferences.equipment.map(\.rawValue)), multiple: true)
        injuries = Choice.list(
            "injury", InjuryArea.allCases.map { ($0.rawValue, t("setup.area.\($0.rawValue)")) },
            checked: Set(preferences.injuries.map(\.rawValue)), multiple: true)
        sessionsPerWeek = String(preferences.sessionsPerWeek)
        sessionMinutes = String(preferences.sessionMinutes)
        maximumHeartRate = preferences.maximumHeartRate.map(String.init) ?? ""
        skipWarmUp = preferences.skipWarmUp
        seriousCondition = preferences.seriousCondition
    }

    /// The update a sent form asks for; a number that is not one is refused with its field.
    static func update(from form: FormFields) throws(ValidationError) -> PreferencesUpdate.Training {
        func number(_ name: String, _ what: String) throws(ValidationError) -> Int? {
            guard let text = form[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            guard let value = Int(text) else {
                throw ValidationError(field: name, Phrase("invalid.wholeNumberOnly", ["what": .phrase(Phrase("field.\(what)"))]))
            }
            return value
        }
        var training = PreferencesUpdate.Training()
        training.emphasis = form["emphasis"].flatMap(TrainingPreferences.Emphasis.init(rawValue:))
        training.sessionsPerWeek = try number("sessionsPerWeek", "sessionsPerWeekField")
        training.sessionMinutes = try number("sessionMinutes", "sessionMinutesField")
        training.maximumHeartRate = try number("maximumHeartRate", "maximumHeartRate") ?? 0
        training.equipment = form.all("equipment").compactMap(Equipment.init(rawValue:))
        training.injuries = form.all("injury").compactMap(InjuryArea.init(rawValue:))
        training.skipWarmUp = form["skipWarmUp"] == "true"
        training.seriousCondition = form["seriousCondition"] == "true"
        return training
    }
}
