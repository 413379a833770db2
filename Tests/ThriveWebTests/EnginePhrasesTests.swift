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
        var phrases: [Phrase] = []
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

    @Test func theDashboardAndTheAPISpeakThePersonsLanguage() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let home = try await browser.get("/", headers: [.acceptLanguage: "de"])
            #expect(home.text.contains("Trainings diese Woche"))
            #expect(!home.text.contains("Workouts this week"))
            let fitness = try await browser.get("/pillars/fitness", headers: [.acceptLanguage: "de"])
            #expect(fitness.text.contains("Noch nicht genug Daten für einen Fitness-Wert."))

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
