import Foundation
import ThriveCore
import ThriveStore

/// The entry a person deleted last, per kind, kept so "Undo" can put it back exactly as it was
/// (same ID, time and source). Written in the same transaction as the delete and replaced by the
/// next delete of that kind.
struct RecentlyDeleted: PersonDocument {
    static let documentKind = "recently-deleted"

    var meal: FoodLogEntry?
    var checkIn: MoodCheckIn?
    var weight: QuantitySample?
    var water: QuantitySample?
    var journal: JournalEntry?
    var sleep: CategorySample?
    var workout: Workout?

    init() {}
}
