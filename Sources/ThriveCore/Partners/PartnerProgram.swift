import Foundation

/// What a partner (an insurer's wellness coordinator) sets for their program: how many people
/// they aim to see tested a month, and the two amounts the ROI summary needs.
public struct PartnerProgram: Codable, Sendable, Hashable {
    /// People tested (kits resulted) a month; a quarter's target is three times this.
    public var monthlyTarget: Int?
    /// What the program pays per kit issued.
    public var costPerKit: Double?
    /// What one finding is worth to the program (care that starts early, claims avoided): the
    /// partner's own estimate, which the page says it is.
    public var valuePerFinding: Double?
    /// ISO 4217, for showing the amounts.
    public var currency: String

    public init(monthlyTarget: Int? = nil, costPerKit: Double? = nil, valuePerFinding: Double? = nil, currency: String = "USD") {
        self.monthlyTarget = monthlyTarget
        self.costPerKit = costPerKit
        self.valuePerFinding = valuePerFinding
        self.currency = currency
    }

    public static let targetLimit = 1_000_000
    public static let amountLimit = 10_000_000.0

    /// The first thing wrong, as a field and a phrase key, or nil when the program holds together.
    public var problem: (field: String, phrase: Phrase)? {
        if let monthlyTarget, !(1...Self.targetLimit).contains(monthlyTarget) {
            return ("monthlyTarget", Phrase("partner.problem.target", ["max": .integer(Self.targetLimit)]))
        }
        for (field, amount) in [("costPerKit", costPerKit), ("valuePerFinding", valuePerFinding)] {
            if let amount, !(amount.isFinite && amount >= 0 && amount <= Self.amountLimit) {
                return (field, Phrase("partner.problem.amount", ["max": .integer(Int(Self.amountLimit))]))
            }
        }
        if currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            return ("currency", Phrase("partner.problem.currency"))
        }
        return nil
    }
}
