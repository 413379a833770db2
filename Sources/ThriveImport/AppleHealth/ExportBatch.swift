import Foundation
import ThriveCore

/// Records read from an export, ready to store together.
public struct ExportBatch: Sendable {
    public var quantities: [QuantitySample] = []
    public var categories: [CategorySample] = []
    public var workouts: [Workout] = []

    public var count: Int { quantities.count + categories.count + workouts.count }

    public init() {}
}
