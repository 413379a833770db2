import Foundation
import ThriveCore

/// `PUT /api/v1/plan/preferences`: fields that are sent change, the rest stay.
struct PreferencesUpdate: Codable, Sendable {
    struct Training: Codable, Sendable {
        var emphasis: TrainingPreferences.Emphasis?
        var sessionsPerWeek: Int?
        var sessionMinutes: Int?
        var equipment: [Equipment]?
        var injuries: [InjuryArea]?
        var buildMuscle: Bool?
        var skipWarmUp: Bool?
        var seriousCondition: Bool?
    }

    var activity: ActivityLevel?
    var goal: NutritionGoal?
    var targetRateKilogramsPerWeek: Double?
    var refeedCap: Int?
    var training: Training?
    /// Preferred source name per metric (a HealthKit type identifier); an empty name removes the choice.
    var preferredSources: [String: String]?

    func applied(to current: PlanPreferences) throws(ValidationError) -> PlanPreferences {
        var result = current
        if let activity { result.activity = activity }
        if let goal { result.goal = goal }
        if let rate = targetRateKilogramsPerWeek {
            guard rate.isFinite, rate > 0, rate <= 2 else {
                throw ValidationError(
                    field: "targetRateKilogramsPerWeek", Phrase("invalid.targetRate"))
            }
            result.targetRateKilogramsPerWeek = rate
        }
        if let refeedCap {
            guard (2_000...2_500).contains(refeedCap) else {
                throw ValidationError(field: "refeedCap", message: "A refeed day's ceiling must be between 2000 and 2500 kcal.")
            }
            result.refeedCap = refeedCap
        }
        if let training {
            if let value = training.emphasis { result.training.emphasis = value }
            if let value = training.sessionsPerWeek { result.training.sessionsPerWeek = value }
            if let value = training.sessionMinutes { result.training.sessionMinutes = value }
            if let value = training.equipment { result.training.equipment = Set(value) }
            if let value = training.injuries { result.training.injuries = Set(value) }
            if let value = training.buildMuscle { result.training.buildMuscle = value }
            if let value = training.skipWarmUp { result.training.skipWarmUp = value }
            if let value = training.seriousCondition { result.training.seriousCondition = value }
            do {
                result.training = try result.training.validated()
            } catch {
                throw ValidationError(field: "training.\(error.field)", message: error.message)
            }
        }
        if let preferredSources {
            let known = Set(QuantityType.allCases.map(\.rawValue) + CategoryType.allCases.map(\.rawValue))
            for (metric, name) in preferredSources {
                guard known.contains(metric) else {
                    throw ValidationError(field: "preferredSources", message: t("api.metricUnknown", ["name": metric]))
                }
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard trimmed.count <= 100 else {
                    throw ValidationError(field: "preferredSources", message: t("api.sourceNames"))
                }
                result.sources.preferred[metric] = trimmed.isEmpty ? nil : trimmed
            }
        }
        return result
    }
}

struct KPIResponse: Encodable {
    /// A card with its words in the request's language.
    struct Card: Encodable, Sendable {
        let kind: KPICard.Kind
        let title: String
        let value: String
        let status: KPIStatus
        let statusLabel: String
        let detail: String
        let actions: [String]
        let allowsPushPrompt: Bool

        init(_ card: KPICard) {
            kind = card.kind
            title = t(card.title)
            value = t(card.value)
            status = card.status
            statusLabel = t(card.status.label)
            detail = t(card.detail)
            actions = card.actions.map { t($0) }
            allowsPushPrompt = card.allowsPushPrompt
        }
    }

    let date: LocalDate
    let cards: [Card]

    init(date: LocalDate, cards: [KPICard]) {
        self.date = date
        self.cards = cards.map(Card.init)
    }
}

struct ScoresResponse: Encodable {
    /// A score with its words in the request's language.
    struct Score: Encodable {
        struct Component: Encodable {
            let id: String
            let name: String
            let weight: Double
            let value: Double?
            let detail: String
        }

        let pillar: Pillar
        let score: Int?
        let band: ScoreBand?
        let state: PillarScore.State
        let components: [Component]
        let dataThrough: LocalDate?
        let explanation: String

        init(_ score: PillarScore) {
            pillar = score.pillar
            self.score = score.score
            band = score.band
            state = score.state
            components = score.components.map {
                Component(id: $0.id, name: t($0.name), weight: $0.weight, value: $0.value, detail: t($0.detail))
            }
            dataThrough = score.dataThrough
            explanation = score.sentences
        }
    }

    let date: LocalDate
    let scores: [Score]

    init(date: LocalDate, scores: [PillarScore]) {
        self.date = date
        self.scores = scores.map(Score.init)
    }
}

struct AlertBody: Codable {
    let id: SafetyAlertID
    let condition: SafetyCondition
    let title: String
    let message: String
    let evidence: String
    let observedOn: LocalDate
    let openedAt: Date
    let lastSeenAt: Date
    let acknowledgedAt: Date?
    let resolvedAt: Date?
    let open: Bool

    init(_ alert: SafetyAlert) {
        id = alert.id
        condition = alert.condition
        title = t(alert.condition.title)
        message = alert.message.map { t($0) }.joined(separator: " ")
        evidence = t(alert.evidence)
        observedOn = alert.observedOn
        openedAt = alert.openedAt
        lastSeenAt = alert.lastSeenAt
        acknowledgedAt = alert.acknowledgedAt
        resolvedAt = alert.resolvedAt
        open = alert.isOpen
    }
}

struct AlertsResponse: Codable {
    let alerts: [AlertBody]
    let emergencyAdvice: String
}

struct InsightsResponse: Encodable {
    let insights: [InsightBody]
}

/// An insight with its sentence in the request's language.
struct InsightBody: Encodable, Sendable {
    let kind: Insight.Kind
    let metric: String
    let sentence: String
    let priority: Int
    let date: LocalDate?

    init(_ insight: Insight) {
        kind = insight.kind
        metric = insight.metric
        sentence = t(insight.sentence)
        priority = insight.priority
        date = insight.date
    }
}
