import Foundation
import ThriveCore

/// Pillars › Fitness › Training plan › Your set-up: the training preferences a person could until now
/// change only through the API (spec 004, §8): emphasis, sessions and their length, equipment,
/// injuries, a serious condition (the program then asks for a physician's sign-off), skipping warm-ups
/// (with its warning), a measured maximum heart rate for the exercise alert, and the load steps of the
/// person's own equipment. A refused form says every problem at once, each beside its field.
struct TrainingSetupForm: Sendable {
    let emphasis: [Choice]
    let equipment: [Choice]
    let injuries: [Choice]
    let fields: [FormControl]
    let loadSteps: [FormControl]
    let maximumHeartRateField: InputField
    let skipWarmUp: Bool
    let seriousCondition: Bool
    let errors: FormErrors

    /// The load step fields by equipment, as the form names them.
    static let stepFields = ["barbell", "dumbbell", "kettlebell", "machine"].map { "loadSteps.\($0)" }

    /// The person's set-up, or what they sent when it was refused (`form`, with its `errors`).
    init(_ preferences: TrainingPreferences, units: UnitSystem, form: FormFields? = nil, errors: FormErrors = FormErrors()) {
        self.errors = errors
        let sent = form.map { Set($0.all("equipment")) }
        emphasis = Choice.list(
            "emphasis", TrainingPreferences.Emphasis.allCases.map { ($0.rawValue, t("onboarding.emphasis.\($0.rawValue)")) },
            checked: [form?["emphasis"] ?? preferences.emphasis.rawValue], multiple: false)
        equipment = Choice.list(
            "equipment", Equipment.allCases.map { ($0.rawValue, t("setup.equipment.\($0.rawValue)")) },
            checked: sent ?? Set(preferences.equipment.map(\.rawValue)), multiple: true)
        injuries = Choice.list(
            "injury", InjuryArea.allCases.map { ($0.rawValue, t("setup.area.\($0.rawValue)")) },
            checked: form.map { Set($0.all("injury")) } ?? Set(preferences.injuries.map(\.rawValue)), multiple: true)
        func value(_ name: String, _ kept: String) -> String { form?[name] ?? kept }
        fields = [
            .text(
                InputField(
                    "sessionsPerWeek", t("setup.sessionsPerWeek"),
                    value: value("sessionsPerWeek", String(preferences.sessionsPerWeek)), errors: errors,
                    hint: t("setup.sessionsHint"), type: "number", decimal: false, narrow: true)),
            .text(
                InputField(
                    "sessionMinutes", t("setup.sessionMinutes"),
                    value: value("sessionMinutes", String(preferences.sessionMinutes)), errors: errors, type: "number",
                    decimal: false, narrow: true)),
        ]
        let steps = preferences.loadSteps ?? .defaults(for: units)
        let kept = [steps.barbell, steps.dumbbell, steps.kettlebell, steps.machine]
        let unit = units == .metric ? "kg" : "lb"
        loadSteps = zip(Self.stepFields, kept).map { name, step in
            .text(
                InputField(
                    name, t("setup.\(name)"), unit: unit,
                    value: value(name, DisplayFormat.plain(units == .metric ? step.kilograms : step.pounds, digits: 2)),
                    errors: errors, narrow: true))
        }
        maximumHeartRateField = InputField(
            "maximumHeartRate", t("setup.maximumHeartRate"), unit: t("onboarding.unit.optional"),
            value: value("maximumHeartRate", preferences.maximumHeartRate.map { "\($0)" } ?? ""), errors: errors,
            hint: t("setup.maximumHeartRateHint"), type: "number", decimal: false, narrow: true)
        skipWarmUp = form.map { $0["skipWarmUp"] == "true" } ?? preferences.skipWarmUp
        seriousCondition = form.map { $0["seriousCondition"] == "true" } ?? preferences.seriousCondition
    }

    /// The update a sent form asks for, checked against `current` as a whole: every number that is
    /// not one and every value out of its range is refused together, each with its field.
    static func update(
        from form: FormFields, current: TrainingPreferences, units: UnitSystem
    ) throws(ValidationErrors) -> PreferencesUpdate.Training {
        var problems = ValidationProblems()
        func whole(_ name: String, _ what: String) -> Int? {
            problems.check { () throws(ValidationError) -> Int? in
                guard let text = form[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
                guard let value = Int(text) else {
                    throw ValidationError(
                        field: name, Phrase("invalid.wholeNumberOnly", ["what": .phrase(Phrase("field.\(what)"))]))
                }
                return value
            } ?? nil
        }
        var training = PreferencesUpdate.Training()
        training.emphasis = form["emphasis"].flatMap(TrainingPreferences.Emphasis.init(rawValue:))
        training.sessionsPerWeek = whole("sessionsPerWeek", "sessionsPerWeekField")
        training.sessionMinutes = whole("sessionMinutes", "sessionMinutesField")
        training.maximumHeartRate = whole("maximumHeartRate", "maximumHeartRate") ?? 0
        training.equipment = form.all("equipment").compactMap(Equipment.init(rawValue:))
        training.injuries = form.all("injury").compactMap(InjuryArea.init(rawValue:))
        training.skipWarmUp = form["skipWarmUp"] == "true"
        training.seriousCondition = form["seriousCondition"] == "true"
        let steps = stepFields.map { name in
            problems.check { () throws(ValidationError) -> Mass? in
                try form.number(name, label: t("setup.\(name)")).map {
                    units == .metric ? Mass(kilograms: $0) : Mass(pounds: $0)
                }
            } ?? nil
        }
        let defaults = LoadSteps.defaults(for: units)
        let chosen = LoadSteps(
            barbell: steps[0] ?? defaults.barbell, dumbbell: steps[1] ?? defaults.dumbbell,
            kettlebell: steps[2] ?? defaults.kettlebell, machine: steps[3] ?? defaults.machine)
        // The common steps are kept as "none of my own", so they follow a change of units.
        if Self.same(chosen, defaults) { training.commonLoadSteps = true } else { training.loadSteps = chosen }
        for problem in training.applied(to: current).problems() { problems.add(problem) }
        try problems.finish()
        return training
    }

    /// Equal to the gram, as typed in either unit.
    private static func same(_ one: LoadSteps, _ other: LoadSteps) -> Bool {
        let grams = { (steps: LoadSteps) in
            [steps.barbell, steps.dumbbell, steps.kettlebell, steps.machine].map { ($0.kilograms * 1_000).rounded() }
        }
        return grams(one) == grams(other)
    }
}
