import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("JSON values and their fields")
struct JSONValueTests {
    @Test func leavesAreDottedPathsAndRebuildTheValue() throws {
        let settings = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(#"{"display":{"theme":"dark","language":null},"channels":{},"privacy":{"retention":"never"}}"#.utf8))
        #expect(
            settings.leaves == [
                "display.theme": .string("dark"), "display.language": .null, "channels": .object([:]),
                "privacy.retention": .string("never"),
            ])
        #expect(JSONValue(leaves: settings.leaves) == settings)
    }

    @Test func changedPathsNameEveryDifferenceAndNothingElse() throws {
        let before: JSONValue = .object(["display": .object(["theme": .string("auto"), "textSize": .string("medium")])])
        let after: JSONValue = .object([
            "display": .object(["theme": .string("dark"), "textSize": .string("medium")]), "channels": .object([:]),
        ])
        #expect(JSONValue.changedPaths(from: before, to: after) == ["display.theme", "channels"])
        #expect(JSONValue.changedPaths(from: after, to: after).isEmpty)
    }

    @Test func numbersBooleansAndDatesRoundTrip() throws {
        struct CheckIn: Codable, Equatable {
            let recordedAt: Date
            let mood: Int
            let shared: Bool
        }
        let checkIn = CheckIn(recordedAt: Date(timeIntervalSince1970: 1_800_000_000), mood: 4, shared: false)
        let value = try JSONValue(encoding: checkIn)
        #expect(value.object?["mood"] == .number(4))
        #expect(value.object?["shared"] == .bool(false))
        #expect(value.object?["recordedAt"] == .string("2027-01-15T08:00:00Z"))
        #expect(try value.decode(CheckIn.self) == checkIn)
    }

    /// Fields are made without writing bytes; what they hold must be what the API's JSON would say.
    @Test func encodingDirectlyGivesWhatJSONEncoderWrites() throws {
        struct Set: Codable {
            let reps: Int
            let kilograms: Double?
            let tags: [String]
        }
        enum Kind: String, Codable { case strength, cardio }
        struct Everything: Codable {
            let id: UUID
            let kind: Kind
            let at: Date
            let day: LocalDate
            let sets: [Set]
            let grid: [[Int]]
            let byName: [String: Double]
            let missing: String?
            let big: Int64
            let small: UInt8
            let ratio: Float
            let price: Decimal
            let link: URL
            let photo: Data
            let empty: [String: Int]
            let settings: Settings
        }
        let value = Everything(
            id: UUID(uuidString: "6F1C1B52-2D38-4F1B-9D0B-0D8E7C6B2A10")!, kind: .cardio,
            at: Date(timeIntervalSince1970: 1_800_000_000.75), day: LocalDate(year: 2026, month: 11, day: 24)!,
            sets: [Set(reps: 5, kilograms: 82.5, tags: ["top"]), Set(reps: 8, kilograms: nil, tags: [])],
            grid: [[1, 2], [], [3]], byName: ["oats": 0.25, "milk": 200], missing: nil, big: 9_007_199_254_740_991,
            small: 7, ratio: 0.5, price: Decimal(string: "12.5")!, link: URL(string: "https://thrive.example/a?b=c")!,
            photo: Data([0, 1, 2, 250]), empty: [:], settings: Settings())
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let viaBytes = try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
        #expect(try JSONValue(encoding: value) == viaBytes)
        #expect(try JSONValue(encoding: value).object?["at"] == .string("2027-01-15T08:00:00Z"))
        #expect(try JSONValue(encoding: [1.5, nil, 3]) == .array([.number(1.5), .null, .number(3)]))
        #expect(throws: EncodingError.self) { try JSONValue(encoding: ["ratio": Double.nan]) }
    }

    /// Flattening and rebuilding give back any nested object (built from random numbers: each
    /// picks a key, maybe a nested key, and a kind of leaf).
    @Test func flatteningIsUndone() async {
        let keys = ["a", "b", "theme", "x"]
        func leaf(_ n: Int) -> JSONValue {
            [JSONValue.number(Double(n)), .bool(n % 2 == 0), .null, .object([:]), .string("v\(n)")][n % 5]
        }
        await propertyCheck(input: Gen.int(in: 0...9_999).array(of: 0...12)) { numbers in
            var members: [String: JSONValue] = [:]
            for n in numbers {
                let key = keys[n % 4]
                if n % 3 == 0 {
                    var inner = members[key]?.object ?? [:]
                    inner[keys[(n / 4) % 4]] = leaf(n / 16)
                    members[key] = .object(inner)
                } else {
                    members[key] = leaf(n / 16)
                }
            }
            let value = JSONValue.object(members)
            #expect(JSONValue(leaves: value.leaves) == value)
        }
    }
}
