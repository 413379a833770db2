import Foundation
import ThriveCore

/// A `Record` element read so far: its attributes already resolved against the reader's caches
/// (type, unit, source, value, dates), waiting for its metadata (`HKWasUserEntered`) before it
/// becomes a sample. Nothing of libxml2's buffer is kept.
struct PendingRecord {
    var type: Int?
    var source = 0
    var hasDevice = false
    var userEntered = false
    var start: Date?
    var end: Date?
    /// The value in the type's canonical unit (quantities), or HealthKit's value (categories).
    var value: Double?
    var refusal: ImportSummary.Refusal?
}

/// A `Workout` element read so far, with the statistics its children add (newer exports put the
/// energy and distance in `WorkoutStatistics`, older ones in its own attributes).
struct PendingWorkout {
    var activity = WorkoutActivityType.other
    var sourceName = ""
    var hasDevice = false
    var start: Date?
    var end: Date?
    var energy: (Double, String)?
    var distance: (Double, String)?

    init(_ attributes: SAXPushParser.Attributes, source: (UnsafeBufferPointer<UInt8>) -> String) {
        var totals: [String: String] = [:]
        for index in 0..<attributes.count {
            let name = attributes.name(index)
            let bytes = attributes.value(index)
            if matches(name, "workoutActivityType") {
                activity = Self.activity(String(decoding: bytes, as: UTF8.self))
            } else if matches(name, "sourceName") {
                sourceName = source(bytes)
            } else if matches(name, "device") {
                hasDevice = !bytes.isEmpty
            } else if matches(name, "startDate") {
                start = ExportDate.parse(bytes)
            } else if matches(name, "endDate") {
                end = ExportDate.parse(bytes)
            } else {
                totals[String(cString: name)] = String(decoding: bytes, as: UTF8.self)
            }
        }
        if let value = totals["totalEnergyBurned"].flatMap(Double.init), let unit = totals["totalEnergyBurnedUnit"] {
            energy = (value, unit)
        }
        if let value = totals["totalDistance"].flatMap(Double.init), let unit = totals["totalDistanceUnit"] {
            distance = (value, unit)
        }
    }

    mutating func addStatistics(_ attributes: SAXPushParser.Attributes) {
        var fields: [String: String] = [:]
        for index in 0..<attributes.count {
            fields[String(cString: attributes.name(index))] = String(decoding: attributes.value(index), as: UTF8.self)
        }
        guard let type = fields["type"], let sum = fields["sum"].flatMap(Double.init), let unit = fields["unit"] else { return }
        switch type {
        case QuantityType.activeEnergyBurned.rawValue: energy = (sum, unit)
        case QuantityType.distanceWalkingRunning.rawValue, "HKQuantityTypeIdentifierDistanceCycling",
            "HKQuantityTypeIdentifierDistanceSwimming":
            distance = (sum, unit)
        default: break
        }
    }

    var source: SampleSource { SampleSource(name: sourceName, kind: hasDevice ? .device : .app) }

    /// "HKWorkoutActivityTypeRunning" → running; kinds Thrive does not tell apart are "other".
    static func activity(_ name: String) -> WorkoutActivityType {
        let prefix = "HKWorkoutActivityType"
        guard name.hasPrefix(prefix) else { return .other }
        let rest = name.dropFirst(prefix.count)
        let camel = rest.prefix(1).lowercased() + rest.dropFirst()
        return WorkoutActivityType(rawValue: camel) ?? .other
    }
}

@inline(__always)
func matches(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    strcmp(
        UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}
