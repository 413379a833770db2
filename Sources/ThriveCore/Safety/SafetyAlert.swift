import Foundation

public typealias SafetyAlertID = Identifier<SafetyAlert>

/// A stored alert: a finding that stays open while its condition holds, one per condition.
public struct SafetyAlert: Hashable, Sendable, Identifiable {
    public let id: SafetyAlertID
    public let condition: SafetyCondition
    public var message: [Phrase]
    public var evidence: Phrase
    public var observedOn: LocalDate
    public let openedAt: Date
    public var lastSeenAt: Date
    /// The person has seen it; it stays open until the condition clears.
    public var acknowledgedAt: Date?
    /// The condition no longer holds.
    public var resolvedAt: Date?

    public init(
        id: SafetyAlertID, condition: SafetyCondition, message: [Phrase], evidence: Phrase, observedOn: LocalDate, openedAt: Date,
        lastSeenAt: Date, acknowledgedAt: Date? = nil, resolvedAt: Date? = nil
    ) {
        self.id = id
        self.condition = condition
        self.message = message
        self.evidence = evidence
        self.observedOn = observedOn
        self.openedAt = openedAt
        self.lastSeenAt = lastSeenAt
        self.acknowledgedAt = acknowledgedAt
        self.resolvedAt = resolvedAt
    }

    public var isOpen: Bool { resolvedAt == nil }
}
