import Foundation
import ThriveCore

/// The emphasis review in words, in the person's units: for the training plan page and for
/// `GET /api/v1/plan/emphasis-review`.
struct EmphasisReviewView: Encodable, Sendable {
    struct Reason: Encodable, Sendable {
        let kind: String
        let text: String
        let changeKilograms: Double?
        let plannedKilograms: Double?
        let meanSteps: Int?
        let cardioMinutesPerWeek: Int?
        let strengthSessions: Int?
    }

    struct Suggestion: Encodable, Sendable {
        let suggested: TrainingPreferences.Emphasis
        /// "After four weeks of your data, a mix of strength and cardio may suit you better than strength alone."
        let summary: String
        let reasons: [Reason]
        let acceptLabel: String
    }

    let current: TrainingPreferences.Emphasis
    let dueOn: LocalDate?
    let isDue: Bool
    let needsMoreData: Bool
    let suggestion: Suggestion?
    /// The line shown when there is nothing to answer: when the review comes, or that the month fits.
    let status: String?

    init(_ review: EmphasisReviewStatus, units: UnitSystem) {
        current = review.current
        dueOn = review.dueOn
        isDue = review.isDue
        needsMoreData = review.needsMoreData
        suggestion = review.suggestion.map { suggestion in
            Suggestion(
                suggested: suggestion.suggested,
                summary: t(
                    "emphasisReview.summary",
                    [
                        "suggested": t("emphasisReview.emphasis.\(suggestion.suggested.rawValue)"),
                        "current": t("emphasisReview.emphasis.\(suggestion.current.rawValue)"),
                    ]),
                reasons: suggestion.reasons.map { Self.reason($0, units: units) },
                acceptLabel: t("emphasisReview.accept.\(suggestion.suggested.rawValue)"))
        }
        if review.suggestion != nil {
            status = nil
        } else if !review.isDue {
            status = review.dueOn.map { t(Phrase("emphasisReview.dueOn", ["date": .date($0)])) }
        } else if review.needsMoreData {
            status = t("emphasisReview.needsMoreData")
        } else {
            status = t("emphasisReview.fits", ["current": t("emphasisReview.emphasis.\(review.current.rawValue)")])
        }
    }

    static func reason(_ reason: EmphasisReview.Reason, units: UnitSystem) -> Reason {
        switch reason {
        case .weightLossStalled(let change, let planned):
            return Reason(
                kind: "weightLossStalled",
                text: t(
                    "emphasisReview.reason.weightLossStalled",
                    ["change": signed(change, units), "planned": signed(planned, units)]),
                changeKilograms: change, plannedKilograms: planned, meanSteps: nil, cardioMinutesPerWeek: nil,
                strengthSessions: nil)
        case .littleAerobicActivity(let steps, let minutes):
            let text =
                steps.map {
                    t(
                        "emphasisReview.reason.littleAerobic",
                        ["steps": DisplayFormat.count($0), "minutes": DisplayFormat.count(minutes)])
                } ?? t("emphasisReview.reason.littleCardio", ["minutes": DisplayFormat.count(minutes)])
            return Reason(
                kind: "littleAerobicActivity", text: text, changeKilograms: nil, plannedKilograms: nil, meanSteps: steps,
                cardioMinutesPerWeek: minutes, strengthSessions: nil)
        case .fewStrengthSessions(let sessions):
            return Reason(
                kind: "fewStrengthSessions",
                text: t(Phrase("emphasisReview.reason.fewStrength", ["count": .integer(sessions)])),
                changeKilograms: nil, plannedKilograms: nil, meanSteps: nil, cardioMinutesPerWeek: nil,
                strengthSessions: sessions)
        case .muscleGainStalled(let change):
            return Reason(
                kind: "muscleGainStalled",
                text: t("emphasisReview.reason.muscleGainStalled", ["change": signed(change, units)]),
                changeKilograms: change, plannedKilograms: nil, meanSteps: nil, cardioMinutesPerWeek: nil,
                strengthSessions: nil)
        }
    }

    /// "−0.3 kg", "+0.2 lb", "0.0 kg".
    static func signed(_ kilograms: Double, _ units: UnitSystem) -> String {
        let shown = DisplayFormat.mass(Mass(kilograms: abs(kilograms)), units)
        let tenths = ((units == .metric ? kilograms : Mass(kilograms: kilograms).pounds) * 10).rounded()
        return tenths < 0 ? "−\(shown)" : tenths > 0 ? "+\(shown)" : shown
    }
}
