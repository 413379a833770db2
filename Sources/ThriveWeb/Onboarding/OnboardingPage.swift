import Foundation
import ThriveCore

/// A radio button or checkbox with its label.
struct Choice: Sendable {
    let id: String
    let name: String
    let value: String
    let label: String
    let checked: Bool
    let type: String

    static func list(
        _ name: String, _ options: [(value: String, label: String)], checked: Set<String>, multiple: Bool
    ) -> [Choice] {
        options.map { option in
            Choice(
                id: "\(name)-\(option.value)", name: name, value: option.value, label: option.label,
                checked: checked.contains(option.value), type: multiple ? "checkbox" : "radio")
        }
    }
}

/// One step of onboarding with the progress through all of them. Values come from what the person
/// typed (a refused form) or from what is stored (resuming).
struct OnboardingPage: Sendable {
    struct StepItem: Sendable {
        let number: Int
        let title: String
        let isDone: Bool
        let isCurrent: Bool
    }

    let step: String
    let stepTitle: String
    let stepNumber: Int
    let stepCount: Int
    let steps: [StepItem]
    let isConsent: Bool
    let isProfile: Bool
    let isOptional: Bool
    let isDataSource: Bool
    let isBaseline: Bool
    let isPlan: Bool
    let consentVersion = ConsentTerms.version
    var errors: FormErrors
    var fields: [FormControl] = []
    var sex: [Choice] = []
    var allergies: [Choice] = []
    var otherAllergies = ""
    var diets: [Choice] = []
    var conditions: [Choice] = []
    var goals: [Choice] = []
    var activity: [Choice] = []
    var emphasis: [Choice] = []
    var sources: [Choice] = []
    /// Providers the person can connect on the data step, with what each shares (spec 004, step 5).
    var deviceOffers: [DevicesPage.Offer] = []
    var hasDeviceOffers = false
    /// "Connected: Fitbit".
    var devicesConnected: String?
    var liftGroups: [BaselineLifts.Group] = []
    var weightGoal: WeightGoalFields?
    var nutrition: NutritionPlanPage?
    var training: TrainingPlanPage?
    var metric = true

    init(step: OnboardingStep, state: OnboardingState, errors: FormErrors = FormErrors()) {
        self.step = step.rawValue
        stepTitle = step.title
        let all = OnboardingStep.allCases
        stepNumber = (all.firstIndex(of: step) ?? 0) + 1
        stepCount = all.count
        steps = all.enumerated().map { index, item in
            StepItem(
                number: index + 1, title: item.title, isDone: state.progress.isDone(item, profile: state.profile),
                isCurrent: item == step)
        }
        isConsent = step == .consent
        isProfile = step == .profile
        isOptional = step == .optional
        isDataSource = step == .dataSource
        isBaseline = step == .baseline
        isPlan = step == .plan
        self.errors = errors
        metric = state.profile.unitSystem == .metric
    }
}

extension OnboardingPage {
    /// The values of a step's form: as typed when given, else from what is stored.
    struct Values {
        var single: [String: String]
        var lists: [String: Set<String>]

        init(form: FormFields?) {
            single = form?.values ?? [:]
            lists = [:]
            for name in ["allergy", "diet", "condition", "goal"] {
                if let form { lists[name] = Set(form.all(name)) }
            }
        }
    }

    mutating func fillProfile(_ state: OnboardingState, form: FormFields?) {
        var values = Values(form: form)
        let profile = state.profile
        if form == nil {
            values.single["dateOfBirth"] = profile.dateOfBirth?.description
            values.single["sex"] = profile.sex?.rawValue
            if let height = profile.height {
                if metric {
                    values.single["heightCm"] = DisplayFormat.decimal(height.centimetres, digits: 0)
                } else {
                    let inches = Int(height.totalInches.rounded())
                    values.single["heightFeet"] = String(inches / 12)
                    values.single["heightInches"] = String(inches % 12)
                }
            }
            if let weight = profile.weight {
                values.single["weight"] = DisplayFormat.decimal(metric ? weight.kilograms : weight.pounds)
            }
            if let details = state.progress.details {
                values.lists["allergy"] = Set(details.allergies.map(\.rawValue) + (details.allergies.isEmpty ? ["none"] : []))
                values.lists["diet"] = Set(details.diets.map(\.rawValue))
                values.lists["condition"] = Set(
                    details.conditions.map(\.rawValue) + (details.conditions.isEmpty ? ["none"] : []))
                values.lists["goal"] = Set(details.goals.map(\.rawValue))
                values.single["otherAllergies"] = details.otherAllergies
            }
        }
        var fields: [FormControl] = [
            .text(
                InputField(
                    "dateOfBirth", t("onboarding.field.dateOfBirth"), value: values.single["dateOfBirth"] ?? "", errors: errors,
                    type: "date",
                    decimal: false, narrow: true))
        ]
        if metric {
            fields.append(
                .text(
                    InputField(
                        "heightCm", t("onboarding.field.height"), unit: "cm", value: values.single["heightCm"] ?? "",
                        errors: errors, narrow: true)))
        } else {
            fields.append(
                .text(
                    InputField(
                        "heightFeet", t("onboarding.field.height"), unit: "ft", value: values.single["heightFeet"] ?? "",
                        errors: errors, narrow: true
                    )))
            fields.append(
                .text(
                    InputField(
                        "heightInches", t("onboarding.field.heightInches"), unit: "in",
                        value: values.single["heightInches"] ?? "", errors: errors,
                        narrow: true)))
        }
        fields.append(
            .text(
                InputField(
                    "weight", t("onboarding.field.weight"), unit: metric ? "kg" : "lb", value: values.single["weight"] ?? "",
                    errors: errors,
                    narrow: true)))
        self.fields = fields
        sex = Choice.list(
            "sex", [("female", t("onboarding.sex.female")), ("male", t("onboarding.sex.male"))],
            checked: Set([values.single["sex"] ?? ""]), multiple: false)
        allergies = Choice.list(
            "allergy", [("none", t("allergy.none"))] + Allergy.allCases.map { ($0.rawValue, $0.title) },
            checked: values.lists["allergy"] ?? [], multiple: true)
        otherAllergies = values.single["otherAllergies"] ?? ""
        diets = Choice.list(
            "diet", Diet.allCases.map { ($0.rawValue, $0.title) }, checked: values.lists["diet"] ?? [], multiple: true)
        conditions = Choice.list(
            "condition", [("none", t("condition.none"))] + MedicalCondition.allCases.map { ($0.rawValue, $0.title) },
            checked: values.lists["condition"] ?? [], multiple: true)
        goals = Choice.list(
            "goal", HealthGoal.allCases.map { ($0.rawValue, $0.title) }, checked: values.lists["goal"] ?? [],
            multiple: true)
    }

    mutating func fillOptional(_ preferences: PlanPreferences, units: UnitSystem, today: LocalDate, form: FormFields?) {
        let values = Values(form: form).single
        activity = Choice.list(
            "activity", ActivityLevel.allCases.map { ($0.rawValue, $0.title) },
            checked: [values["activity"] ?? preferences.activity.rawValue], multiple: false)
        emphasis = Choice.list(
            "emphasis",
            [
                ("strength", t("onboarding.emphasis.strength")), ("cardio", t("onboarding.emphasis.cardio")),
                ("hybrid", t("onboarding.emphasis.hybrid")),
            ],
            checked: [values["emphasis"] ?? preferences.training.emphasis.rawValue], multiple: false)
        fields = [
            .text(
                InputField(
                    "sessionsPerWeek", t("onboarding.field.sessionsPerWeek"),
                    value: values["sessionsPerWeek"] ?? String(preferences.training.sessionsPerWeek),
                    errors: errors, hint: t("onboarding.hint.sessionsPerWeek"), narrow: true)),
            .text(
                InputField(
                    "sessionMinutes", t("onboarding.field.sessionMinutes"),
                    value: values["sessionMinutes"] ?? String(preferences.training.sessionMinutes),
                    errors: errors, hint: t("onboarding.hint.sessionMinutes"), narrow: true)),
        ]
        let goal = preferences.weightGoal
        weightGoal = WeightGoalFields(
            weight: InputField(
                "targetWeight", t("field.targetWeight"), unit: units == .metric ? "kg" : "lb",
                value: values["targetWeight"]
                    ?? goal.map { DisplayFormat.plain(units == .metric ? $0.target.kilograms : $0.target.pounds) } ?? "",
                errors: errors, narrow: true),
            date: values["targetDate"] ?? goal?.date.iso8601 ?? "", earliest: today.adding(days: 7).iso8601,
            error: errors["targetDate"])
    }

    mutating func fillDataSource(
        _ progress: OnboardingProgress, form: FormFields?, offered: [DeviceProvider] = [], connected: [DeviceProvider] = []
    ) {
        let chosen = form?.text("source") ?? progress.dataSource?.rawValue ?? (connected.isEmpty ? "" : "device")
        var options = [
            ("manual", t("onboarding.source.manual")),
            ("deviceLater", t("onboarding.source.deviceLater")),
        ]
        if !connected.isEmpty {
            options.insert(("device", t(Phrase("onboarding.source.device", ["names": .names(connected.map(\.brand))]))), at: 0)
            devicesConnected = t(Phrase("onboarding.devicesConnected", ["names": .names(connected.map(\.brand))]))
        }
        sources = Choice.list("source", options, checked: [chosen], multiple: false)
        deviceOffers = offered.filter { !connected.contains($0) }.map(DevicesPage.offer)
        hasDeviceOffers = !deviceOffers.isEmpty
    }

    mutating func fillBaseline(_ progress: OnboardingProgress, form: FormFields?) {
        let values = Values(form: form).single
        let stored = progress.baseline
        fields = [
            .text(
                InputField(
                    "pushUps", t("onboarding.field.pushUps"), value: values["pushUps"] ?? stored.map { String($0.pushUps) } ?? "",
                    errors: errors,
                    hint: t("onboarding.hint.pushUps"), narrow: true)),
            .text(
                InputField(
                    "plankSeconds", t("onboarding.field.plankSeconds"), unit: t("onboarding.unit.secondsOptional"),
                    value: values["plankSeconds"] ?? stored?.plankSeconds.map { "\($0)" } ?? "",
                    errors: errors, narrow: true)),
        ]
        // A stored lift shows as its estimated maximum for one repetition, which is what was kept.
        liftGroups = BaselineLifts.exercises.map { exercise in
            let kept = stored?.oneRepMax(of: exercise.id).map { DisplayFormat.plain(metric ? $0.kilograms : $0.pounds) }
            let load = BaselineLifts.loadField(exercise.id)
            let reps = BaselineLifts.repsField(exercise.id)
            return BaselineLifts.Group(
                legend: exercise.name(),
                fields: [
                    .text(
                        InputField(
                            load, t("onboarding.field.liftLoad"),
                            unit: t(metric ? "onboarding.unit.kgOptional" : "onboarding.unit.lbOptional"),
                            value: values[load] ?? kept ?? "", errors: errors, narrow: true)),
                    .text(
                        InputField(
                            reps, t("onboarding.field.liftReps"), unit: t("onboarding.unit.optional"),
                            value: values[reps] ?? (kept == nil ? "" : "1"), errors: errors, narrow: true)),
                ])
        }
    }
}

/// Onboarding's optional weight goal: the target in the person's units and the day to reach it.
struct WeightGoalFields: Sendable {
    let weight: InputField
    let date: String
    /// A week from today, the soonest a goal can be.
    let earliest: String
    let error: String?
}
