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
        /// The card's detail view (a page of the web app).
        let href: String
        /// The quick actions with where each leads.
        let quickActions: [QuickAction]
        let allowsPushPrompt: Bool

        struct QuickAction: Encodable, Sendable {
            let id: String
            let label: String
            let href: String
        }

        init(_ card: KPICard) {
            kind = card.kind
            title = t(card.title)
            value = t(card.value)
            status = card.status
            statusLabel = t(card.status.label)
            detail = t(card.detail)
            actions = card.actions.map { t($0) }
            href = KPILinks.href(card.kind)
            quickActions = card.actionIDs.map {
                QuickAction(id: $0, label: t(Phrase("kpi.action.\($0)")), href: KPILinks.href(action: $0))
            }
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
