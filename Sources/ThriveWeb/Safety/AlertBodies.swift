import Foundation
import ThriveCore

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
