import Foundation

/// A bundle of records of every kind, as an import or the demo generator produces them, stored
/// together in large batches.
public struct HealthRecords: Sendable {
    public var quantitySamples: [QuantitySample] = []
    public var categorySamples: [CategorySample] = []
    public var workouts: [Workout] = []
    public var foodLog: [FoodLogEntry] = []
    public var moodCheckIns: [MoodCheckIn] = []

    public init() {}

    public var count: Int {
        quantitySamples.count + categorySamples.count + workouts.count + foodLog.count + moodCheckIns.count
    }

    public mutating func append(_ other: HealthRecords) {
        quantitySamples += other.quantitySamples
        categorySamples += other.categorySamples
        workouts += other.workouts
        foodLog += other.foodLog
        moodCheckIns += other.moodCheckIns
    }

    /// Drops records that start after `limit` (a workout that has not happened yet).
    public mutating func removeAll(startingAfter limit: Date) {
        quantitySamples.removeAll { $0.start > limit }
        categorySamples.removeAll { $0.start > limit }
        workouts.removeAll { $0.start > limit }
        foodLog.removeAll { $0.consumedAt > limit }
        moodCheckIns.removeAll { $0.recordedAt > limit }
    }
}
