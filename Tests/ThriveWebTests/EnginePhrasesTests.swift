import Foundation
import Testing
import ThriveCore

@testable import ThriveWeb

/// The engines speak in phrases (a catalog key and values); every phrase they can say must be in
/// every language, and the person reads it in theirs, on the pages and through the API.
@Suite("Engine phrases in every language")
struct EnginePhrasesTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)!
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// Scores and cards for a person with no data, and for two months of the demo person's days,
    /// with and without a plan and a weight.
    static func everythingSaid() -> [Phrase] {
        let generator = DemoDataGenerator(lastDay: today, timeZone: zone, ids: .seeded(3))
        var days: [DayMetrics] = []
        for index in (generator.dayCount - 60)..<generator.dayCount {
            let day = generator.day(index)
            var metrics = DayMetrics(date: day.date)
            for sample in day.records.quantitySamples where sample.type == .stepCount {
                metrics.quantities[.stepCount, default: [:]][sample.source] = Aggregate(
                    sum: sample.value, mean: sample.value, minimum: sample.value, maximum: sample.value, count: 1)
            }
            days.append(metrics)
        }
        let plan = try? NutritionEngine.plan(
            for: NutritionInput(
                sex: .female, age: 34, height: Length(centimetres: 168), weight: Mass(kilograms: 64), activity: .moderate,
                goal: .maintain))
        var phrases: [Phrase] = InsightEngine.insights(today: today, days: HealthDays(days)).map(\.sentence)
        phrases += alarming().flatMap { [$0.condition.title, $0.evidence] + $0.message }
        phrases += [SafetyCondition.emergencyAdvice, .literal("Stored before phrases")]
        phrases += InsightEngine.metricKeys.flatMap {
            [Phrase("insight.metric.\($0)"), Phrase("insight.value.\($0)", ["value": .integer(1)])]
        }
        for insight in ["sleepSteps", "sleepMood", "workoutsMood"] {
            for sign in ["together", "apart"] {
                phrases.append(
                    Phrase("insight.correlation.\(insight).\(sign)", ["r": .decimal(0.4, digits: 2), "days": .integer(30)]))
            }
        }
        for health in [HealthDays([]), HealthDays(days)] {
            for (weight, target) in [(nil, nil), (Mass(kilograms: 64), plan?.calories)] as [(Mass?, Int?)] {
                let scores = PillarScoreEngine.scores(
                    date: today, days: health,
                    inputs: ScoreInputs(
                        calorieTarget: target, calorieFloor: plan?.calorieFloor, weight: weight, sex: .female,
                        weeklySessionTarget: 4))
                phrases += scores.flatMap { $0.explanation + $0.components.flatMap { [$0.name, $0.detail] } }
                let cards = KPIEngine.cards(
                    date: today, days: health,
                    inputs: KPIInputs(
                        plan: target == nil ? nil : plan, weight: weight, weeklySessionTarget: 4, plannedStrengthSessions: 3,
                        plannedCardioSessions: 2))
                phrases += cards.flatMap { [$0.title, $0.value, $0.detail, $0.status.label] + $0.actions }
            }
        }
        return phrases
    }

    /// Days that set off every critical condition of the safety monitor.
    static func alarming() -> [SafetyFinding] {
        let watch = SampleSource(name: "Apple Watch", kind: .device)
        func aggregate(_ value: Double) -> Aggregate {
            Aggregate(sum: value, mean: value, minimum: value, maximum: value, count: 1)
        }
        let days = (0..<14).map { back -> DayMetrics in
            let date = today.adding(days: -back)
            var day = DayMetrics(date: date)
            day.quantities[.bodyMass] = [watch: aggregate(80 + Double(back) * 0.3)]
            day.nightOxygen = [watch: Aggregate(sum: 0, mean: 0.92, minimum: 0.88, maximum: 0.95, count: 60)]
            day.food = FoodDay(
                energyKilocalories: 600, proteinGrams: 20, carbohydrateGrams: 60, fatGrams: 20, entries: 3,
                meals: FoodDay.mainMeals)
            let bedtime = date.start(in: zone).addingTimeInterval(-2 * 3_600)
            day.sleep = [
                watch: SleepNight(
                    asleepSeconds: 5 * 3_600, awakenings: 6, inBedStart: bedtime, inBedEnd: bedtime + 8 * 3_600,
                    maximumHeartRate: 104)
            ]
            if back == 0 {
                day.quantities[.restingHeartRate] = [watch: aggregate(120)]
                day.irregularRhythmEvents = 2
                let start = date.start(in: zone).addingTimeInterval(18 * 3_600)
                day.workouts = [
                    WorkoutSummary(
                        id: WorkoutID(UUID()), activityType: .running, start: start, end: start + 1_800, maximumHeartRate: 185)
                ]
            }
            if back == 1 { day.quantities[.restingHeartRate] = [watch: aggregate(45)] }
            return day
        }
        // The lab conditions come from the latest lab result: a spike, and (another person's) low level.
        let labs = [820.0, 50].compactMap { level in
            AATInterpretation.finding(
                latest: LabResult(
                    id: LabResultID(UUID()), owner: UserID(UUID()), kit: KitNumber(digits: "2025110701")!, testDate: today,
                    aat: AATLevel(milligramsPerDeciliter: level), genotype: nil, reportedAt: Date()),
                thresholds: AATThresholds())
        }
        return SafetyMonitor.evaluate(today: today, days: HealthDays(days), age: 40, calorieFloor: 1_200) + labs
    }

    @Test func everyCriticalConditionIsAdvisedWithoutADiagnosisInEveryLanguage() throws {
        let findings = Self.alarming()
        #expect(Set(findings.map(\.condition)) == Set(SafetyCondition.allCases), "\(findings.map(\.condition))")
        let diagnoses = [
            "fibrillation", "afib", "apnea", "apnée", "apnoe", "apneia", "tachycard", "taquicard", "bradycard", "bradykard",
            "arrhythm", "arritm",
        ]
        for language in Language.allCases {
            let said = Localizer.$current.withValue(Localizer(language)) {
                findings.flatMap { [t($0.condition.title), t($0.evidence)] + $0.message.map { t($0) } }
            }
            for text in said {
                #expect(!text.contains("{{"), "\(language): \(text)")
                #expect(!diagnoses.contains { text.lowercased().contains($0) }, "\(language) names no diagnosis: \(text)")
            }
        }
    }

    static func nested(_ phrase: Phrase) -> [Phrase] {
        [phrase]
            + phrase.values.values.flatMap { value -> [Phrase] in
                switch value {
                case .phrase(let inner): nested(inner)
                case .list(let items): items.flatMap(nested)
                default: []
                }
            }
    }

    @Test(arguments: Language.allCases)
    func everyPhraseTheEnginesSayIsInTheLanguage(_ language: Language) throws {
        let catalog = try LanguageCatalogTests.catalog(language)
        let said = Self.everythingSaid().flatMap(Self.nested)
        #expect(Set(said.map(\.key)).count >= 40, "scores and cards in all their states")
        for phrase in said {
            let keys = phrase.values["count"] == nil ? [phrase.key] : ["\(phrase.key).one", "\(phrase.key).other"]
            for key in keys {
                let text = try #require(catalog[key], "\(key) in \(language)")
                let named = LanguageCatalogTests.placeholders(text)
                #expect(named.isSubset(of: Set(phrase.values.keys)), "\(key) in \(language) names only what the engine gives")
            }
            let rendered = Localizer.$current.withValue(Localizer(language)) { t(phrase) }
            #expect(!rendered.contains("{{") && rendered != phrase.key, "\(rendered)")
        }
    }

    @Test func correlationsAreToldAsTendenciesNeverAsCauses() throws {
        let english = try LanguageCatalogTests.catalog(.en)
        let sentences = english.filter { $0.key.hasPrefix("insight.correlation.") }
        #expect(sentences.count == 6)
        for (key, text) in sentences {
            #expect(text.hasSuffix("A pattern, not proof of cause."), "\(key)")
            #expect(!text.contains("because") && !text.contains("causes"), "\(key)")
        }
    }

    @Test func numbersAndListsFollowTheLanguage() {
        let parts = [
            Phrase("score.part", ["name": .phrase(Phrase("score.component.activity")), "value": .integer(100)]),
            Phrase("score.part", ["name": .phrase(Phrase("score.component.sleep")), "value": .integer(85)]),
        ]
        let explanation = Phrase(
            "score.explanation", ["pillar": .phrase(Pillar.fitness.name), "score": .integer(93), "parts": .list(parts)])
        let hydration = Phrase("score.hydration.detail", ["litres": .decimal(1.75, digits: 1), "target": .decimal(2, digits: 1)])
        let steps = Phrase("score.activity.detail", ["steps": .integer(8_450), "target": .integer(8_000)])
        func say(_ language: Language, _ phrase: Phrase) -> String {
            Localizer.$current.withValue(Localizer(language)) { t(phrase) }
        }
        #expect(say(.en, explanation) == "Fitness 93: Activity 100, Sleep 85.")
        #expect(say(.fr, explanation) == "Forme 93 : Activité 100, Sommeil 85.")
        #expect(say(.de, hydration) == "1,8 L Wasser am Tag (Ziel 2,0 L).")
        #expect(say(.de, steps) == "Durchschnittlich 8.450 Schritte am Tag (Ziel 8.000).")
        #expect(
            say(.es, Phrase("score.training.detail", ["count": .integer(1), "target": .integer(4)]))
                == "1 entrenamiento en 7 días (objetivo 4).")
        #expect(
            say(.es, Phrase("score.training.detail", ["count": .integer(3), "target": .integer(4)]))
                == "3 entrenamientos en 7 días (objetivo 4).")
    }

    @Test func onboardingAsksInThePersonsLanguage() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp(onboard: false)
            try await browser.get("/onboarding/consent")
            try await browser.post("/onboarding/consent", form: [("accept", "yes")])
            let german = try await browser.get("/onboarding/profile", headers: [.acceptLanguage: "de"]).text
            for words in ["Geburtsdatum", "Keine Allergien", "Eine Herzerkrankung", "Besser schlafen", "Glutenfrei"] {
                #expect(german.contains(words), "\(words)")
            }
            let noGoal = try await browser.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "65"),
                    ("allergy", "none"), ("condition", "none"),
                ], headers: [.acceptLanguage: "fr"])
            #expect(noGoal.status == .unprocessableContent)
            #expect(noGoal.text.contains("Choisissez au moins un objectif."))
            #expect(noGoal.text.contains("Mieux dormir"), "the choices are French too")
        }
    }

    @Test func workoutFormsAndTheirErrorsInThePersonsLanguage() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let form = try await browser.get("/pillars/fitness/workouts/new", headers: [.acceptLanguage: "de"]).text
            for words in ["Aktivität eintragen", "Begonnen um", "Krafttraining", "Spaziergang"] {
                #expect(form.contains(words), "\(words)")
            }
            let refused = try await browser.post(
                "/pillars/fitness/workouts", form: [("date", "2026-11-22"), ("activity", "running"), ("minutes", "0")],
                headers: [.acceptLanguage: "es"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Un entrenamiento dura entre 1 minuto y 24 horas (1440 minutos)."))
        }
    }

    @Test func mealSlotsAreNamedTheWayEachLanguageSaysThem() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let french = try await browser.get("/pillars/nutrition/meals", headers: [.acceptLanguage: "fr"]).text
            #expect(french.contains("Ajouter au petit-déjeuner"))
            #expect(french.contains("Ajouter aux collations"))
            #expect(french.contains("Rien de noté pour le petit-déjeuner pour l’instant."))
            #expect(!french.contains("Add to") && !french.contains("Nothing logged"), "no English words left")
            #expect(french.contains("Glucides") && french.contains("Il vous reste"), "the day's totals")
            let german = try await browser.get(
                "/pillars/nutrition/meals/add?slot=dinner&date=2026-11-22", headers: [.acceptLanguage: "de"]
            ).text
            #expect(german.contains(#"<h1 id="page-title">Zum Abendessen hinzufügen</h1>"#))
        }
    }

    @Test func theDashboardAndTheAPISpeakThePersonsLanguage() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let home = try await browser.get("/", headers: [.acceptLanguage: "de"])
            #expect(home.text.contains("Trainings diese Woche"))
            #expect(!home.text.contains("Workouts this week"))
            let fitness = try await browser.get("/pillars/fitness", headers: [.acceptLanguage: "de"])
            #expect(fitness.text.contains("Noch nicht genug Daten für einen Fitness-Wert."))
            #expect(fitness.text.contains("Schritte, aktive Minuten, Strecke und Trainings, heute und pro Tag."))
            let nutrition = try await browser.get("/pillars/nutrition", headers: [.acceptLanguage: "de"])
            #expect(nutrition.text.contains("Trag Mahlzeiten aus 8.463 Lebensmitteln ein"), "the count grouped the German way")
            let recovery = try await browser.get("/pillars/fitness/recovery", headers: [.acceptLanguage: "fr"])
            #expect(recovery.text.contains("Pas assez de données"))
            #expect(recovery.text.contains("il faut une semaine de mesures d’une montre ou d’une bague"))

            let token = try await browser.apiLogin().accessToken
            let cards = try await browser.json(.get, "/api/v1/kpis", bearer: token, headers: [.acceptLanguage: "fr"])
            #expect(cards.text.contains(#""title":"Séances cette semaine""#))
            #expect(cards.text.contains(#""statusLabel":"Pas encore de données""#))
            let scores = try await browser.json(.get, "/api/v1/scores", bearer: token, headers: [.acceptLanguage: "pt"])
            #expect(scores.text.contains(#""explanation":"Ainda não há dados suficientes para a pontuação de nutrição."#))
            #expect(scores.text.contains(#""id":"balance""#))
            let english = try await browser.json(.get, "/api/v1/scores", bearer: token)
            #expect(english.text.contains(#""name":"Energy balance""#))
        }
    }
}
