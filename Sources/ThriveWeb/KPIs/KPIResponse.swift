import Foundation
import ThriveCore

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
