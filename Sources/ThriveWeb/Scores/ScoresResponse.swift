import Foundation
import ThriveCore

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
