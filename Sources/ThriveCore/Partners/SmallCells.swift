import Foundation

/// k-anonymity for a partner's aggregates: a number drawn from fewer than ``k`` people is never
/// shown (primary suppression), and neither is a number that would give one back by subtraction
/// (secondary suppression): a quarter is the sum of its months and the window the sum of its
/// quarters, so one hidden month beside its shown quarter hides one more month, and one hidden
/// quarter hides the total. A count of nobody (0 people) reveals no one and is shown.
public enum SmallCells {
    public static let k = 10

    /// Whether a count from this many people must be hidden on its own account.
    public static func isSmall(_ count: PeopleCount) -> Bool { count.people > 0 && count.people < k }

    /// One stage's counts as they may be shown: nil where hidden.
    public struct Shown: Hashable, Sendable {
        public var months: [Int?]
        public var quarters: [Int?]
        public var total: Int?
    }

    public static func shown(_ counts: StageCounts) -> Shown {
        var months = counts.months.map { isSmall($0) ? nil : $0.kits }
        var quarters = counts.quarters.map { isSmall($0) ? nil : $0.kits }
        for quarter in quarters.indices where quarters[quarter] != nil {
            let range = quarter * 3..<min(quarter * 3 + 3, months.count)
            let hidden = range.filter { months[$0] == nil }
            guard hidden.count == 1 else { continue }
            // The smallest shown month that is not empty: hiding an empty month protects nothing.
            let partner = range.filter { months[$0] != nil && counts.months[$0].kits > 0 }
                .min { counts.months[$0].kits < counts.months[$1].kits }
            if let partner { months[partner] = nil } else { quarters[quarter] = nil }
        }
        var total = isSmall(counts.total) ? nil : Optional(counts.total.kits)
        if quarters.filter({ $0 == nil }).count == 1 { total = nil }
        return Shown(months: months, quarters: quarters, total: total)
    }
}
