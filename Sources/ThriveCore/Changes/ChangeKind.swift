import Foundation

/// What a change in a person's change log is about. Entries the person keeps by hand and their
/// documents are logged one record at a time, so another device can fetch, edit and conflict over
/// each; samples measured by devices and imports arrive by the thousand and are logged as one
/// change per batch (the types and time span it touched), so an import costs one log row, not one
/// per heartbeat.
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
    case moodCheckIn
    case journalEntry
    case meal
    case workout
    case weighIn
    case water
    case sleep
    case settings
    case goals
    case profile
    /// A habit's day: done, skipped or counted, or cleared. Its record is the habit and the day
    /// (``HabitCheckIn/syncID(habit:day:)``).
    case habitCheckIn
    /// A test kit registered on a device while offline (spec 001): its barcode, applied once it
    /// arrives. Kits are the lab's records: the log never names one, so devices never pull them.
    case testKit
    /// A batch of device or imported samples (or workouts) stored or removed together.
    case samples

    /// Whether changes of this kind name one record (an entry or a document) rather than a batch.
    public var isPerRecord: Bool { self != .samples }

    /// The per-record kind of a quantity sample: weigh-ins and water the person typed in; anything
    /// else travels in a batch.
    public static func of(_ sample: QuantitySample) -> ChangeKind? {
        guard sample.source.kind == .manual else { return nil }
        switch sample.type {
        case .bodyMass: return .weighIn
        case .dietaryWater: return .water
        default: return nil
        }
    }

    /// Sleep the person logged by hand; a device's sleep stages travel in a batch.
    public static func of(_ sample: CategorySample) -> ChangeKind? {
        sample.source.kind == .manual && sample.type == .sleepAnalysis ? .sleep : nil
    }

    /// Workouts logged in Thrive; a device's workouts travel in a batch.
    public static func of(_ workout: Workout) -> ChangeKind? {
        workout.source.kind == .manual ? .workout : nil
    }
}
